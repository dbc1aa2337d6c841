//===- rewrite/Prototypes.h - Function prototypes found in text -*- C++ -*-===//
//
// A header that declares a function in one branch of a feature group and
// defines a function-like macro of its name in the other (SQLite's btree.h:
// `SQLITE_PRIVATE void sqlite3BtreeLeave(Btree*);` / `#else` / `# define
// sqlite3BtreeLeave(X)`), or that declares it once before (sqlite3.h's
// `SQLITE_API void sqlite3_mutex_enter(sqlite3_mutex*);`, then mutex.h's
// no-op macros under SQLITE_MUTEX_OMIT): the rewriter selects each use
// between the call and the macro's body (MacroSelection.cpp's
// selectFunctionOrMacro), and the definitions, which the selecting macro
// would expand, get their names in parentheses (parenthesizeMacroNames,
// FileRewriter).
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_PROTOTYPES_H
#define VARSIM_REWRITE_PROTOTYPES_H

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace varsim::rewrite {

/// A file-scope prototype `TYPE NAME(PARAMS);` of Name (a statement of
/// type words, `*` and Name, nothing else) in Text[Begin, End), outside
/// comments, literals and directives: whether it returns void. nullopt:
/// none there.
std::optional<bool> findPrototype(llvm::StringRef Text, unsigned Begin,
                                  unsigned End, llvm::StringRef Name);

struct Prototype {
  unsigned Offset = 0; ///< Of the name.
  std::string Name;
  bool ReturnsVoid = false;
};
/// Every such prototype of the Names in Text[Begin, End).
std::vector<Prototype> findPrototypes(llvm::StringRef Text, unsigned Begin,
                                      unsigned End,
                                      const std::set<std::string> &Names);

} // namespace varsim::rewrite

#endif // VARSIM_REWRITE_PROTOTYPES_H
