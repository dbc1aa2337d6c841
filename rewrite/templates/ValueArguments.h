//===- rewrite/templates/ValueArguments.h - Feature values as arguments -*- C++
//-*-===//
//
// A numeric feature's value given a name by an enumerator
// (`enum { kParseDefaultFlags = RAPIDJSON_PARSE_DEFAULT_FLAGS };`, the
// RapidJSON idiom) and then used as a template argument inside class
// templates' member functions (`return Parse<kParseDefaultFlags>(str);`).
// The #if rewriter cannot select such a constant at run time (no function
// copy can be made of a template), so each statement that passes it as an
// explicit template argument of a call becomes a switch over the values the
// model allows, one instantiation per value:
//
//   switch (RAPIDJSON_PARSE_DEFAULT_FLAGS) {
//   case 0: return Parse<static_cast<decltype(kParseDefaultFlags)>(0)>(str);
//   ...
//   default: return Parse<static_cast<decltype(kParseDefaultFlags)>(16)>(str);
//   }
//
// (on the statement's line; the #if rewriter then reads the feature's value
// at run time in the switch). A read of the enumerator in a run-time
// expression (`if (!(kWriteDefaultFlags & kWriteNanAndInfFlag))`) becomes
// `static_cast<decltype(kWriteDefaultFlags)>(FEATURE)`. A class template
// whose non-type parameter defaults to the enumerator (`unsigned
// writeFlags = kWriteDefaultFlags`) is lowered by DefaultArguments.h. The
// enumerator's initializer becomes a literal (no use reads it any more).
// Any other use (a constant expression, a default argument of a function
// template, a macro, code no parse saw) is a located error, so the
// lowering never changes a value. The facts come from one syntax-only
// parse per configuration and unit (ValueArgumentFacts.h).
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_TEMPLATES_VALUEARGUMENTS_H
#define VARSIM_REWRITE_TEMPLATES_VALUEARGUMENTS_H

#include "rewrite/templates/TemplateLowering.h"

namespace varsim::rewrite::templates {

/// Lowers the enumerators that name a numeric feature's value (see the file
/// comment). Returns only the files it changed; Sites gets one entry per
/// enumerator lowered (idiom "value argument").
llvm::Expected<LoweringResult> lowerValueArguments(const LoweringInput &In);

} // namespace varsim::rewrite::templates

#endif // VARSIM_REWRITE_TEMPLATES_VALUEARGUMENTS_H
