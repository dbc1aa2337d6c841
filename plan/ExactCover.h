//===- plan/ExactCover.h - The fewest runs, by search -----------*- C++ -*-===//
//
// Private to the planner. First fit (Planner.cpp) merges requirements into
// partial configurations one at a time and never revisits a merge; with a
// region's one-at-a-time design over its timed features (a base point and
// each point that changes one feature, RequirementSpec::BaseGroup) beside
// the pairwise requirements of the same features, its runs serve one kind
// of requirement or the other, and the design's base is fixed before the
// rest of the plan is known. When the feature model has few valid
// configurations, a set cover over them, searched exactly (iterative
// deepening, branching on the hardest uncovered requirement), finds the
// fewest runs and lets each design take whichever base the rest of the plan
// makes cheapest.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_PLAN_EXACTCOVER_H
#define VARSIM_PLAN_EXACTCOVER_H

#include "plan/Requirements.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace varsim::plan {

struct ExactCoverOptions {
  /// Only covers of fewer configurations than this are searched for.
  size_t FewerThan = 0;
  /// An index into the candidates that every cover must hold (the
  /// simulator's default), if any.
  std::optional<size_t> Forced;
  /// Search nodes before giving up (no answer rather than a slow plan).
  uint64_t Budget = 200000;
};

/// The fewest Candidates (indices, the forced one first, then in candidate
/// order) that cover every requirement of Specs some candidate covers, and,
/// for each one-at-a-time group, every requirement of one of its base
/// choices; nothing if no cover smaller than Options.FewerThan exists or
/// the search ran out of budget before proving the smallest.
std::optional<std::vector<size_t>>
findExactCover(const std::vector<fm::Configuration> &Candidates,
               const std::vector<RequirementSpec> &Specs,
               const ExactCoverOptions &Options);

/// For each one-at-a-time group of Specs, the first base choice whose
/// requirements Runs all cover (0 if none does); indexed by group number.
std::vector<unsigned> chosenBases(const std::vector<fm::Configuration> &Runs,
                                  const std::vector<RequirementSpec> &Specs);

} // namespace varsim::plan

#endif // VARSIM_PLAN_EXACTCOVER_H
