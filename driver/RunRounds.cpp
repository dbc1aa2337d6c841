//===- driver/RunRounds.cpp - varsim run's runs ---------------------------===//
//
// The runs of `varsim run` (RunCommandImpl.h): each configuration of the
// plan run with VARSIM_CONFIG and VARSIM_TRACE set, its launch and exit
// timed, in rounds interleaved across configurations, repeated while the
// repetitions disagree (--repeat auto), the native reference built and run
// first; warnings when a run is too short to time or the machine is busy.
//
//===----------------------------------------------------------------------===//

#include "driver/AdaptiveRun.h"
#include "driver/NativeReference.h"
#include "driver/RunCommandImpl.h"
#include "driver/RunProcess.h"

#include "callgraph/CallTrace.h"
#include "model/TimeBase.h"
#include "model/validation/ExitCodes.h"
#include "model/validation/MachineLoad.h"
#include "model/validation/Sampling.h"
#include "plan/Evidence.h"
#include "plan/OutDir.h"
#include "support/Diagnostic.h"
#include "support/Output.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <csignal>
#include <cstring>
#include <map>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <cerrno>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

namespace varsim::driver::runcommand {

/// Runs configuration K of the plan (repetition Round); appends its
/// index entry and sets Seconds. Returns 0, or the exit code to stop with.
int RunCommand::runOnce(const plan::Plan &P, size_t K, unsigned Round,
                        const std::string &Program,
                        const validation::ExitCodes &Accepted,
                        llvm::StringRef TraceDir, llvm::json::Array &Runs,
                        std::optional<double> &Seconds) {
  size_t N = P.Runs.size();
  const std::string &Config = P.Runs[K].ConfigString;
  // The first round keeps the names of a run without repetitions.
  std::string Name = "run-" + std::to_string(K + 1) +
                     (Round > 1 ? ".rep-" + std::to_string(Round) : "") +
                     ".json";
  llvm::SmallString<256> Trace(TraceDir);
  llvm::sys::path::append(Trace, Name);
  std::vector<std::string> Env = environmentWith(
      {{"VARSIM_CONFIG", Config}, {"VARSIM_TRACE", std::string(Trace)}});
  std::string What =
      Round > 1
          ? llvm::formatv("run {0}/{1} (repetition {2}): CONFIG '{3}'", K + 1,
                          N, Round, Config)
                .str()
          : llvm::formatv("run {0}/{1}: CONFIG '{2}'", K + 1, N, Config).str();
  NativeReference *Variant = nullptr;
  if (int Stop = nativeVariantOf(P, K, Accepted, Variant))
    return Stop;
  llvm::errs() << What << " ...\n";
  // The wait blocks in waitpid (no polling), so the interval is the
  // launch, the run and the exit, plus a spawn's cost.
  llvm::Expected<FinishedRun> Done = runToEnd(Program, CommandLine, Env);
  int Code = -1;
  std::string ErrMsg;
  bool Killed = false;
  int64_t LaunchNs = 0, ExitNs = 0;
  if (!Done) {
    ErrMsg = llvm::toString(Done.takeError());
  } else {
    Killed = Done->Killed;
    LaunchNs = Done->LaunchNs;
    ExitNs = Done->ExitNs;
    if (WIFEXITED(Done->Status))
      Code = WEXITSTATUS(Done->Status);
    else if (WIFSIGNALED(Done->Status))
      ErrMsg = std::string("it was killed by signal ") +
               std::to_string(WTERMSIG(Done->Status)) + " (" +
               ::strsignal(WTERMSIG(Done->Status)) + ")";
  }
  if (InterruptSignal) {
    // The interrupted run's trace (if any) is not a whole run.
    llvm::sys::fs::remove(Trace);
    reportError(makeError(
        What + " interrupted (" + ::strsignal(InterruptSignal) + ")" +
        (Killed ? llvm::formatv("; it did not stop within {0} s of the "
                                "signal, or a second signal came: its "
                                "process group was killed",
                                KillAfterSignalMs / 1000)
                      .str()
                : std::string()) +
        "; no index written" + Kept));
    return 128 + InterruptSignal;
  }
  double Wall = static_cast<double>(ExitNs - LaunchNs) * 1e-9;
  if (Code < 0 || !Accepted.accepts(Code)) {
    std::string Why =
        Code < 0 ? (ErrMsg.empty() ? std::string("it could not run") : ErrMsg)
                 : "it exited with code " + std::to_string(Code) +
                       " (--exit-code accepts " + Accepted.str() + ")";
    reportError(makeError(What + " failed: " + Why +
                          " (command: " + llvm::join(CommandLine, " ") +
                          "); no index written" + Kept));
    return ExitFailure;
  }
  if (!llvm::sys::fs::exists(Trace)) {
    reportError(makeError(What + " wrote no trace to " + Trace +
                          " (is the command the simulator built from " +
                          OutDir +
                          "/src, and does it exit through main or exit()?)"));
    return ExitFailure;
  }
  // The native run after this one (and before the next): the drift of
  // the machine over this run lies between the two.
  std::optional<NativeTimes> Native;
  int64_t VariantNs = 0, VariantCpuNs = 0;
  if (Variant) {
    // Right after the simulator's run, inside the reference's runs around
    // it: the drift the reference measures holds for both.
    llvm::Expected<int64_t> Ran = Variant->run();
    if (!Ran) {
      llvm::sys::fs::remove(Trace);
      reportError(llvm::joinErrors(Ran.takeError(),
                                   makeError("no index written" + Kept)));
      return InterruptSignal ? 128 + InterruptSignal : ExitFailure;
    }
    VariantNs = *Ran;
    VariantCpuNs = Variant->cpuTimes().back();
  }
  if (Reference) {
    llvm::Expected<int64_t> After = Reference->run();
    if (!After) {
      llvm::sys::fs::remove(Trace);
      reportError(llvm::joinErrors(After.takeError(),
                                   makeError("no index written" + Kept)));
      return InterruptSignal ? 128 + InterruptSignal : ExitFailure;
    }
    Native = NativeTimes{Reference->config(),
                         LastNativeNs,
                         *After,
                         LastNativeCpuNs,
                         Reference->cpuTimes().back(),
                         VariantNs,
                         VariantCpuNs};
    LastNativeCpuNs = Native->AfterCpuNs;
    LastNativeNs = *After;
  }
  if (llvm::Error E = addProcessTimes(Trace, LaunchNs, ExitNs, Native)) {
    reportError(std::move(E));
    return ExitFailure;
  }
  bool Repeated = false;
  if (int Stop = unpinIfThreaded(P, K, Round, Program, Accepted, TraceDir, Runs,
                                 Seconds, Trace, What, Repeated))
    return Stop;
  if (Repeated)
    return 0;
  warnIfShort(What, Wall);
  if (Native && Variant)
    llvm::errs() << llvm::formatv(
        "{0} {1:F3} s (native variant {2:F3} s; native reference {3:F3} s / "
        "{4:F3} s)\n",
        What, Wall, VariantNs * 1e-9, Native->BeforeNs * 1e-9,
        Native->AfterNs * 1e-9);
  else if (Native)
    llvm::errs() << llvm::formatv(
        "{0} {1:F3} s (native reference {2:F3} s / {3:F3} s)\n", What, Wall,
        Native->BeforeNs * 1e-9, Native->AfterNs * 1e-9);
  else
    llvm::errs() << llvm::formatv("{0} {1:F3} s\n", What, Wall);
  llvm::outs() << Trace << "\n";
  llvm::outs().flush();
  Runs.push_back(llvm::json::Object{{"run", static_cast<int64_t>(K + 1)},
                                    {"repetition", static_cast<int64_t>(Round)},
                                    {"config", Config},
                                    {"trace", Name},
                                    {"seconds", Wall},
                                    {"launch_ns", LaunchNs},
                                    {"exit_ns", ExitNs}});
  if (Native) {
    llvm::json::Object &Entry = *Runs.back().getAsObject();
    Entry["native_seconds"] =
        std::min(Native->BeforeNs, Native->AfterNs) * 1e-9;
    if (VariantNs > 0)
      Entry["native_variant_seconds"] = VariantNs * 1e-9;
  }
  // For --repeat auto: with a native reference, relative to it (at the
  // first native run's speed), so that the drift asks for no repetition.
  Seconds =
      Native
          ? Wall * static_cast<double>(Reference->times().front()) /
                static_cast<double>(std::min(Native->BeforeNs, Native->AfterNs))
          : Wall;
  return 0;
}

/// One CPU serialises a program's threads: its wall times are then not
/// the program's, and `--time cpu` refuses such runs anyway. The first
/// pinned run's trace says whether the program runs several threads; under
/// --cpu auto the pin is dropped and that run made again (the native
/// reference too, whose last time the next trace records); a CPU the user
/// named stays, with a warning. Sets Repeated when the run was made again
/// (its index entry and Seconds are then the new run's). Returns 0 or the
/// exit code to stop with.
int RunCommand::unpinIfThreaded(
    const plan::Plan &P, size_t K, unsigned Round, const std::string &Program,
    const validation::ExitCodes &Accepted, llvm::StringRef TraceDir,
    llvm::json::Array &Runs, std::optional<double> &Seconds,
    llvm::StringRef Trace, llvm::StringRef What, bool &Repeated) {
  if (ThreadsChecked || !Pin || !Pin->pinned())
    return 0;
  ThreadsChecked = true;
  llvm::Expected<callgraph::CallTrace> T = callgraph::readCallTrace(Trace);
  if (!T) {
    llvm::consumeError(T.takeError()); // `varsim model` reports it.
    return 0;
  }
  std::optional<std::string> Why = model::severalThreads(*T);
  if (!Why)
    return 0;
  if (!PinIsAuto) {
    reportWarning(What.str() + ": " + *Why + ": on CPU " +
                  std::to_string(MeasureCpu.value_or(0)) +
                  " (--cpu) its threads take turns, and its wall times are "
                  "not the program's; --cpu none lets them run in parallel");
    return 0;
  }
  reportWarning(What.str() + ": " + *Why +
                ": one CPU would make its threads take " +
                "turns, so the timed runs are not pinned (as with --cpu " +
                "none); this run is made again");
  Pin.reset();
  MeasureCpu.reset();
  llvm::sys::fs::remove(Trace);
  if (Reference)
    if (int Code = runNativeFirst())
      return Code;
  Repeated = true;
  return runOnce(P, K, Round, Program, Accepted, TraceDir, Runs, Seconds);
}

/// Runs configurations First.. of P in rounds, interleaved (every
/// pending configuration once, then again, ...), so that a slow phase of
/// the machine hits every configuration alike instead of one
/// configuration's repetitions. Returns 0 or the exit code to stop with.
int RunCommand::runRounds(const plan::Plan &P, size_t First,
                          const std::string &Program,
                          const validation::ExitCodes &Accepted,
                          llvm::StringRef TraceDir, llvm::json::Array &Runs,
                          Rounds Which) {
  size_t N = P.Runs.size();
  RoundSeconds.resize(std::max(RoundSeconds.size(), N));
  std::vector<size_t> Pending;
  for (size_t K = First; K < N; ++K)
    Pending.push_back(K);
  unsigned Round = 1;
  // The simulator's time of the rounds made before this call.
  double Before = 0;
  // --repeat auto's budget: each follow-up keeps the one it had when its
  // rounds ran back to back.
  double Budget = AutoBudgetSeconds;
  if (Which == Rounds::Remaining) {
    Budget *= static_cast<double>(Pending.size());
    for (size_t K : Pending) {
      assert(RoundSeconds[K].size() == 1 && "round 1 made, nothing more");
      Before += RoundSeconds[K].front();
    }
    Pending = toRepeat(1, Before, Budget, Pending, RoundSeconds);
    Round = 2;
  }
  // The simulator's time only: neither the native runs beside it nor the
  // builds of native variants are what --repeat auto's budget bounds.
  // (Until session 35 the budget took the wall time less the native runs:
  // SQLite's three first runs, each after a 40-60 s build of its native
  // variant, were never repeated, and the adaptive run weighed single
  // times.)
  double Elapsed = Before;
  for (; !Pending.empty(); ++Round) {
    for (size_t K : Pending) {
      std::optional<double> Seconds;
      if (int Code =
              runOnce(P, K, Round, Program, Accepted, TraceDir, Runs, Seconds))
        return Code;
      RoundSeconds[K].push_back(*Seconds);
      Elapsed += *Seconds;
    }
    if (Which == Rounds::FirstOnly)
      break;
    Pending = toRepeat(Round, Elapsed, Budget, Pending, RoundSeconds);
  }
  return 0;
}

/// The configurations (of Pending) to run once more after round Done. A
/// number: every one until that many rounds. auto: AutoMinRounds rounds
/// of every one while the rounds so far took under AutoBudgetSeconds;
/// then, up to AutoMaxRounds, only a configuration whose median is not
/// backed by another of its runs within AutoSpread (and
/// AutoSpreadFloorSeconds) of it: repetitions that agree need no more;
/// at least one round however long it takes.
std::vector<size_t>
RunCommand::toRepeat(unsigned Done, double Elapsed, double Budget,
                     const std::vector<size_t> &Pending,
                     const std::vector<std::vector<double>> &Totals) const {
  if (Repeat)
    return Done < *Repeat ? Pending : std::vector<size_t>();
  double PerRound = Elapsed / Done;
  if (Elapsed + PerRound > Budget || Done >= AutoMaxRounds)
    return {};
  if (Done < AutoMinRounds)
    return Pending;
  std::vector<size_t> Again;
  for (size_t K : Pending) {
    std::vector<double> S = Totals[K];
    std::sort(S.begin(), S.end());
    size_t Mid = S.size() / 2;
    double Median = S[Mid];
    // The nearest other run: one outlier leaves the median backed.
    double Gap = std::min(Mid > 0 ? Median - S[Mid - 1] : INFINITY,
                          Mid + 1 < S.size() ? S[Mid + 1] - Median : INFINITY);
    if (Gap > AutoSpread * Median && Gap > AutoSpreadFloorSeconds) {
      llvm::errs() << llvm::formatv(
          "varsim: run {0}: no other run within {1:F1} % of its median "
          "({2:F3} s): another repetition\n",
          K + 1, 100 * Gap / Median, Median);
      Again.push_back(K);
    }
  }
  return Again;
}

/// Builds the native variant of First's configuration into OUT/native
/// and runs it once, before the first simulator run. Returns 0 or the
/// exit code to stop with.
int RunCommand::startNativeReference(const plan::OutDirPlanInput &In,
                                     const plan::PlannedRun &First,
                                     const validation::ExitCodes &Accepted) {
  llvm::SmallString<256> Dir(OutDir);
  llvm::sys::path::append(Dir, "native");
  llvm::errs() << "varsim: building the native reference (CONFIG '"
               << First.ConfigString << "') in " << Dir << " ...\n";
  auto R = NativeReference::build(
      NativeBuild, NativeRun, First.ConfigString,
      validation::definesFor(In.Model, First.Config), Dir, Accepted);
  if (!R) {
    reportError(R.takeError());
    return InterruptSignal ? 128 + InterruptSignal : ExitFailure;
  }
  Reference.emplace(std::move(*R));
  pinTimedRuns();
  if (int Code = runNativeFirst())
    return Code;
  llvm::errs() << llvm::formatv("native reference {0:F3} s\n",
                                LastNativeNs * 1e-9);
  warnIfShort("the native reference run", LastNativeNs * 1e-9);
  return 0;
}

/// The native variant to run after configuration K's simulator run (null
/// without --native-variants); builds it the first time. Returns 0 or the
/// exit code to stop with.
int RunCommand::nativeVariantOf(const plan::Plan &P, size_t K,
                                const validation::ExitCodes &Accepted,
                                NativeReference *&Variant) {
  Variant = nullptr;
  if (!NativeVariants || !Reference)
    return 0;
  const plan::PlannedRun &Run = P.Runs[K];
  if (Run.ConfigString == Reference->config()) {
    Variant = &*Reference;
    return 0;
  }
  auto Known = Variants.find(Run.ConfigString);
  if (Known != Variants.end()) {
    Variant = &Known->second;
    return 0;
  }
  llvm::SmallString<256> Dir(OutDir);
  llvm::sys::path::append(Dir, "native", "variant-" + std::to_string(K + 1));
  std::string What = "the native variant of run " + std::to_string(K + 1);
  llvm::errs() << "varsim: building " << What << " (CONFIG '"
               << Run.ConfigString << "') in " << Dir << " ...\n";
  // As the reference's, the build is not pinned to the timed runs' CPU.
  bool WasPinned = Pin.has_value();
  Pin.reset();
  auto Built = NativeReference::build(
      NativeBuild, NativeRun, Run.ConfigString,
      validation::definesFor(PlanInput->Model, Run.Config), Dir, Accepted,
      What);
  if (WasPinned)
    pinTimedRuns();
  if (!Built) {
    reportError(llvm::joinErrors(Built.takeError(),
                                 makeError("no index written" + Kept)));
    return InterruptSignal ? 128 + InterruptSignal : ExitFailure;
  }
  Variant =
      &Variants.emplace(Run.ConfigString, std::move(*Built)).first->second;
  // The build took a while and moved the machine's speed: the reference's
  // run before this simulator run is made afresh.
  return runNativeFirst();
}

/// The native reference's run before the next simulator run (whose trace
/// records it as the run before). Returns 0 or the exit code to stop with.
int RunCommand::runNativeFirst() {
  llvm::Expected<int64_t> Ns = Reference->run();
  if (!Ns) {
    reportError(Ns.takeError());
    return InterruptSignal ? 128 + InterruptSignal : ExitFailure;
  }
  LastNativeNs = *Ns;
  LastNativeCpuNs = Reference->cpuTimes().back();
  return 0;
}

/// A warning, once per varsim run, when a run took under ShortRunSeconds:
/// its time is then mostly process start-up and the scheduler's
/// granularity, and the model's differences between configurations are
/// below what the clock can tell apart.
void RunCommand::warnIfShort(llvm::StringRef What, double Seconds) {
  if (Seconds >= ShortRunSeconds || WarnedShort)
    return;
  WarnedShort = true;
  reportWarning(
      llvm::formatv("{0} took {1:F1} ms, under {2:F0} ms: its timing is "
                    "below the clock's resolution for this purpose "
                    "(process start-up and scheduling dominate it); give "
                    "the workload more work, so that a run takes a "
                    "second or more",
                    What, Seconds * 1e3, ShortRunSeconds * 1e3)
          .str());
}

/// A warning naming the load average when the machine is busy: the
/// runs' times then carry other jobs' time.
void RunCommand::warnIfBusy(llvm::StringRef When) {
  if (std::optional<std::string> Busy = validation::busyMachineMessage())
    reportWarning(*Busy + " (" + When +
                  "); the model's repetitions take each context's median, "
                  "but an idle machine gives better figures");
}

} // namespace varsim::driver::runcommand
