//===- driver/RewriteCommand.cpp - varsim rewrite ------------------------===//
//
// `varsim rewrite COMPILE_COMMANDS.json [-f MODEL] [-o OUT] [-j N]
//  [--granularity function|region|all] [--verbose] [--no-dataflow]`: writes the
//  variant simulator's sources,
// compile database and manifest into OUT (see docs/rewriter.md).
//
//===----------------------------------------------------------------------===//

#include "driver/Command.h"
#include "rewrite/Rewriter.h"
#include "support/Diagnostic.h"

#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <string>
#include <thread>

namespace varsim::driver {
namespace {

class RewriteCommand : public Command {
public:
  void addOptions(CLI::App &Sub) override {
    Sub.description(
        "Turn the #if/#ifdef variability of a C/C++ project into a variant "
        "simulator:\none program that contains every variant, whose features "
        "are run-time flags\n(VARSIM_CONFIG) and whose functions and feature "
        "regions are annotated.\nOUT receives a mirror of the project (src/), "
        "the simulator's compile database,\nthe runtime headers and "
        "manifest.json. The original sources are never modified.");
    Sub.add_option("compile_commands", Options.CompileCommands,
                   "The project's compile_commands.json (CMake, Bear, Meson)")
        ->required();
    Sub.add_option("-f,--feature-model", Options.FeatureModel,
                   "Feature model (FeatureIDE model.xml or SPL Conqueror "
                   "<vm>); default: model.xml beside the project, else one "
                   "inferred from the #if macros (written to OUT/model.xml)");
    Sub.add_option("-o,--output", Options.OutDir,
                   "Output directory (default: <directory of "
                   "compile_commands.json>/varsim; never inside the sources)");
    // The machine's threads by default: the parses are independent, and
    // -j 1 (kept for measuring and for shared machines) doubles the wall
    // time on two cores.
    Sub.add_option("-j,--jobs", Options.Jobs,
                   "Translation units parsed in parallel (default: the "
                   "machine's hardware threads)")
        ->default_val(std::clamp(std::thread::hardware_concurrency(), 1u, 256u))
        ->check(CLI::Range(1u, 256u));
    Sub.add_option("--granularity", GranularityName,
                   "function: markers on functions and feature switches "
                   "only; region: also on every encoded #if block. A "
                   "function present in every configuration that has no "
                   "loop or goto (and is not main) gets no marker: its time "
                   "is its caller's (listed in manifest.json "
                   "'unmarked_functions'); all: region, and a marker on "
                   "every function")
        ->check(CLI::IsMember({"function", "region", "all"}));
    Sub.add_flag("--verbose", Options.Verbose,
                 "Also print how often each translation unit was parsed in "
                 "each configuration, by pass (also in manifest.json "
                 "'parses')");
    Sub.add_flag("--no-dataflow", NoDataFlow,
                 "Skip the data-flow analysis of the simulator (it then runs "
                 "at 'varsim plan'); see docs/dataflow.md");
    Sub.footer("Examples:\n"
               "  varsim rewrite build/compile_commands.json\n"
               "  varsim rewrite build/compile_commands.json -f model.xml "
               "-o sim -j 4\n"
               "  cmake -S sim/src -B sim-build && cmake --build sim-build\n"
               "  VARSIM_CONFIG=LOGGING sim-build/app");
  }

  int run() override {
    Options.Detail = GranularityName == "function"
                         ? rewrite::Granularity::Function
                     : GranularityName == "all" ? rewrite::Granularity::All
                                                : rewrite::Granularity::Region;
    Options.Log = &llvm::errs();
    Options.DataFlow = !NoDataFlow;
    // The summary and the data-flow pass's lines go to Options.Log.
    auto Sum = rewrite::rewriteProject(Options);
    if (!Sum) {
      llvm::Error E = Sum.takeError();
      bool Kept = E.isA<rewrite::OutputKeptError>();
      reportError(std::move(E));
      if (!Kept)
        llvm::errs() << "varsim: note: nothing was written\n";
      return ExitFailure;
    }
    return ExitSuccess;
  }

private:
  rewrite::RewriteOptions Options;
  std::string GranularityName = "region";
  bool NoDataFlow = false;
};

} // namespace

std::unique_ptr<Command> makeRewriteCommand() {
  return std::make_unique<RewriteCommand>();
}

} // namespace varsim::driver
