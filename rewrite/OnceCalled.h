//===- rewrite/OnceCalled.h - Static functions called from one place -*- C++
//-*-===//
//
// A static function whose name the file uses once besides its definition,
// in a call inside a function defined after it, is called from one place:
// the native compiler inlines it there (GCC's -finline-functions-called-once
// does so whatever its size, within the growth limits; LLVM's inliner
// gives the last call of a local function a large bonus). A rewrite that
// copies the caller (a version per feature value, FeatureVersions.cpp)
// multiplies the call sites and takes that inlining away unless it copies
// the callee along with the caller.
//
// The test is textual and conservative: a prototype, its address, a use in
// a macro body or under another #if branch, or a call from two places all
// count as uses, and such a function is not called from one place.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_ONCECALLED_H
#define VARSIM_REWRITE_ONCECALLED_H

#include "rewrite/ParseFacts.h"

#include "llvm/ADT/StringRef.h"

#include <map>

namespace varsim::rewrite::detail {

/// For each C function of Functions (offset -> fact, in Text, the text of
/// the source file Path) that is static and called from one place: the
/// function holding that call. None in a header (the files including it
/// may call its functions too).
std::map<const FunctionFact *, const FunctionFact *>
onlyCallers(llvm::StringRef Path, llvm::StringRef Text,
            const std::map<unsigned, const FunctionFact *> &Functions);

} // namespace varsim::rewrite::detail

#endif
