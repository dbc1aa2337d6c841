//===- rewrite/passes/GlobalLoweringPass.cpp - File-scope variability
//------===//
//
// Reads: the project, features, texts, structures and the files lowered so
// far. Adds: file-scope variability (tables with conditional entries,
// constants, variables and typedefs per feature) lowered into renamed
// variants and per-configuration functions: the lowered files and
// GlobalSites (rewrite/globals/).
//
//===----------------------------------------------------------------------===//

#include "rewrite/globals/GlobalVariants.h"
#include "rewrite/passes/Passes.h"

namespace varsim::rewrite {

llvm::Error runGlobalLoweringPass(RewriteState &S) {
  auto Globals = globals::lowerGlobalVariability(
      {*S.Project, *S.Features, S.Texts, S.Structures, S.Lowered,
       S.Options.Jobs, S.Options.Log});
  if (!Globals)
    return Globals.takeError();
  if (llvm::Error E = S.applyLowering(std::move(Globals->Files)))
    return E;
  S.GlobalSites = std::move(Globals->Sites);
  // As before the passes: resolved again whenever any lowering changed a
  // file, even when this one did not.
  S.DerivedMacrosStale = !S.Lowered.empty();
  return llvm::Error::success();
}

} // namespace varsim::rewrite
