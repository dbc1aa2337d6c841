//===- driver/PlanCommand.cpp - varsim plan -------------------------------===//
//
// Prints the configurations to run the simulator with, one CONFIG per line
// and nothing else on standard output; explanations and the data-flow
// report go to standard error (or a file).
//
//===----------------------------------------------------------------------===//

#include "driver/AdaptiveRun.h"
#include "driver/Command.h"

#include "plan/Coverage.h"
#include "plan/OnDemand.h"
#include "plan/OutDir.h"
#include "plan/Reachable.h"
#include "support/Diagnostic.h"
#include "support/Output.h"

#include "llvm/Support/raw_ostream.h"

#include <string>

namespace varsim::driver {
namespace {

class PlanCommand : public Command {
public:
  void addOptions(CLI::App &Sub) override {
    Sub.description(
        "Print the configurations to run the variant simulator with, one "
        "CONFIG per line: the fewest valid configurations such that every "
        "region runs under its presence condition, every member of an "
        "exclusive group is selected once, and every region whose control "
        "flow depends on feature data (the data-flow checks) runs under "
        "each valid combination of those features. The first one is the "
        "simulator's default.");
    Sub.add_option("OUT", OutDir, "Output directory of 'varsim rewrite'")
        ->required();
    Sub.add_option("-f,--feature-model", ModelPath,
                   "Use this feature model instead of the manifest's")
        ->type_name("FILE");
    Sub.add_flag("-v,--verbose", Verbose,
                 "Explain on stderr which run covers what (with "
                 "--evidence: every fact's verdict)");
    Sub.add_flag("--report", Report, "Print the data-flow report on stderr");
    Sub.add_option("--report-file", ReportFile,
                   "Write the data-flow report to FILE")
        ->type_name("FILE");
    Sub.add_flag("--no-dataflow", NoDataFlow,
                 "Ignore the data-flow facts (the paper's plain plan)");
    Sub.add_flag("--every-copy", EveryCopy,
                 "Cover every copy of a function copied per configuration "
                 "in the plan, not on demand (once a run shows the "
                 "function runs)");
    CLI::Option *Evidence =
        Sub.add_option("--evidence", EvidenceTraces,
                       "Weigh the facts against the runs listed in this run "
                       "index of 'varsim run' (OUT/traces/index.json or its "
                       "directory) and print the next run an adaptive run "
                       "would make after them (nothing: no more run needed)")
            ->type_name("TRACES");
    Sub.add_option("--evidence-runs", EvidenceRuns,
                   "With --evidence: weigh only the first K runs of the "
                   "index (replays an adaptive run's rounds)")
        ->type_name("K")
        ->check(CLI::PositiveNumber)
        ->needs(Evidence);
    addStrengthOption(Sub, Strength);
    Sub.footer(
        "Output: one CONFIG per line on stdout and nothing else (an empty "
        "line is the\n"
        "configuration with no optional feature); -v and --report write to "
        "stderr.\n"
        "Exit code: 0, 1 for a bad OUT (no or malformed manifest.json, "
        "feature model).\n"
        "\n"
        "Examples:\n"
        "  varsim plan sim                     # what 'varsim run sim' will "
        "run\n"
        "  varsim plan sim | wc -l             # how many simulator runs\n"
        "  varsim plan sim --verbose --report  # which run covers what, and "
        "why\n"
        "  varsim plan sim --no-dataflow       # the paper's plan\n"
        "  varsim plan sim -f other-model.xml\n"
        "  varsim plan sim --report-file dataflow.txt\n"
        "  varsim plan sim --evidence sim/traces --evidence-runs 3\n"
        "                                      # what an adaptive run adds "
        "after 3 runs\n"
        "See docs/plan.md and docs/dataflow.md.");
  }

