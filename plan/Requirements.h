//===- plan/Requirements.h - What a plan covers -----------------*- C++ -*-===//
//
// Private to the planner: each thing a plan must cover (a region's presence
// condition, one combination of a region's influencing features, one member
// of an exclusive group) becomes a Requirement, a disjunction of Cubes
// (partial configurations) any one of which covers it.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_PLAN_REQUIREMENTS_H
#define VARSIM_PLAN_REQUIREMENTS_H

#include "plan/Plan.h"

#include <cstdint>
#include <optional>
#include <utility>

namespace varsim::plan {

/// A partial configuration: boolean literals and numeric values.
struct Cube {
  std::vector<fm::Literal> Literals;
  std::vector<std::pair<fm::FeatureId, int64_t>> Values;

  /// This cube and Other together, or nothing if they contradict each
  /// other or the feature model.
  std::optional<Cube> mergedWith(const Cube &Other,
                                 const fm::FeatureModel &Model) const;
  bool isSatisfiedBy(const fm::Configuration &C) const;
  bool mentions(fm::FeatureId F) const;
};

struct RequirementSpec {
  std::string What;
  std::vector<Cube> Alternatives; ///< Any one covers the requirement.
  /// Harder requirements are placed first (first-fit decreasing).
  unsigned Rank = 0;
  /// Non-zero: one of the points of a region's one-at-a-time design over its
  /// timed features (a base point and each point that changes one of them),
  /// for the base numbered BaseChoice. The design is met when, for some
  /// choice, every requirement of its group with that choice is covered;
  /// choice 0 (the valid base closest to every flag off) is the one the
  /// greedy planner uses, the others let the exact search (ExactCover.h)
  /// take a base the rest of the plan runs anyway.
  unsigned BaseGroup = 0;
  unsigned BaseChoice = 0;
};

/// Whether the complete configuration C covers R (one of its alternatives).
bool covers(const fm::Configuration &C, const RequirementSpec &R);

/// Every requirement of Regions (and of the model's exclusive groups);
/// what cannot be covered goes to Notes.
llvm::Expected<std::vector<RequirementSpec>>
buildRequirements(const fm::FeatureModel &Model,
                  const std::vector<RegionToCover> &Regions,
                  const PlanOptions &Options, std::vector<std::string> &Notes);

} // namespace varsim::plan

#endif // VARSIM_PLAN_REQUIREMENTS_H
