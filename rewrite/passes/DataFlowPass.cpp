//===- rewrite/passes/DataFlowPass.cpp - Feature data in the simulator
//-----===//
//
// Reads: OUT (swapped in by the output pass), when the options ask for it,
// and the simulator's ASTs the output pass's compile check kept (one parse
// of the simulator serves both).
// Adds: to OUT/manifest.json, the data-flow facts (which features' data
// reach which regions' control flow) for the plan and the model. An
// analysis that cannot parse the simulator would leave a plan that misses
// interactions: the rewrite fails with an OutputKeptError (OUT stays for
// inspection; `varsim plan` retries the analysis).
//
//===----------------------------------------------------------------------===//

#include "plan/OutDir.h"
#include "rewrite/passes/Passes.h"

#include "clang/Frontend/ASTUnit.h"

namespace varsim::rewrite {

llvm::Error runDataFlowPass(RewriteState &S) {
  if (!S.Options.DataFlow)
    return llvm::Error::success();
  // The compile check's ASTs (OutputPass): no parse of its own.
  plan::ParsedSimulator Parsed;
  Parsed.ParsedUnder = S.Temp;
  for (const auto &U : S.SimulatorUnits)
    Parsed.Units.push_back(U.get());
  llvm::Error E = plan::storeDataFlowFacts(
      S.Out, S.Options.Log, S.SimulatorUnits.empty() ? nullptr : &Parsed);
  S.SimulatorUnits.clear();
  if (!E)
    return llvm::Error::success();
  return llvm::make_error<OutputKeptError>(
      SourcePoint{},
      "the data-flow analysis of the simulator failed: " +
          errorToString(std::move(E)) +
          "; a plan without it could miss interactions, so the rewrite "
          "fails (the simulator in " +
          S.Out +
          " is kept for inspection; --no-dataflow skips the analysis, "
          "and 'varsim plan' then retries it)");
}

} // namespace varsim::rewrite
