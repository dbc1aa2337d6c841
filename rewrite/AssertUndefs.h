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
// project. This file finds such #undefs and, for the others, the occurrence
// of `assert` that forbids it (for the refusal's message).
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

/// Per `#undef NDEBUG` in a feature branch that the next directive follows
/// with `#include <assert.h>` (file, directive index): empty if keeping it
/// unconditionally is unobservable, else why not (an occurrence of
/// `assert` that may be reached with the feature off, "file:line", or that
/// NDEBUG is tested or defined in the project). ReadBy: per file, the
/// parses (indices into Results) that read it; Shown: a file's name for
/// messages.
std::map<std::pair<std::string, unsigned>, std::string>
findAssertUndefs(const std::map<std::string, std::string> &Texts,
                 const std::map<std::string, FileStructure> &Structures,
                 const std::map<std::string, FileGroups> &Groups,
                 const std::vector<ParseResult> &Results,
                 const std::map<std::string, std::set<unsigned>> &ReadBy,
                 const std::set<std::string> &TestedMacros,
                 const std::function<std::string(const std::string &)> &Shown,
                 const FeatureSetup &F);

} // namespace varsim::rewrite

#endif // VARSIM_REWRITE_ASSERTUNDEFS_H
