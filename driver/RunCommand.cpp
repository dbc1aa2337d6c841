//===- driver/RunCommand.cpp - varsim run ---------------------------------===//
//
// Runs the built simulator once or a few times per planned configuration
// (--repeat; rounds of every configuration, interleaved), with
// VARSIM_CONFIG and VARSIM_TRACE set, keeps the traces in OUT/traces and
// lists them in OUT/traces/index.json. Stops at the first failed run.
// Warns, naming the load average, when the machine is busy.
//
// Each run's launch and exit are timed on CLOCK_MONOTONIC and added to its
// trace ("process", docs/calltrace-format.md): the model then knows the
// process's start-up and exit, which no region sees but every real variant
// spends too.
//
//===----------------------------------------------------------------------===//

#include "driver/AdaptiveRun.h"
#include "driver/Command.h"
#include "driver/NativeReference.h"
#include "driver/RunProcess.h"

#include "callgraph/CallTrace.h"
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
#include <chrono>
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

extern char **environ;
namespace varsim::driver {
namespace {

class RunCommand : public Command {
public:
  void addOptions(CLI::App &Sub) override {
    Sub.description(
        "Run the built simulator once per planned configuration (see "
        "'varsim plan'), with VARSIM_CONFIG set to the configuration and "
        "VARSIM_TRACE to OUT/traces/run-K.json. Prints the traces' names; "
        "writes OUT/traces/index.json. Stops at the first run that fails "
        "(an exit code other than --exit-code's, a signal, or no trace "
        "written).");
    Sub.add_option("OUT", OutDir, "Output directory of 'varsim rewrite'")
        ->required();
    Sub.add_option("COMMAND", CommandLine,
                   "The simulator and its arguments, after --")
        ->required();
    Sub.add_option("-f,--feature-model", ModelPath,
                   "Use this feature model instead of the manifest's")
        ->type_name("FILE");
    Sub.add_flag("--no-dataflow", NoDataFlow,
                 "Plan without the data-flow runs (the paper's plain plan)");
    Sub.add_flag("--no-adaptive", NoAdaptive,
                 "Run the static plan ('varsim plan') as it is, instead of "
                 "the minimal plan first and then only the runs that the "
                 "data-flow facts left standing after its visit counts and "
                 "times need");
    addStrengthOption(Sub, Strength);
    Sub.add_option("--repeat", RepeatSpec,
                   "Runs per planned configuration, interleaved (every "
                   "configuration once, then again, ...): a number 1-100, or "
                   "'auto' (default): 3 while the rounds take under 120 s, "
                   "then, up to 5, only for a configuration none of whose "
                   "other runs lies within 5 % of its median, at least 1. "
                   "The model takes each context's median and reads the "
                   "spread as run-to-run noise")
        ->type_name("N|auto");
    Sub.add_option("--exit-code", ExitCodeSpec,
                   "The exit code(s) of a successful run: a number (default "
                   "0), a comma-separated list, or 'any' for programs whose "
                   "exit code depends on the configuration")
        ->type_name("N|N,M|any");
    Sub.add_option("--native-build", NativeBuild,
                   "Build command of a native variant ({dir}, {defines}, "
                   "{config}, as 'varsim validate --build'): the plan's first "
                   "configuration is built natively into OUT/native and run "
                   "before the first simulator run and after every one, so "
                   "that 'varsim model' removes the machine's drift and "
                   "calibrates its level to native time (docs/plan.md)")
        ->type_name("CMD");
    Sub.add_option("--native-run", NativeRun,
                   "Run command of the native variant ({dir}, ...; the same "
                   "workload as COMMAND); needed with --native-build")
        ->type_name("CMD");
    Sub.add_flag("--no-native-reference", NoNative,
                 "Ignore --native-build/--native-run: no native runs");
    Sub.footer(
        "Each run: VARSIM_CONFIG=CONFIG VARSIM_TRACE=OUT/traces/run-K.json "
        "COMMAND ARGS...,\n"
        "with varsim's standard input, output and error; launch and exit "
        "are timed.\n"
        "Exit code: 0 every run ok (OUT/traces/index.json written); 1 a run "
        "failed (which,\n"
        "with what CONFIG, and why; no index); 2 usage error; 130 "
        "interrupted by Ctrl-C (the\n"
        "interrupted run's trace is removed, no index).\n"
        "\n"
        "Examples:\n"
        "  varsim run sim -- sim-build/app workload.txt\n"
        "  varsim run sim --exit-code 0,1 -- sim-build/grep-like pattern "
        "input.txt\n"
        "  varsim run sim --exit-code any -- sim-build/test-driver\n"
        "  varsim run sim -- sh -c 'cd data && ../sim-build/app < "
        "input.txt'\n"
        "  varsim run sim --native-build 'cmake -S . -B {dir} "
        "-DCMAKE_C_FLAGS=\"{defines}\" && cmake --build {dir}' \\\n"
        "      --native-run '{dir}/app workload.txt' -- sim-build/app "
        "workload.txt\n"
        "  varsim model sim -o model.json    # the model from the traces "
        "in sim/traces\n"
        "See docs/plan.md.");
  }

