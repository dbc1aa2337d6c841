//===- plan/Coverage.h - Which runs observe each fact -*- C++
//-*-===//
//
// A data-flow fact "the data (or an exit) of W reaches the control of
// region R" is observed by a plan when some run executes R (its presence
// condition holds) with W selected and some run executes it with W not
// selected (for a numeric W: with each of its values). This lists, per fact,
// the runs on each side, so that `varsim plan --report` can show them and
// the tests can check that a plan observes every fact.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_PLAN_COVERAGE_H
#define VARSIM_PLAN_COVERAGE_H

#include "plan/Plan.h"

#include <cstdint>
#include <map>

namespace varsim::plan {

struct FactCoverage {
  unsigned Region = 0;
  std::string Label;   ///< The region's label.
  std::string Feature; ///< W.
  /// W's value (1/0 for a boolean) -> the runs (0-based indices into
  /// Plan::Runs) in which R executes with that value.
  std::map<int64_t, std::vector<unsigned>> RunsByValue;
  /// Values of W with which R can execute in a valid configuration but no
  /// planned run executes it (empty when the plan observes the fact).
  std::vector<int64_t> Missing;
  /// Values with which R cannot execute at all (invalid under the model).
  std::vector<int64_t> Impossible;
};

/// One entry per (region, influencing feature) of Regions.
llvm::Expected<std::vector<FactCoverage>>
factCoverage(const fm::FeatureModel &Model,
             const std::vector<RegionToCover> &Regions, const Plan &P);

/// The runs that execute the code of one presence condition: the regions
/// (and the variants of renamed definitions) with that condition.
struct ConditionCoverage {
  std::string Condition;
  /// "region 3 f (a.c:12)", "variant f__varsim_not_A (a.c:9)".
  std::vector<std::string> Code;
  /// 0-based indices into Plan::Runs.
  std::vector<unsigned> Runs;
  /// No valid configuration satisfies the condition (dead code).
  bool Dead = false;
};

/// One entry per distinct presence condition of Regions other than "1",
/// in order of first appearance.
llvm::Expected<std::vector<ConditionCoverage>>
conditionCoverage(const fm::FeatureModel &Model,
                  const std::vector<RegionToCover> &Regions, const Plan &P);

/// "[!A] region 3 f (a.c:12), variant g__varsim_not_A (a.c:9): run 2".
void printConditionCoverage(const std::vector<ConditionCoverage> &Conditions,
                            llvm::raw_ostream &OS);

/// "region 3 f (a.c:12) [A]: LEVEL=0 runs 1, 3; LEVEL=1 run 2".
void printFactCoverage(const std::vector<FactCoverage> &Facts,
                       const fm::FeatureModel &Model, llvm::raw_ostream &OS);

} // namespace varsim::plan

#endif // VARSIM_PLAN_COVERAGE_H
