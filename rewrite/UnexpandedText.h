//===- rewrite/UnexpandedText.h - Text no configuration expands -*- C++ -*-===//
//
// A macro defined in only some branches of a feature group is unobservable
// where its name is never expanded: in text that every parse skips (SQLite's
// `#ifndef NDEBUG` prototypes in a release build) and in the arguments a
// macro of the system headers drops unexpanded (`assert(e)` under NDEBUG,
// SQLite's `assert( sqlite3BtreeHoldsAllMutexes(db) )`). The simulator is
// compiled with the same flags, so it drops them too. findConfinedMacros
// does not count such occurrences (MacroUses.h).
//
// Only text that every parse reading the file skips or drops counts: the
// parse configurations cover every satisfiable presence condition, so a
// token some configuration expands is expanded in one of them, unless the
// dropping macro itself changed per configuration; hence a macro the
// project defines or undefines, or any `#define`/`#undef` of NDEBUG in a
// feature group (a debugging option, rewrite/AssertUndefs.h), leaves the
// arguments counted. Every inclusion of a file counts: an X-macro list
// included twice, with another macro defined before each inclusion, may
// skip a line the first time and expand it the second.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_UNEXPANDEDTEXT_H
#define VARSIM_REWRITE_UNEXPANDEDTEXT_H

#include "rewrite/FeatureGroups.h"
#include "rewrite/ParseFacts.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace varsim::rewrite {

class UnexpandedText {
public:
  UnexpandedText() = default;
  /// NDEBUG a feature of the model: the parse configurations may all
  /// define it while some variants expand assert's argument, so dropped
  /// arguments are not trusted.
  UnexpandedText(const std::vector<ParseResult> &Results,
                 const std::map<std::string, FileStructure> &Structures,
                 const std::map<std::string, FileGroups> &Groups,
                 bool NDEBUGIsFeature);

  /// True if at least one parse reads File and every inclusion of File in
  /// every parse that reads it skips Offset or drops it as a discarded
  /// macro argument.
  bool contains(const std::string &File, unsigned Offset) const;

private:
  /// Per file, the facts of every parse that read it.
  std::map<std::string, std::vector<const FileFacts *>> Reads;
  /// Macros the project defines or undefines: their dropping is not
  /// trusted.
  std::set<std::string> ProjectMacros;
  bool ArgumentsTrusted = true;
};

} // namespace varsim::rewrite

#endif // VARSIM_REWRITE_UNEXPANDEDTEXT_H
