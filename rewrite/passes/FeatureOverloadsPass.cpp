//===- rewrite/passes/FeatureOverloadsPass.cpp - Overloads per feature ----===//
//
// Reads: the project, features, texts and the files lowered so far.
// Adds: a plain overload defined under a feature beside a function template
// of its name gets one for the configurations without it, which forwards
// to the template (rewrite/templates/FeatureOverloads.h): the lowered files
// and TemplateSites ("overload per feature"). After the feature
// specializations' pass and the derived macros' resolution.
//
//===----------------------------------------------------------------------===//

#include "rewrite/passes/Passes.h"
#include "rewrite/templates/FeatureOverloads.h"

namespace varsim::rewrite {

llvm::Error runFeatureOverloadsPass(RewriteState &S) {
  // After the derived macros' pass: RapidJSON's overloads are under
  // `#if defined(RAPIDJSON_SSE2) || defined(RAPIDJSON_SSE42)`.
  templates::LoweringInput In = S.templateInput();
  In.Structures = &S.Structures;
  return S.applyTemplateLowering(templates::lowerFeatureOverloads(In));
}

} // namespace varsim::rewrite
