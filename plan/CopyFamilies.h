//===- plan/CopyFamilies.h - The code of functions copied per configuration -*-
// C++ -*-===//
//
// The rewrite copies a function once per configuration of the decisions
// its body depends on: to lift undisciplined annotations
// (rewrite/FunctionCopies.h, `f__varsim_<condition>`, each copy's
// `function` region named after the original) or because it reads a
// file-scope entity that differs per configuration (rewrite/globals/,
// each copy a function `f__varsim_<condition>` of its own, called by a
// dispatcher `f` whose `#if` chain becomes one region per branch). The
// copies' conditions partition the configurations where f exists
// (planCopies), so each call of f runs exactly one copy, and the
// dispatcher's branch of it.
//
// Such a family is recognised in the manifest by its shape: at least two
// `function` regions at one place (file and line: every copy keeps the
// original's `#line`) whose names share the part before `__varsim_`, each
// with a condition other than 1. Its members are those function regions,
// every other region of the same file in a function of that name or of a
// copy's name (the code inside the copies, the dispatcher's branches), and
// the renamed variants of the copies. `main` is left out: it runs in every
// run, so covering its copies on demand would only defer their runs.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_PLAN_COPYFAMILIES_H
#define VARSIM_PLAN_COPYFAMILIES_H

#include "manifest/Manifest.h"
#include "plan/Plan.h"

#include <map>
#include <string>
#include <vector>

namespace varsim::plan {

/// Where a copied function exists: the disjunction of its copies'
/// conditions, and how many copies it has.
struct CopiedFunction {
  std::string Presence;
  unsigned Copies = 0;
};

struct OnDemandFamily {
  std::string Key; ///< "f (file:line)", RegionToCover::CopyOf.
  /// The copies' regions and variants, the regions inside them and the
  /// dispatcher's branches (In.Regions has the stand-in instead).
  std::vector<RegionToCover> Members;
  unsigned Copies = 0; ///< How many of Members are the copies themselves.
};

/// Sets RegionToCover::CopyOf on the members of every family of M and
/// returns each family's CopiedFunction by key. Regions[I] is M.Regions[I] for
/// I < M.Regions.size(); the entries after them are the variants of M.Renamings
/// (summarizeManifest's order).
std::map<std::string, CopiedFunction>
markCopyFamilies(const manifest::Manifest &M,
                 std::vector<RegionToCover> &Regions);

} // namespace varsim::plan

#endif // VARSIM_PLAN_COPYFAMILIES_H
