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
// This file: the options, the plan and the index of traces; the runs
// themselves are in RunRounds.cpp.
//
//===----------------------------------------------------------------------===//

#include "driver/AdaptiveRun.h"
#include "driver/Command.h"
#include "driver/MeasureCpuOption.h"
#include "driver/NativeReference.h"
#include "driver/RunCommandImpl.h"
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

namespace varsim::driver {
namespace runcommand {

void RunCommand::addOptions(CLI::App &Sub) {
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
  Sub.add_flag("--every-copy", EveryCopy,
               "Cover every copy of a function copied per configuration "
               "from the start, not once a run shows the function runs");
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
  Sub.add_flag("--native-variants", NativeVariants,
               "With --native-build/--native-run: also build the native "
               "variant of every planned configuration (OUT/native/"
               "variant-K, one build each) and run it right after that "
               "configuration's simulator run; 'varsim model' then fits "
               "its last terms to the native variants' times, so that what "
               "a run-time simulator cannot time (code the compiler "
               "optimises differently in a variant) enters the model");
  Sub.add_flag("--no-native-reference", NoNative,
               "Ignore --native-build/--native-run: no native runs");
  addMeasureCpuOption(Sub, CpuSpec);
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
      "  varsim run sim --native-build ... --native-run ... --native-variants "
      "-- sim-build/app workload.txt\n"
      "  varsim model sim -o model.json    # the model from the traces "
      "in sim/traces\n"
      "See docs/plan.md.");
}

int RunCommand::run() {
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
  if (NativeVariants && !NoNative && NativeBuild.empty()) {
    reportError(makeError("--native-variants needs --native-build and "
                          "--native-run (the variants are built and run "
                          "with them)"));
    return ExitUsage;
  }
  auto Cpu = resolveMeasureCpu(CpuSpec, !NoNative && !NativeBuild.empty());
  if (!Cpu) {
    reportError(Cpu.takeError());
    return ExitUsage;
  }
  MeasureCpu = *Cpu;
  PinIsAuto = llvm::StringRef(CpuSpec).trim() == "auto";
  plan::OutDirOptions Options;
  Options.FeatureModelPath = ModelPath;
  Options.NoDataFlow = NoDataFlow;
  Options.Strength = Strength;
  Options.EveryCopy = EveryCopy;
  auto In = plan::loadPlanInput(OutDir, Options, llvm::errs());
  if (!In) {
    reportError(In.takeError());
    return ExitFailure;
  }
  PlanInput = &*In;
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
  Kept = (*Previous)->size()
             ? "; the earlier traces in " + std::string(TraceDir) + " are kept"
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
  pinTimedRuns();
  if (int Code = runRounds(Ran, 0, *Program, *Accepted, TraceDir, Runs))
    return Code;
  // The follow-up, a run at a time: each run's evidence (its first
  // round; visit counts are exact) is weighed before the next is chosen
  // (addFollowUp adds none once the runs made meet every requirement or
  // the bound). Their repetitions come after, interleaved, so that a slow
  // phase of the machine is not one follow-up's cost.
  std::vector<plan::RunEvidence> Evidence;
  const size_t FollowUps = Ran.Runs.size();
  for (size_t First = Ran.Runs.size(); Adapt && !InterruptSignal;) {
    size_t Made = Ran.Runs.size();
    if (int Code = addFollowUp(*In, *P, First, Ran, TraceDir, Runs, Evidence,
                               Adaptive))
      return Code;
    if (Ran.Runs.size() == Made)
      break;
    if (int Code = runRounds(Ran, Made, *Program, *Accepted, TraceDir, Runs,
                             Rounds::FirstOnly))
      return Code;
  }
  // Without the adaptive phases, the copies of a function covered on
  // demand still need runs once a run has called it (plan/OnDemand.h).
  for (std::vector<size_t> Covered; !Adapt && !InterruptSignal;) {
    size_t Made = Ran.Runs.size();
    if (int Code = addOnDemand(*In, Ran, TraceDir, Runs, Evidence, Covered))
      return Code;
    if (Ran.Runs.size() == Made)
      break;
    if (int Code = runRounds(Ran, Made, *Program, *Accepted, TraceDir, Runs,
                             Rounds::FirstOnly))
      return Code;
  }
  if (Ran.Runs.size() > FollowUps && !InterruptSignal)
    if (int Code = runRounds(Ran, FollowUps, *Program, *Accepted, TraceDir,
                             Runs, Rounds::Remaining))
      return Code;
  warnIfBusy("after the runs");
  if (InterruptSignal) { // After the last run: its trace is whole.
    reportError(makeError(std::string("interrupted (") +
                          ::strsignal(InterruptSignal) +
                          ") after the last run; no index written" + Kept));
    return 128 + InterruptSignal;
  }
  std::optional<llvm::json::Array> OnDemand;
  if (!In->OnDemand.empty())
    OnDemand = onDemandIndex(*In, Evidence);
  int Code = writeIndex(TraceDir, std::move(Runs), std::move(Adaptive),
                        std::move(OnDemand));
  if (Code == ExitSuccess)
    (*Previous)->commit();
  return Code;
}

llvm::Expected<std::string> RunCommand::findProgram(const std::string &Name) {
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
bool RunCommand::isTraceFile(llvm::StringRef File) {
  return (File.starts_with("run-") && File.ends_with(".json")) ||
         File == "index.json";
}

int RunCommand::writeIndex(llvm::StringRef TraceDir, llvm::json::Array Runs,
                           std::optional<llvm::json::Object> Adapted,
                           std::optional<llvm::json::Array> OnDemand) {
  llvm::SmallString<256> Index(TraceDir);
  llvm::sys::path::append(Index, "index.json");
  llvm::json::Object Root{{"format", "varsim-run-index"},
                          {"version", 1},
                          {"command", CommandLine},
                          {"runs", std::move(Runs)}};
  if (Adapted)
    Root["adaptive"] = std::move(*Adapted);
  if (OnDemand)
    Root["on_demand"] = std::move(*OnDemand);
  if (MeasureCpu)
    Root["cpu"] = *MeasureCpu;
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

} // namespace runcommand

std::unique_ptr<Command> makeRunCommand() {
  return std::make_unique<runcommand::RunCommand>();
}

} // namespace varsim::driver
