//===- rewrite/passes/ValueArgumentsPass.cpp - Feature values as arguments ===//
//
// Reads: the project, features, texts and the files lowered so far.
// Adds: enumerators that name a numeric feature's value, used as template
// arguments of calls or in run-time expressions, lowered into a switch over
// the feature's values per statement (rewrite/templates/ValueArguments.h):
// the lowered files and TemplateSites ("value argument").
//
//===----------------------------------------------------------------------===//

#include "rewrite/passes/Passes.h"
#include "rewrite/templates/ValueArguments.h"

namespace varsim::rewrite {

llvm::Error runValueArgumentsPass(RewriteState &S) {
  auto Lowering = templates::lowerValueArguments({*S.Project, *S.Features,
                                                  S.Texts, S.Options.Jobs,
                                                  S.Options.Log, &S.Lowered});
  if (!Lowering)
    return Lowering.takeError();
  if (Lowering->Files.empty())
    return llvm::Error::success();
  S.DerivedMacrosStale = true;
  if (llvm::Error E = S.applyLowering(std::move(Lowering->Files)))
    return E;
  for (templates::LoweredSite &Site : Lowering->Sites)
    S.TemplateSites.push_back(std::move(Site));
  return llvm::Error::success();
}

} // namespace varsim::rewrite
