//===- model/NativeReference.cpp - Runs relative to a native run ----------===//

#include "model/NativeReference.h"

#include "llvm/ADT/STLExtras.h"

#include "model/RunTotals.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"

#include <algorithm>

namespace varsim::model {

using callgraph::CallTrace;

namespace {

double median(std::vector<double> V) {
  std::sort(V.begin(), V.end());
  size_t N = V.size();
  return N % 2 ? V[N / 2] : (V[N / 2 - 1] + V[N / 2]) / 2;
}

bool sameConfig(llvm::StringRef A, llvm::StringRef B) {
  llvm::StringMap<int64_t> VA = configValues(A), VB = configValues(B);
  auto Covers = [](const llvm::StringMap<int64_t> &X,
                   const llvm::StringMap<int64_t> &Y) {
    for (const auto &E : X)
      if (Y.lookup(E.getKey()) != E.getValue())
        return false;
    return true;
  };
  return Covers(VA, VB) && Covers(VB, VA);
}

} // namespace

double correctedTotalNs(const CallTrace &T) {
  const callgraph::TraceThread *Main = T.mainThread();
  double Regions = 0, Overhead = 0;
  if (Main)
    for (const callgraph::TraceNode &N : Main->Nodes) {
      if (N.Parent < 0)
        Regions += N.InclusiveNs;
      Overhead += T.innerOverheadNs(N) + T.outerOverheadNs(N);
    }
  if (std::optional<double> Untraced = T.untracedNs())
    return std::max(0.0, Regions + *Untraced - Overhead);
  return std::max(0.0, std::max(T.WallNs, Regions) - Overhead);
}

void scaleTrace(CallTrace &T, double Factor) {
  for (callgraph::TraceThread &Th : T.Threads) {
    Th.StartNs *= Factor;
    Th.EndNs *= Factor;
    for (callgraph::TraceNode &N : Th.Nodes) {
      N.TimedNs *= Factor;
      N.InclusiveNs *= Factor;
    }
  }
  T.InnerNs *= Factor;
  T.OuterNs *= Factor;
  T.UntimedNs *= Factor;
  T.FoldedNs *= Factor;
  T.WallNs *= Factor;
  // Absolute CLOCK_MONOTONIC times: their intervals scale, around the
  // launch (or the runtime's start-up when varsim run did not time it).
  callgraph::ProcessTimes &P = T.Times;
  double Origin = P.LaunchNs > 0 ? P.LaunchNs : P.InitNs;
  for (double *X : {&P.InitNs, &P.StartNs, &P.WriteNs, &P.ExitNs})
    if (*X > 0)
      *X = Origin + (*X - Origin) * Factor;
}

NativeCalibration calibrateToNative(std::vector<CallTrace> &Traces) {
  NativeCalibration Out;
  std::vector<size_t> Main; // The runs' own traces (not fork children).
  size_t With = 0;
  for (size_t I = 0; I < Traces.size(); ++I) {
    if (Traces[I].ForkChild)
      continue;
    Main.push_back(I);
    With += Traces[I].Native.has_value();
  }
  if (With == 0)
    return Out;
  if (With < Main.size()) {
    Out.Note = std::to_string(Main.size() - With) + " of " +
               std::to_string(Main.size()) +
               " runs have no native reference times: none is used";
    return Out;
  }
  Out.Config = Traces[Main.front()].Native->Config;
  for (size_t I : Main)
    if (!sameConfig(Traces[I].Native->Config, Out.Config)) {
      Out.Note = "the runs' native references are of different "
                 "configurations ('" +
                 Out.Config + "', '" + Traces[I].Native->Config +
                 "'): none is used";
      return Out;
    }

  std::vector<double> Natives, AtReference;
  for (size_t I : Main) {
    const CallTrace &T = Traces[I];
    NativeCalibration::Run R;
    R.Trace = T.Path;
    R.Config = T.Config;
    R.NativeSeconds = T.Native->speedNs() * 1e-9;
    R.SimulatorSeconds = correctedTotalNs(T) * 1e-9;
    Natives.push_back(R.NativeSeconds);
    if (sameConfig(T.Config, Out.Config))
      AtReference.push_back(R.SimulatorSeconds / R.NativeSeconds);
    Out.Runs.push_back(std::move(R));
  }
  Out.NativeSeconds = median(Natives);
  if (AtReference.empty())
    Out.Note = "no run of the reference configuration '" + Out.Config +
               "': the drift is removed, the level stays the simulator's";
  else
    Out.Ratio = median(AtReference);
  if (!(Out.Ratio > 0))
    Out.Ratio = 1;

  // With every run's own native variant (--native-variants), each run is
  // scaled to its variant's total (the header says why); a run without
  // one would mix the two scales, so then none is.
  Out.Variants = llvm::all_of(
      Main, [&](size_t I) { return Traces[I].Native->VariantNs > 0; });
  llvm::DenseMap<int64_t, double> FactorOfPid;
  for (size_t K = 0; K < Main.size(); ++K) {
    NativeCalibration::Run &R = Out.Runs[K];
    double Variant = Traces[Main[K]].Native->VariantNs * 1e-9;
    R.VariantSeconds = Variant * Out.NativeSeconds / R.NativeSeconds;
    R.Factor = Out.Variants && R.SimulatorSeconds > 0
                   ? R.VariantSeconds / R.SimulatorSeconds
                   : Out.NativeSeconds / (R.NativeSeconds * Out.Ratio);
    scaleTrace(Traces[Main[K]], R.Factor);
    FactorOfPid[Traces[Main[K]].Pid] = R.Factor;
  }
  // A fork child takes its parent's factor, a grandchild its parent's
  // (the child's): until no child is left whose parent has one.
  std::vector<bool> Scaled(Traces.size(), false);
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (size_t I = 0; I < Traces.size(); ++I) {
      CallTrace &T = Traces[I];
      if (!T.ForkChild || Scaled[I])
        continue;
      auto It = FactorOfPid.find(T.ParentPid);
      if (It == FactorOfPid.end())
        continue;
      double Factor = It->second;
      scaleTrace(T, Factor);
      Scaled[I] = Changed = true;
      FactorOfPid.try_emplace(T.Pid, Factor);
    }
  }
  Out.Applied = true;
  return Out;
}

