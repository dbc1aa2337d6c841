//===- rewrite/MacroUses.h - Where a macro's name occurs --------*- C++ -*-===//
//
// A macro defined in only some branches of a feature group (`#ifdef BLOCKED
// #define TILE 4 #endif`) cannot be selected at run time, but when every
// occurrence of its name in the project lies in code that exists only
// where a definition does, keeping the definition unconditionally is
// unobservable: no variant sees the difference, and the simulator (which
// compiles the union) needs the definition. The occurrences come from a
// lexical scan of every project source (identifier tokens outside
// comments and literals, in code and in directives), so a name used as an
// identifier, declared elsewhere, or expanded by another macro counts too.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_MACROUSES_H
#define VARSIM_REWRITE_MACROUSES_H

#include "rewrite/FeatureGroups.h"
#include "rewrite/UnexpandedText.h"

#include "llvm/ADT/StringRef.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace varsim::rewrite {

/// The offsets of the identifier tokens of Text that are in Names
/// (comments, string and character literals skipped).
std::vector<std::pair<unsigned, std::string>>
findIdentifiers(llvm::StringRef Text, const std::set<std::string> &Names);

/// The macros whose every #define lies in one feature group (in its
/// branches, not in a nested group) and whose every other occurrence of
/// the name, in any of the Texts, lies where the presence condition implies
/// one of those definitions' (under the model). Occurrences in #if/#elif
/// lines are not judged here: a macro still tested there is refused by the
/// rewriter. Also the macros whose #defines all lie in feature groups
/// (several) and whose name occurs nowhere else but in conditional
/// directives: nothing reads them once those are resolved (the
/// `#ifdef F / #define HAVE_X 1` ... `#ifndef HAVE_X / #define HAVE_X 0`
/// mapping). An occurrence in Unexpanded text (every parse skips it or
/// drops it as a discarded macro argument) is no use: no configuration
/// expands it. UsedOutside, if given, gets for each other macro defined
/// in one feature group the first occurrence (file, offset) that rules it
/// out.
std::set<std::string> findConfinedMacros(
    const std::map<std::string, std::string> &Texts,
    const std::map<std::string, FileStructure> &Structures,
    const std::map<std::string, FileGroups> &Groups, const FeatureSetup &F,
    const UnexpandedText &Unexpanded = {},
    std::map<std::string, std::pair<std::string, unsigned>> *UsedOutside =
        nullptr);

/// The parameter names of a function-like macro's definition text
/// ("NAME(a, b) body"); empty for an object-like macro.
std::set<std::string> macroParameters(llvm::StringRef Definition,
                                      llvm::StringRef Name);

} // namespace varsim::rewrite

#endif // VARSIM_REWRITE_MACROUSES_H
