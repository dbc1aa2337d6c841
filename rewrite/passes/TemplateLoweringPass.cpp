//===- rewrite/passes/TemplateLoweringPass.cpp - Templates to #if code
//-----===//
//
// Reads: the project, features, texts and the files lowered so far.
// Adds: template variability (a policy, trait, specialization, constant or
// CRTP base chosen by a feature) lowered into #if code: the lowered files
// (every later pass sees them) and TemplateSites (rewrite/templates/).
//
//===----------------------------------------------------------------------===//

#include "rewrite/passes/Passes.h"

namespace varsim::rewrite {

llvm::Error runTemplateLoweringPass(RewriteState &S) {
  auto Lowering = templates::lowerTemplateVariability(
      {*S.Project, *S.Features, S.Texts, S.Options.Jobs, S.Options.Log,
       &S.Lowered});
  if (!Lowering)
    return Lowering.takeError();
  S.DerivedMacrosStale = S.DerivedMacrosStale || !Lowering->Files.empty();
  if (llvm::Error E = S.applyLowering(std::move(Lowering->Files)))
    return E;
  for (templates::LoweredSite &Site : Lowering->Sites)
    S.TemplateSites.push_back(std::move(Site)); // After the pointer wrappers.
  return llvm::Error::success();
}

} // namespace varsim::rewrite