  int run() override {
    auto Accepted = validation::ExitCodes::parse(ExitCodeSpec);
    if (!Accepted) {
      reportError(Accepted.takeError());
      return ExitUsage;
    }
    if (RepeatSpec != "auto") {
      unsigned R = 0;
      if (llvm::StringRef(RepeatSpec).getAsInteger(10, R) || R < 1 || R > 100) {
        reportError(makeError("--repeat '" + RepeatSpec +
                              "': expected a number from 1 to 100, or auto"));
        return ExitUsage;
      }
      Repeat = R;
    }
    if (!NoNative && NativeBuild.empty() != NativeRun.empty()) {
      reportError(makeError("--native-build and --native-run go together "
                            "(the native reference needs both)"));
      return ExitUsage;
    }
    plan::OutDirOptions Options;
    Options.FeatureModelPath = ModelPath;
    Options.NoDataFlow = NoDataFlow;
    Options.Strength = Strength;
    auto In = plan::loadPlanInput(OutDir, Options, llvm::errs());
    if (!In) {
      reportError(In.takeError());
      return ExitFailure;
    }
    auto P = plan::planOutDir(*In);
    if (!P) {
      reportError(P.takeError());
      return ExitFailure;
    }
    // Adaptive: the minimal plan (conditions and groups, no data-flow
    // requirement) first, then only the runs the evidence calls for. Not
    // when the static plan is no longer than the minimal one.
    std::optional<plan::Plan> Minimal;
    bool Adapt = !NoAdaptive && !NoDataFlow;
    if (Adapt) {
      auto M = minimalFirstRuns(*In, *P);
      if (!M) {
        reportError(M.takeError());
        return ExitFailure;
      }
      Adapt = M->Runs.size() < P->Runs.size();
      Minimal = std::move(*M);
    }
    auto Program = findProgram(CommandLine.front());
    if (!Program) {
      reportError(Program.takeError());
      return ExitFailure;
    }
    llvm::SmallString<256> TraceDir(OutDir);
    llvm::sys::fs::make_absolute(TraceDir);
    llvm::sys::path::append(TraceDir, "traces");
    if (std::error_code EC = llvm::sys::fs::create_directories(TraceDir)) {
      reportError(makeError(TraceDir, 0, 0,
                            "cannot create the directory: " + EC.message()));
      return ExitFailure;
    }
    if (!llvm::sys::fs::is_directory(TraceDir)) {
      reportError(makeError(TraceDir, 0, 0,
                            "cannot hold the traces: it exists and is not a "
                            "directory"));
      return ExitFailure;
    }
    // The earlier traces stay until this run's set is complete: a run that
    // fails or is interrupted puts them back (support/Output.h).
    auto Previous = StashedFiles::stash(TraceDir, isTraceFile);
    if (!Previous) {
      reportError(Previous.takeError());
      return ExitFailure;
    }
    Kept = (*Previous)->size() ? "; the earlier traces in " +
                                     std::string(TraceDir) + " are kept"
                               : std::string();

    InterruptGuard Guard;
    InterruptSignal = 0;
    warnIfBusy("before the runs");
    llvm::json::Array Runs;
    plan::Plan Ran = Adapt ? std::move(*Minimal) : std::move(*P);
    if (Adapt)
      llvm::errs() << llvm::formatv(
          "varsim: adaptive run: the minimal plan's {0} run(s) first (the "
          "static plan has {1}; --no-adaptive runs it)\n",
          Ran.Runs.size(), P->Runs.size());
    if (!NoNative && !NativeBuild.empty())
      if (int Code = startNativeReference(*In, Ran.Runs.front(), *Accepted))
        return Code;
    if (int Code = runRounds(Ran, 0, *Program, *Accepted, TraceDir, Runs))
      return Code;
    if (Adapt && !InterruptSignal) {
      size_t First = Ran.Runs.size();
      if (int Code = addFollowUps(*In, *P, Ran, TraceDir, Runs, Adaptive))
        return Code;
      if (Ran.Runs.size() > First)
        if (int Code =
                runRounds(Ran, First, *Program, *Accepted, TraceDir, Runs))
          return Code;
    }
    warnIfBusy("after the runs");
    if (InterruptSignal) { // After the last run: its trace is whole.
      reportError(makeError(std::string("interrupted (") +
                            ::strsignal(InterruptSignal) +
                            ") after the last run; no index written" + Kept));
      return 128 + InterruptSignal;
    }
    int Code = writeIndex(TraceDir, std::move(Runs), std::move(Adaptive));
    if (Code == ExitSuccess)
      (*Previous)->commit();
    return Code;
  }

private:
  /// Said after a failure: the earlier traces that were put back, if any.
  std::string Kept;

