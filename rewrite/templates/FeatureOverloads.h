//===- rewrite/templates/FeatureOverloads.h - Overloads per feature -*- C++
//-*-===//
//
// A plain (non-template) function defined only under a feature beside a
// function template of the same name in the same class or namespace
// (RapidJSON's `static void ScanCopyUnescapedString(StringStream &,
// StackStream<char> &)` in GenericReader under `#if defined(RAPIDJSON_SSE2)
// || defined(RAPIDJSON_SSE42)`, next to the member template whose generic
// body does nothing):
//
//   template <typename I, typename O> static void Scan(I &, O &) {}
//   #ifdef FAST
//   static void Scan(StringStream &is, Buffer &os) { ...a run at once... }
//   #endif
//
// A variant without FAST calls the template for those arguments; the
// simulator holds the declarations of every variant, so every call that
// picks the overload where FAST holds picks it in every configuration
// (a call inside a template is dependent, which the safety pass's name
// comparison does not see). The lowering gives the other configurations
// the same overload, forwarding to the template, after the feature #if:
//
//   #if !(defined(FAST))
//   static void Scan(StringStream &is, Buffer &os) { return Scan<>(is, os); }
//   #endif
//
// (`<>` leaves only templates to overload resolution; the arguments are
// deduced from the parameters, each passed on as it was received), which
// the #if rewriter then selects at run time as any function defined per
// feature.
//
// Sound only where each call of the overload calls, in the configurations
// without it, the specialization that forwarding deduces: every call of the
// overload (template instantiations included) is compared, by place and
// enclosing instantiation, with the same call in a parse without it, which
// must call a specialization of the one template of that name in the
// overload's scope with the overload's parameter, return types and
// qualifiers. Anything else (another plain function of the name outside
// the #if, several templates, a template under a feature, the address
// taken, default arguments, a parameter without a name or of class type by
// value, a call that picks another function or another specialization) is
// a located error.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_TEMPLATES_FEATUREOVERLOADS_H
#define VARSIM_REWRITE_TEMPLATES_FEATUREOVERLOADS_H

#include "rewrite/templates/TemplateLowering.h"

namespace varsim::rewrite::templates {

/// Lowers every plain overload defined under a feature beside a function
/// template of its name (see the file comment). Sites get idiom "overload
/// per feature".
llvm::Expected<LoweringResult> lowerFeatureOverloads(const LoweringInput &In);

} // namespace varsim::rewrite::templates

#endif // VARSIM_REWRITE_TEMPLATES_FEATUREOVERLOADS_H
