//===- rewrite/ParseCount.h - Parses per translation unit and configuration -*-
// C++ -*-===//
//
// How often the rewrite parses each translation unit in each parse
// configuration, and in which pass: the figure that shows whether the
// passes share their parses (issue 18's goal is one parse per translation
// unit and configuration on unchanged texts). runSyntaxOnly records every
// parse while a CountParses is alive; `varsim rewrite --verbose` prints
// the counts and the manifest stores them ("parses").
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_PARSECOUNT_H
#define VARSIM_REWRITE_PARSECOUNT_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <map>
#include <string>
#include <utility>

namespace varsim::rewrite {

struct ParseCounts {
  /// (translation unit's file, its -D/-U flags joined) -> pass -> parses.
  std::map<std::pair<std::string, std::string>, std::map<std::string, unsigned>>
      ByUnit;

  /// The parses of one translation unit in one configuration, all passes.
  static unsigned total(const std::map<std::string, unsigned> &ByPass);
};

/// While alive, every parse runSyntaxOnly makes (in any thread) is counted
/// in Counts under Pass. One at a time: the passes run in sequence.
class CountParses {
public:
  CountParses(ParseCounts &Counts, llvm::StringRef Pass);
  ~CountParses();
  CountParses(const CountParses &) = delete;
  CountParses &operator=(const CountParses &) = delete;
};

/// Counts one parse of Unit with Defines (called by runSyntaxOnly).
void recordParse(llvm::StringRef Unit, llvm::ArrayRef<std::string> Defines);

} // namespace varsim::rewrite

#endif // VARSIM_REWRITE_PARSECOUNT_H
