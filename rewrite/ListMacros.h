//===- rewrite/ListMacros.h - An X-macro's entries expanded in place -*- C++
//-*-===//
//
// The included-lists pass (rewrite/passes/IncludedListsPass.cpp) writes an
// X-macro list into the declaration that includes it. Its entries are
// still uses of the list's macro (`OP(MUL, -1)`), defined just before and
// #undef'd just after, inside the declaration: the per-configuration
// copies of a table or a function are placed elsewhere, where that
// definition is gone, and a copied text may hold no #define. So each use
// is replaced by what the preprocessor makes of it (parameters, `#p`,
// `a ## b`; the arguments are expanded by the compiler afterwards, as
// they would be), and the #define and #undef lines are blanked.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_LISTMACROS_H
#define VARSIM_REWRITE_LISTMACROS_H

#include "rewrite/DirectiveScanner.h"

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace varsim::rewrite {

/// The replacement of one call of a function-like macro: Definition is the
/// #define's text after the keyword ("OP(name, effect) OP_##name,"),
/// Args the text between the call's parentheses. Nullopt for what this
/// does not expand (a variadic macro, a wrong argument count, a comment
/// or line break in an argument, a replacement naming the macro itself).
std::optional<std::string> expandMacroCall(llvm::StringRef Definition,
                                           llvm::StringRef Name,
                                           llvm::StringRef Args);

/// Text with the uses of each function-like macro expanded whose
/// `#define` and `#undef` lie inside braces, in the same conditional
/// branch and brace block, with a range of Spans between them; its
/// #define and #undef blanked. A macro is left alone unless every
/// occurrence of its name between them is a call this can expand, and no
/// other #define of Others names it (that one's uses would expand it).
/// Nullopt if a #define or #undef is left in a block that holds a span.
std::optional<std::string>
expandListMacros(llvm::StringRef Text, const FileStructure &FS,
                 const std::vector<std::pair<unsigned, unsigned>> &Spans,
                 const std::vector<const Directive *> &Others);

} // namespace varsim::rewrite

#endif // VARSIM_REWRITE_LISTMACROS_H
