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
};

/// Every requirement of Regions (and of the model's exclusive groups);
/// what cannot be covered goes to Notes.
llvm::Expected<std::vector<RequirementSpec>>
buildRequirements(const fm::FeatureModel &Model,
                  const std::vector<RegionToCover> &Regions,
                  const PlanOptions &Options, std::vector<std::string> &Notes);

} // namespace varsim::plan

#endif // VARSIM_PLAN_REQUIREMENTS_H
