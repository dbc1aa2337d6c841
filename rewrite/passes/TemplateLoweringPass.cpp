//===- rewrite/passes/TemplateLoweringPass.cpp - Templates to #if code -===//
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
  return S.applyTemplateLowering(
      templates::lowerTemplateVariability(S.templateInput()));
}

} // namespace varsim::rewrite
