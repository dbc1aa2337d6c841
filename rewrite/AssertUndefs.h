//===- rewrite/AssertUndefs.h - #undef NDEBUG under a feature ---*- C++ -*-===//
//
// A debugging option turns the C assertions on even in a release build
// (`-DNDEBUG`): `#ifdef MYDEBUG` / `#undef NDEBUG` / `#include <assert.h>` /
// `#define my_assert(c) assert(c)` / `#endif`. The #undef cannot become a
// run-time choice, but the C standard gives NDEBUG one effect only: how
// <assert.h> defines `assert` at each inclusion. Kept unconditionally in
// the simulator, the #undef makes `assert` the checking one in every
// configuration from there on; that is unobservable if every later
// occurrence of `assert` lies where the option is on (in the option's own
// macro bodies, say), and NDEBUG is tested and defined nowhere else in the
// project.
//
// Otherwise (Lua's LUAI_ASSERT with LUA_USE_APICHECK, whose
// `luai_apicheck(l,e) assert(e)` lies in luaconf.h, outside the option)
// `assert` is made conditional after the inclusion: it checks where the
// branch is on, or where the build did not define NDEBUG at all, and
// evaluates nothing elsewhere, as the variants' release `assert` does. That
// holds until <assert.h> is included again, so every other inclusion read
// with this file must come before the #undef: in this file above it, in a
// guarded header this file includes above it, or in a translation unit's
// own source above its first include that leads here. This file finds such
// #undefs, and for the others why they cannot be kept (the refusal's
// message).
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_ASSERTUNDEFS_H
#define VARSIM_REWRITE_ASSERTUNDEFS_H

#include "rewrite/FeatureGroups.h"
#include "rewrite/ParseFacts.h"

#include <functional>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace varsim::rewrite {

/// How an `#undef NDEBUG` in a feature branch, followed by `#include
/// <assert.h>`, is kept in the simulator.
struct AssertUndef {
  /// Non-empty: it cannot be kept; why not (an occurrence of `assert` that
  /// may be reached with the feature off and an inclusion of <assert.h>
  /// after it, "file:line", or NDEBUG tested or defined in the project).
  std::string Refusal;
  /// Kept with `assert` redefined after the inclusion to check only where
  /// Presence holds (some `assert` may be reached with the feature off).
  bool Conditional = false;
  CondPtr Presence; ///< The branch's presence condition.
};

/// Per `#undef NDEBUG` in a feature branch that the next directive follows
/// with `#include <assert.h>` (file, directive index). ReadBy: per file,
/// the parses (indices into Results) that read it; Shown: a file's name
/// for messages.
std::map<std::pair<std::string, unsigned>, AssertUndef>
findAssertUndefs(const std::map<std::string, std::string> &Texts,
                 const std::map<std::string, FileStructure> &Structures,
                 const std::map<std::string, FileGroups> &Groups,
                 const std::vector<ParseResult> &Results,
                 const std::map<std::string, std::set<unsigned>> &ReadBy,
                 const std::set<std::string> &TestedMacros,
                 const std::function<std::string(const std::string &)> &Shown,
                 const FeatureSetup &F);

/// The name of the macro holding whether `assert` checks after the
/// conditional #undef at Line of File (AssertUndef::Conditional).
std::string assertSwitchName(llvm::StringRef File, unsigned Line);

} // namespace varsim::rewrite

#endif // VARSIM_REWRITE_ASSERTUNDEFS_H