  int run() override {
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
    auto P = plan::planOutDir(*In);
    if (!P) {
      reportError(P.takeError());
      return ExitFailure;
    }
    if (!EvidenceTraces.empty()) {
      std::vector<plan::PlannedRun> Next;
      if (int Code = replanAfterRuns(*In, *P, EvidenceTraces, EvidenceRuns,
                                     Verbose, Next))
        return Code;
      for (const plan::PlannedRun &R : Next)
        llvm::outs() << R.ConfigString << "\n";
      return ExitSuccess;
    }
    // The report: the facts with their evidence, then the runs that
    // observe each of them.
    auto Coverage = plan::factCoverage(In->Model, In->Regions, *P);
    if (!Coverage) {
      reportError(Coverage.takeError());
      return ExitFailure;
    }
    auto Conditions = plan::conditionCoverage(In->Model, In->Regions, *P);
    if (!Conditions) {
      reportError(Conditions.takeError());
      return ExitFailure;
    }
    auto PrintReport = [&](llvm::raw_ostream &OS) {
      dataflow::printReport(In->Facts, OS, In->RegionLabels);
      plan::printFactCoverage(*Coverage, In->Model, OS);
      plan::printConditionCoverage(*Conditions, OS);
      plan::printUnreachable(In->Unreachable, OS);
      plan::printOnDemand(In->OnDemand, OS);
    };
    if (Report)
      PrintReport(llvm::errs());
    if (!ReportFile.empty()) {
      if (llvm::Error E =
              writeFileAtomically(ReportFile, [&](llvm::raw_ostream &OS) {
                PrintReport(OS);
                return llvm::Error::success();
              })) {
        reportError(std::move(E));
        return ExitFailure;
      }
    }
    if (!In->OnDemand.empty())
      llvm::errs() << "varsim: note: the copies of " << In->OnDemand.size()
                   << " function(s) copied per configuration are covered on "
                      "demand: 'varsim run' adds their runs once a run "
                      "shows the function runs (--report says which; "
                      "--every-copy plans them now)\n";
    if (Verbose) {
      plan::printExplanation(*P, llvm::errs());
      printAdaptiveStart(*In, *P);
    }
    for (const plan::PlannedRun &R : P->Runs)
      llvm::outs() << R.ConfigString << "\n";
    return ExitSuccess;
  }

private:
  /// What an adaptive `varsim run` starts with (driver/AdaptiveRun.h), so
  /// that the plan's reader knows how many of its runs are sure to run.
  void printAdaptiveStart(const plan::OutDirPlanInput &In,
                          const plan::Plan &Static) const {
    if (NoDataFlow)
      return;
    auto First = minimalFirstRuns(In, Static);
    if (!First) {
      llvm::errs() << "varsim: note: cannot tell the adaptive run's first "
                      "runs: "
                   << llvm::toString(First.takeError()) << "\n";
      return;
    }
    if (First->Runs.size() >= Static.Runs.size()) {
      llvm::errs() << "an adaptive 'varsim run' runs all of these runs\n";
      return;
    }
    llvm::errs() << "an adaptive 'varsim run' starts with "
                 << First->Runs.size() << " run(s) without data-flow facts";
    for (const plan::PlannedRun &R : First->Runs)
      llvm::errs() << " '" << R.ConfigString << "'";
    llvm::errs() << ", then adds the runs that the facts its visit counts "
                    "do not refute need (at most "
                 << adaptiveBound(Static, First->Runs) << " in all"
                 << (In.OnDemand.empty()
                         ? ""
                         : "; and the runs of the copies of each function "
                           "covered on demand that a run calls")
                 << ")\n";
  }

  std::string OutDir, ModelPath, ReportFile, EvidenceTraces;
  size_t EvidenceRuns = 0;
  bool Verbose = false, Report = false, NoDataFlow = false, EveryCopy = false;
  unsigned Strength = 0;
};

} // namespace

std::unique_ptr<Command> makePlanCommand() {
  return std::make_unique<PlanCommand>();
}

} // namespace varsim::driver
