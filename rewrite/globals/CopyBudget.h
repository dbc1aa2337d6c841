//===- rewrite/globals/CopyBudget.h - How many copies an item may have ---===//
//
// A function copied per configuration by the #if rewriter is capped at
// MaxFunctionCopies: its copies are code, compiled and instrumented each.
// An item of this pass whose copies are small (a table of option names, the
// three-line function returning it: SQLite's sqlite3azCompileOpt, one entry
// per compile-time option, 2^n configurations) costs little per copy; its
// cap follows the text the copies add, up to MaxSmallItemCopies. A table of
// scalars that can be filled at start-up instead (FilledTables.cpp) is
// copied at most MaxFunctionCopies times: beyond, it is filled.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_GLOBALS_COPYBUDGET_H
#define VARSIM_REWRITE_GLOBALS_COPYBUDGET_H

#include "rewrite/FunctionCopies.h"

#include <algorithm>
#include <cstddef>

namespace varsim::rewrite::globals {

/// The text all copies of one item may add (bytes).
inline constexpr std::size_t CopyTextBudget = 2u << 20;
/// The most copies of any item, however small.
inline constexpr unsigned MaxSmallItemCopies = 128;

/// How many copies an item whose copied text is TextBytes long may have.
inline unsigned copyCap(std::size_t TextBytes) {
  std::size_t ByBudget = CopyTextBudget / std::max<std::size_t>(TextBytes, 1);
  return static_cast<unsigned>(
      std::clamp<std::size_t>(ByBudget, MaxFunctionCopies, MaxSmallItemCopies));
}

} // namespace varsim::rewrite::globals

#endif // VARSIM_REWRITE_GLOBALS_COPYBUDGET_H
