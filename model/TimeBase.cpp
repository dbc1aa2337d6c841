//===- model/TimeBase.cpp - Wall or on-CPU time for a run's contexts ------===//

#include "model/TimeBase.h"

#include "model/NativeReference.h"
#include "support/Diagnostic.h"

#include "llvm/Support/FormatVariadic.h"

#include <algorithm>

namespace varsim::model {

using callgraph::CallTrace;

namespace {

/// CPU time of other threads beyond this share of the writing thread's (and
/// beyond the clocks' granularity) means the process ran several threads.
constexpr double OtherThreadsShare = 0.02;
constexpr double OtherThreadsNs = 2e6;

} // namespace

std::string TimeBaseChoice::describe() const {
  if (Used == TimeBase::Wall)
    return "time base: wall";
  return llvm::formatv("time base: cpu (each run's times scaled by its "
                       "on-CPU share, {0:F3}-{1:F3})",
                       LowestShare, HighestShare)
      .str();
}

llvm::StringRef timeBaseName(TimeBase B) {
  return B == TimeBase::Cpu ? "cpu" : "wall";
}

std::optional<TimeBase> parseTimeBase(llvm::StringRef Name) {
  if (Name == "wall")
    return TimeBase::Wall;
  if (Name == "cpu")
    return TimeBase::Cpu;
  return std::nullopt;
}

std::optional<std::string> severalThreads(const CallTrace &T) {
  const callgraph::ProcessCpuTimes &C = T.Cpu;
  if (!C.Present)
    return std::nullopt;
  if (C.Threads > 1)
    return llvm::formatv("the process ran {0} threads in instrumented code",
                         C.Threads)
        .str();
  if (C.MainWrites &&
      C.CpuNs > C.ThreadNs * (1 + OtherThreadsShare) + OtherThreadsNs)
    return llvm::formatv("threads other than main used {0:F3} s of the "
                         "process's {1:F3} s of CPU time",
                         (C.CpuNs - C.ThreadNs) * 1e-9, C.CpuNs * 1e-9)
        .str();
  return std::nullopt;
}

std::optional<std::string> cpuTimeProblem(const CallTrace &T) {
  const callgraph::ProcessCpuTimes &C = T.Cpu;
  if (!C.Present)
    return std::string("the trace has no process CPU time (\"cpu\"; written "
                       "by an older runtime): rebuild the simulator and "
                       "rerun, or use --time wall");
  if (!(C.WallNs > 0) || !(C.CpuNs > 0))
    return std::string("the trace's process CPU or wall time is zero");
  if (std::optional<std::string> Several = severalThreads(T))
    return *Several + ": its CPU time sums them, so CPU over wall time is not "
                      "the share of the run on a CPU (use --time wall)";
  if (T.Native && (!(T.Native->BeforeCpuNs > 0 && T.Native->AfterCpuNs > 0) ||
                   (T.Native->VariantNs > 0 && !(T.Native->VariantCpuNs > 0))))
    return std::string("the native reference times carry no CPU times "
                       "(written by an older varsim run): rerun, or use "
                       "--time wall or --no-native-reference");
  return std::nullopt;
}

double onCpuShare(const CallTrace &T) {
  return std::min(1.0, T.Cpu.CpuNs / T.Cpu.WallNs);
}

llvm::Expected<TimeBaseChoice> applyTimeBase(std::vector<CallTrace> &Traces,
                                             TimeBase Requested,
                                             bool Explicit) {
  TimeBaseChoice Out;
  if (Requested == TimeBase::Wall)
    return Out;
  for (const CallTrace &T : Traces)
    if (std::optional<std::string> Why = cpuTimeProblem(T)) {
      if (Explicit)
        return makeError(T.Path, 0, 0, "--time cpu: " + *Why);
      Out.Warning =
          "using wall time, not the default CPU time: " + T.Path + ": " + *Why;
      return Out;
    }
  Out.Used = TimeBase::Cpu;
  Out.LowestShare = 1;
  Out.HighestShare = 0;
  for (CallTrace &T : Traces) {
    double Share = onCpuShare(T);
    Out.LowestShare = std::min(Out.LowestShare, Share);
    Out.HighestShare = std::max(Out.HighestShare, Share);
    scaleTrace(T, Share);
    if (T.Native) {
      T.Native->BeforeNs = T.Native->BeforeCpuNs;
      T.Native->AfterNs = T.Native->AfterCpuNs;
      T.Native->VariantNs = T.Native->VariantCpuNs;
    }
  }
  if (Traces.empty())
    Out.HighestShare = 1;
  return Out;
}

} // namespace varsim::model