std::optional<MeasuredTotal>
NativeCalibration::variantTotal(llvm::StringRef Of) const {
  if (!Applied || !Variants)
    return std::nullopt;
  std::vector<double> Seconds;
  for (const Run &R : Runs)
    if (sameConfig(R.Config, Of))
      Seconds.push_back(R.VariantSeconds);
  if (Seconds.empty())
    return std::nullopt;
  auto [Low, High] = std::minmax_element(Seconds.begin(), Seconds.end());
  return MeasuredTotal{median(Seconds), *High - *Low,
                       static_cast<unsigned>(Seconds.size())};
}

std::optional<std::string> speedChangeWarning(const NativeCalibration &N) {
  if (!N.Applied || N.Runs.size() < 2)
    return std::nullopt;
  auto [Low, High] = std::minmax_element(
      N.Runs.begin(), N.Runs.end(), [](const auto &A, const auto &B) {
        return A.NativeSeconds < B.NativeSeconds;
      });
  if (Low->NativeSeconds <= 0 ||
      High->NativeSeconds <= SpeedChangeRatio * Low->NativeSeconds)
    return std::nullopt;
  return llvm::formatv(
             "the native reference (CONFIG '{0}') took {1:F3} s beside {2} "
             "and {3:F3} s beside {4} ({5:F0} % apart): the machine's speed "
             "changed while the simulator ran. Each run is scaled by the "
             "reference beside it, so the terms' shares hold, but the "
             "model's seconds are at the median speed ({6:F3} s); variants "
             "timed at another speed differ from them by the change "
             "(`varsim validate` reports its own reference's time and the "
             "error scaled by it)",
             N.Config, Low->NativeSeconds,
             llvm::sys::path::filename(Low->Trace), High->NativeSeconds,
             llvm::sys::path::filename(High->Trace),
             100 * (High->NativeSeconds / Low->NativeSeconds - 1),
             N.NativeSeconds)
      .str();
}

std::optional<std::string> slowdownWarning(const NativeCalibration &N) {
  // With every run's own variant measured, each run is scaled to it: no
  // common slowdown is assumed. Without a run of the reference
  // configuration the ratio was never measured (the note says so).
  if (!N.Applied || N.Variants || N.Ratio == 1 ||
      (N.Ratio >= CommonSlowdownLow && N.Ratio <= CommonSlowdownHigh))
    return std::nullopt;
  std::string Why =
      N.Ratio < CommonSlowdownLow
          ? "the simulator ran faster than its native variant, so the two "
            "differ in more than the run-time feature tests (memory layout, "
            "allocation, inlining), and by how much may change from one "
            "configuration to another"
          : "a slowdown this large falls where the simulator's feature "
            "tests and markers run, which differs from one configuration "
            "to another";
  return llvm::formatv(
             "the simulator took {0:F2}x the native variant's time at the "
             "reference configuration (CONFIG '{1}'), and every run was "
             "levelled by that one ratio: {2}. The terms may carry the "
             "difference (a feature's sign can turn); run `varsim run "
             "--native-variants` so that each run is levelled by its own "
             "configuration's native variant, or check with `varsim "
             "validate`",
             N.Ratio, N.Config, Why)
      .str();
}

} // namespace varsim::model