  /// Runs configuration K of the plan (repetition Round); appends its
  /// index entry and sets Seconds. Returns 0, or the exit code to stop with.
  int runOnce(const plan::Plan &P, size_t K, unsigned Round,
              const std::string &Program, const validation::ExitCodes &Accepted,
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
        Round > 1 ? llvm::formatv("run {0}/{1} (repetition {2}): CONFIG '{3}'",
                                  K + 1, N, Round, Config)
                        .str()
                  : llvm::formatv("run {0}/{1}: CONFIG '{2}'", K + 1, N, Config)
                        .str();
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
    if (Reference) {
      llvm::Expected<int64_t> After = Reference->run();
      if (!After) {
        llvm::sys::fs::remove(Trace);
        reportError(llvm::joinErrors(After.takeError(),
                                     makeError("no index written" + Kept)));
        return InterruptSignal ? 128 + InterruptSignal : ExitFailure;
      }
      Native = NativeTimes{Reference->config(), LastNativeNs, *After};
      NativeSpentNs += *After;
      LastNativeNs = *After;
    }
    if (llvm::Error E = addProcessTimes(Trace, LaunchNs, ExitNs, Native)) {
      reportError(std::move(E));
      return ExitFailure;
    }
    warnIfShort(What, Wall);
    if (Native)
      llvm::errs() << llvm::formatv(
          "{0} {1:F3} s (native reference {2:F3} s / {3:F3} s)\n", What, Wall,
          Native->BeforeNs * 1e-9, Native->AfterNs * 1e-9);
    else
      llvm::errs() << llvm::formatv("{0} {1:F3} s\n", What, Wall);
    llvm::outs() << Trace << "\n";
    llvm::outs().flush();
    Runs.push_back(
        llvm::json::Object{{"run", static_cast<int64_t>(K + 1)},
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
    }
    // For --repeat auto: with a native reference, relative to it (at the
    // first native run's speed), so that the drift asks for no repetition.
    Seconds = Native ? Wall * static_cast<double>(Reference->times().front()) /
                           static_cast<double>(
                               std::min(Native->BeforeNs, Native->AfterNs))
                     : Wall;
    return 0;
  }

  /// Runs configurations First.. of P in rounds, interleaved (every
  /// pending configuration once, then again, ...), so that a slow phase of
  /// the machine hits every configuration alike instead of one
  /// configuration's repetitions. Returns 0 or the exit code to stop with.
  int runRounds(const plan::Plan &P, size_t First, const std::string &Program,
                const validation::ExitCodes &Accepted, llvm::StringRef TraceDir,
                llvm::json::Array &Runs) {
    size_t N = P.Runs.size();
    std::vector<std::vector<double>> Totals(N);
    std::vector<size_t> Pending;
    for (size_t K = First; K < N; ++K)
      Pending.push_back(K);
    auto Start = std::chrono::steady_clock::now();
    int64_t NativeAtStart = NativeSpentNs;
    for (unsigned Round = 1; !Pending.empty(); ++Round) {
      for (size_t K : Pending) {
        std::optional<double> Seconds;
        if (int Code = runOnce(P, K, Round, Program, Accepted, TraceDir, Runs,
                               Seconds))
          return Code;
        Totals[K].push_back(*Seconds);
      }
      // The simulator's time only: the native reference's runs between
      // them are not what --repeat auto's budget bounds.
      double Elapsed =
          std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                        Start)
              .count() -
          static_cast<double>(NativeSpentNs - NativeAtStart) * 1e-9;
      Pending = toRepeat(Round, Elapsed, Pending, Totals);
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
  toRepeat(unsigned Done, double Elapsed, const std::vector<size_t> &Pending,
           const std::vector<std::vector<double>> &Totals) const {
    if (Repeat)
      return Done < *Repeat ? Pending : std::vector<size_t>();
    double PerRound = Elapsed / Done;
    if (Elapsed + PerRound > AutoBudgetSeconds || Done >= AutoMaxRounds)
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
      double Gap =
          std::min(Mid > 0 ? Median - S[Mid - 1] : INFINITY,
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
  int startNativeReference(const plan::OutDirPlanInput &In,
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
    llvm::Expected<int64_t> Ns = Reference->run();
    if (!Ns) {
      reportError(Ns.takeError());
      return InterruptSignal ? 128 + InterruptSignal : ExitFailure;
    }
    LastNativeNs = *Ns;
    NativeSpentNs += *Ns;
    llvm::errs() << llvm::formatv("native reference {0:F3} s\n", *Ns * 1e-9);
    warnIfShort("the native reference run", *Ns * 1e-9);
    return 0;
  }

  /// A warning, once per varsim run, when a run took under ShortRunSeconds:
  /// its time is then mostly process start-up and the scheduler's
  /// granularity, and the model's differences between configurations are
  /// below what the clock can tell apart.
  void warnIfShort(llvm::StringRef What, double Seconds) {
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
  static void warnIfBusy(llvm::StringRef When) {
    if (std::optional<std::string> Busy = validation::busyMachineMessage())
      reportWarning(*Busy + " (" + When +
                    "); the model's repetitions take each context's median, "
                    "but an idle machine gives better figures");
  }

  // Three, not two: with two repetitions the model's median is the slower
  // one (the first run of a configuration is often the colder), which put
  // model.dataflow_compressor 1.6-2.9 % below the designed times; with
  // three it is 0.08 % (load 30).
  static constexpr unsigned AutoMinRounds = 3, AutoMaxRounds = 5;
  static constexpr double AutoBudgetSeconds = 120, AutoSpread = 0.05,
                          AutoSpreadFloorSeconds = 0.01;

  llvm::Expected<std::string> findProgram(const std::string &Name) {
    if (llvm::StringRef(Name).contains('/')) {
      if (llvm::sys::fs::is_directory(Name))
        return makeError(Name, 0, 0, "a directory, not a program");
      if (!llvm::sys::fs::exists(Name))
        return makeError(Name, 0, 0, "no such program");
      if (!llvm::sys::fs::can_execute(Name))
        return makeError(Name, 0, 0, "not an executable program");
      return Name;
    }
    auto Found = llvm::sys::findProgramByName(Name);
    if (!Found)
      return makeError("program '" + Name + "' not found in PATH");
    return *Found;
  }

  /// The files of a run's set in OUT/traces.
  static bool isTraceFile(llvm::StringRef File) {
    return (File.starts_with("run-") && File.ends_with(".json")) ||
           File == "index.json";
  }

  int writeIndex(llvm::StringRef TraceDir, llvm::json::Array Runs,
                 std::optional<llvm::json::Object> Adapted) {
    llvm::SmallString<256> Index(TraceDir);
    llvm::sys::path::append(Index, "index.json");
    llvm::json::Object Root{{"format", "varsim-run-index"},
                            {"version", 1},
                            {"command", CommandLine},
                            {"runs", std::move(Runs)}};
    if (Adapted)
      Root["adaptive"] = std::move(*Adapted);
    if (Reference) {
      llvm::json::Array Seconds;
      for (int64_t Ns : Reference->times())
        Seconds.push_back(Ns * 1e-9);
      Root["native_reference"] =
          llvm::json::Object{{"config", Reference->config()},
                             {"build", NativeBuild},
                             {"run", NativeRun},
                             {"seconds", std::move(Seconds)}};
    }
    if (llvm::Error E = writeFileAtomically(Index, [&](llvm::raw_ostream &OS) {
          OS << llvm::formatv("{0:2}", llvm::json::Value(std::move(Root)))
             << "\n";
          return llvm::Error::success();
        })) {
      reportError(std::move(E));
      return ExitFailure;
    }
    llvm::errs() << "varsim: traces listed in " << Index << "\n";
    return ExitSuccess;
  }

  std::string OutDir, ModelPath;
  std::vector<std::string> CommandLine;
  bool NoDataFlow = false;
  unsigned Strength = 0;
  std::string ExitCodeSpec = "0";
  std::string RepeatSpec = "auto";
  std::optional<unsigned> Repeat; ///< Unset: auto.
  bool NoAdaptive = false;
  std::string NativeBuild, NativeRun;
  bool NoNative = false;
  /// The native reference, when --native-build/--native-run gave one, and
  /// the time of its last run.
  std::optional<NativeReference> Reference;
  int64_t LastNativeNs = 0;
  /// The native reference's run time so far (left out of --repeat auto's
  /// budget).
  int64_t NativeSpentNs = 0;
  bool WarnedShort = false;
  /// What the adaptive run decided, for index.json.
  std::optional<llvm::json::Object> Adaptive;
};

} // namespace

std::unique_ptr<Command> makeRunCommand() {
  return std::make_unique<RunCommand>();
}

} // namespace varsim::driver
