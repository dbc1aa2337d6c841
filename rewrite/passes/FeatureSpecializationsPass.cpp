//===- rewrite/passes/FeatureSpecializationsPass.cpp - Specs per feature --===//
//
// Reads: the project, features, texts and the files lowered so far.
// Adds: an explicit specialization defined under a feature gets one for
// the configurations without it, which runs a renamed copy of the primary
// template (rewrite/templates/FeatureSpecializations.h): the lowered files
// and TemplateSites ("specialization per feature"). After the default
// arguments' lowering, which writes member specializations once per value.
//
//===----------------------------------------------------------------------===//

#include "rewrite/passes/Passes.h"
#include "rewrite/templates/FeatureSpecializations.h"

namespace varsim::rewrite {

llvm::Error runFeatureSpecializationsPass(RewriteState &S) {
  return S.applyTemplateLowering(
      templates::lowerFeatureSpecializations(S.templateInput()));
}

} // namespace varsim::rewrite
