//===- rewrite/passes/FeatureSpecializationsPass.cpp - Specs per feature --===//
//
// Reads: the project, features, texts and the files lowered so far.
// Adds: an explicit specialization defined under a feature gets one for
// the configurations without it, which runs a renamed copy of the primary
// template (rewrite/templates/FeatureSpecializations.h): the lowered files
// and TemplateSites ("specialization per feature"). After the default
// arguments' lowering, which writes member specializations once per value,
// and the derived macros' resolution.
//
//===----------------------------------------------------------------------===//

#include "rewrite/passes/Passes.h"
#include "rewrite/templates/FeatureSpecializations.h"

namespace varsim::rewrite {

llvm::Error runFeatureSpecializationsPass(RewriteState &S) {
  // After the derived macros' pass: RapidJSON's specializations are under
  // `#ifdef RAPIDJSON_SIMD`, which rapidjson.h derives from the SSE options.
  templates::LoweringInput In = S.templateInput();
  In.Structures = &S.Structures;
  return S.applyTemplateLowering(templates::lowerFeatureSpecializations(In));
}

} // namespace varsim::rewrite
