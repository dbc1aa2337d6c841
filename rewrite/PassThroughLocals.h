//===- rewrite/PassThroughLocals.h - A constant for a local ---*- C++ -*-===//
//
// SQLite's sorter: a local variable in some configurations, a constant
// macro in the others, and `#undef` after the function:
//
//     #if SQLITE_MAX_WORKER_THREADS==0
//     # define nWorker 0
//     #else
//       int nWorker;
//     #endif
//     ...            (reads of nWorker; writes only under other #ifs)
//     }
//     #undef nWorker
//
// Where the macro is defined, every use of the name reads the constant: a
// write or an address would not compile there. So one declaration `int
// nWorker = 0;` means the same in every configuration: the configurations
// with the macro read 0 from a variable nobody writes, the others start
// from an initialized variable instead of an indeterminate one that they
// assign before reading it (reading it first would be undefined anyway).
// The group becomes that declaration, the line count kept, before any
// other analysis sees it.
//
// Only when it certainly means the same: the constant is a decimal `int`
// literal and the declaration exactly `int NAME;`, the group lies inside a
// block, no other directive names the macro but one `#undef` after it, no
// use lies in brackets (an array bound would become a variable-length
// array), and none between the end of the block and the `#undef` (where
// the macro would still stand and the variable would be gone).
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_PASSTHROUGHLOCALS_H
#define VARSIM_REWRITE_PASSTHROUGHLOCALS_H

#include "rewrite/DirectiveScanner.h"

#include "llvm/ADT/ArrayRef.h"

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace varsim::rewrite {

/// Text with every such group written as its one declaration; nullopt if
/// there is none.
std::optional<std::string> lowerConstantLocals(llvm::StringRef Text,
                                               const FileStructure &FS);

/// SQLite's `MUTEX_LOGIC( sqlite3_mutex *mutexShared; )`: a pass-through
/// macro (rewrite/passes/PassThroughMacrosPass.cpp) whose argument is one
/// local declaration without initializer, which later uses of the name
/// outside the macro need in every configuration once they are selected
/// at run time (`sqlite3_mutex_enter(mutexShared)`). Declaring it in every
/// configuration changes nothing where nothing else of that name is
/// visible: no declaration at file scope in any file a unit reads
/// (Globals), no earlier occurrence in the enclosing function (its
/// parameters, its locals). The declared name, if Args at offset Use of
/// Text (directive ranges Skip) is such a declaration.
std::optional<std::string> declarationForEveryConfiguration(
    llvm::StringRef Text, unsigned Use, llvm::StringRef Args,
    llvm::ArrayRef<std::pair<unsigned, unsigned>> Skip,
    const std::set<std::string> &Globals);

/// The offset ranges of Text's directive lines (a `#` first on a line, to
/// the end of its last continued line), sorted.
std::vector<std::pair<unsigned, unsigned>> directiveLines(llvm::StringRef Text);

/// The identifiers at file scope (brace depth 0) of Text, directive
/// ranges Skip left out.
void fileScopeIdentifiers(llvm::StringRef Text,
                          llvm::ArrayRef<std::pair<unsigned, unsigned>> Skip,
                          std::set<std::string> &Out);

} // namespace varsim::rewrite

#endif // VARSIM_REWRITE_PASSTHROUGHLOCALS_H
