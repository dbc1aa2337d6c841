//===- rewrite/globals/SettledDefaults.h - Defaults inside copies -*- C++ -*-//
//
// A function copied per configuration is appended after the file's last
// line, under the #if branches that enclose the original. Its text may
// hold a project constant's default,
//
//   #ifndef INTEGRITY_ERROR_MAX
//   # define INTEGRITY_ERROR_MAX 100
//   #endif
//
// (SQLite's sqlite3Pragma). Any other #define in a copy would be one under
// a feature condition, so such items are left alone (and the #if rewriter
// refuses what they use). This default is settled by the time a copy is
// compiled: the original text, earlier in the same file under the same
// enclosing branches, has defined the macro, and nothing #undefs it after
// that. In the copy the group is a no-op and is dropped; where the original
// definition is replaced by a declaration (every copy appended), the group
// stays in its place.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_GLOBALS_SETTLEDDEFAULTS_H
#define VARSIM_REWRITE_GLOBALS_SETTLEDDEFAULTS_H

#include "rewrite/DirectiveScanner.h"
#include "rewrite/FeatureGroups.h"

#include "llvm/ADT/StringRef.h"

#include <string>
#include <utility>
#include <vector>

namespace varsim::rewrite::globals {

/// The ranges [#ifndef, past #endif) inside [Begin, End) of groups that
/// only give a non-feature macro its default (`#ifndef M` / `#define M v` /
/// `#endif`, no #elif/#else, nothing else inside) and whose macro the file
/// never #undefs after the group.
std::vector<std::pair<unsigned, unsigned>>
settledDefaults(const FileStructure &FS, const FileGroups &FG, unsigned Begin,
                unsigned End);

/// The text that replaces [Begin, End) of Text when a function's original
/// definition moves to its appended copies: its newlines, and the settled
/// defaults in it verbatim (the copies no longer hold them; later code of
/// the file may use the macro).
std::string
keepSettledOnly(llvm::StringRef Text, unsigned Begin, unsigned End,
                const std::vector<std::pair<unsigned, unsigned>> &Keep);

} // namespace varsim::rewrite::globals

#endif // VARSIM_REWRITE_GLOBALS_SETTLEDDEFAULTS_H
