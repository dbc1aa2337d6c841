//===- rewrite/templates/FeatureSpecializations.h - Specs per feature -*- C++
//-*-===//
//
// An explicit specialization of a function template (or of a member of a
// class template) defined only under a feature, its primary outside the
// feature's #if (RapidJSON's `template<> inline void
// SkipWhitespace(StringStream& is)` under RAPIDJSON_SIMD):
//
//   template <typename S> void Skip(S &s) { ...one at a time... }
//   #ifdef FAST
//   template <> inline void Skip(StringStream &s) { ...a run at once... }
//   #endif
//
// A variant without FAST instantiates the primary for StringStream; the
// simulator holds the declarations of every variant, so every call would
// reach the specialization, also where FAST is off (a region runs where
// its condition is false; the outputs are usually equal, the times not).
// The lowering gives those configurations a specialization of their own
// that runs the primary's body: a renamed copy of the primary after it
// (`Skip__varsim_primary`, under `#line` of the original), and after the
// feature #if
//
//   #if !(defined(FAST))
//   template <> inline void Skip(StringStream &s) {
//     return Skip__varsim_primary<StringStream>(s); }
//   #endif
//
// which the #if rewriter then selects at run time as any function defined
// per feature. A specialization that cannot be lowered so (a parameter
// without a name, a primary defined in a macro, outside the project or a
// member defined outside its class) is a located error.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_TEMPLATES_FEATURESPECIALIZATIONS_H
#define VARSIM_REWRITE_TEMPLATES_FEATURESPECIALIZATIONS_H

#include "rewrite/templates/TemplateLowering.h"

namespace varsim::rewrite::templates {

/// The suffix of the primary template's renamed copy.
inline constexpr llvm::StringLiteral PrimaryCopySuffix = "__varsim_primary";

/// Lowers every explicit specialization defined under a feature (see the
/// file comment). Sites get idiom "specialization per feature".
llvm::Expected<LoweringResult>
lowerFeatureSpecializations(const LoweringInput &In);

} // namespace varsim::rewrite::templates

#endif // VARSIM_REWRITE_TEMPLATES_FEATURESPECIALIZATIONS_H
