//===- rewrite/passes/ForeignFeaturesPass.cpp - Tests outside the project ===//
//
// Reads: the project, features, texts and structures. Adds: feature macros
// that headers outside the project test (NDEBUG in <assert.h>) selected at
// run time where varsim knows how (the lowered files, ForeignSites), else a
// located refusal at the project's #include.
//
//===----------------------------------------------------------------------===//

#include "rewrite/ForeignFeatures.h"
#include "rewrite/passes/Passes.h"

namespace varsim::rewrite {

llvm::Error runForeignFeaturesPass(RewriteState &S) {
  auto Foreign =
      lowerForeignFeatureTests({*S.Project, *S.Features, S.Texts, S.Structures,
                                S.Options.Jobs, S.Options.Log});
  if (!Foreign)
    return Foreign.takeError();
  if (llvm::Error E = S.applyLowering(std::move(Foreign->Files)))
    return E;
  S.ForeignSites = std::move(Foreign->Sites);
  // What the preprocessor saw defined outside the project settles the
  // tests of macros nothing defines: resolve again with it.
  S.ExternalMacros = std::move(Foreign->ExternalMacros);
  S.Target = std::move(Foreign->Target);
  S.DerivedMacrosStale = !S.Lowered.empty() || S.ExternalMacros.has_value();
  return llvm::Error::success();
}

} // namespace varsim::rewrite
