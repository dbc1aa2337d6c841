//===- plan/Plan.h - The run plan -------------------------------*- C++ -*-===//
//
// Which configurations to run the variant simulator with. A plan is the
// fewest valid configurations (found greedily, deterministically) such that
//  - every region runs in some configuration that satisfies its presence
//    condition (with CoverNegatedConditions, for a region with data-flow
//    facts, some configuration also does not satisfy it),
//  - every feature of an exclusive group is selected in some configuration,
//  - every region whose control flow depends on feature data (the data-flow
//    facts) is observed under each valid combination of its influencing
//    features when there are at most two of them, and otherwise with each
//    one changed from a base point (PlanOptions::FullCombinationsUpTo).
// The approach is ConfigCrusher's compression (Algorithm 1 of the
// conference paper): each requirement is a partial configuration, and
// compatible partial configurations are merged (compatibility is decided by
// the feature model's BDD, not by a pivot), first fit, hardest first; the
// merged partial configurations are then completed by selecting every
// optional feature that can still be selected, so that as much code as
// possible runs in each run. A model with few valid configurations is also
// planned by an exact set cover over them (plan/ExactCover.h), kept when it
// needs fewer runs.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_PLAN_PLAN_H
#define VARSIM_PLAN_PLAN_H

#include "feature_models/FeatureModel.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace varsim::plan {

/// What the plan must cover for one region.
struct RegionToCover {
  unsigned Id = 0;
  /// Presence condition, calltrace.json syntax over feature names ("1" for
  /// Base). The region must run under it in some planned configuration.
  std::string Condition = "1";
  /// Features (names, or macros the model knows) whose data reaches the
  /// region's control flow: each valid combination of their values must be
  /// observed together with Condition.
  std::vector<std::string> InfluencingFeatures;
  /// For explanations only, e.g. "main (src/main.c:14)".
  std::string Label;
  /// Not a region of the manifest's table but one variant of a definition
  /// renamed per configuration (`cell_at__varsim_not_TORUS_WORLD`): it has
  /// no marker of its own when it is tiny, yet its code runs only under
  /// Condition, so some run must take it (Id is then meaningless).
  bool IsVariant = false;
  /// Features of unmarked feature code timed in the region (the manifest's
  /// "unmarked_code", and decisions in unmarked callees): each is observed
  /// with each of its values, changed one at a time among themselves (their
  /// product would double a plan per feature), and in every combination
  /// with each of InfluencingFeatures (strength >= 2): both act in the
  /// region's one self time.
  std::vector<std::string> TimedFeatures = {};
  /// The TimedFeatures that come from the data-flow analysis (a decision in
  /// an unmarked callee, evidence kind "callee"), not from the rewrite's
  /// unmarked code: like InfluencingFeatures, they are facts that an
  /// adaptive run leaves out of its first runs and weighs against their
  /// counts (plan/Evidence.h), while unmarked code is timed there for sure.
  std::vector<std::string> CalleeFeatures = {};
  /// The function holding the region (a variant: its renamed name), for
  /// dropping code no run can execute (plan/Reachable.h).
  std::string Function = {};
  /// Set on the code of a function copied per configuration (its copies,
  /// the regions in them, its dispatcher's branches; plan/CopyFamilies.h):
  /// "f (file:line)", the function the code belongs to. Such regions are
  /// covered on demand (plan/OnDemand.h); with IsVariant, the stand-in that
  /// covers the function's presence until a run shows it runs.
  std::string CopyOf = {};
};

struct PlanOptions {
  /// Also require one run per member of every exclusive group (so that the
  /// plan has at least as many runs as the largest group).
  bool CoverExclusiveGroups = true;
  /// A region influenced by at most this many features is observed under
  /// every valid combination of their values (the local model then has
  /// every interaction term). One influenced by more is observed at a base
  /// point (every influencing feature off, a numeric one at its default)
  /// and at each point that changes one feature's value from it: each fact
  /// "W reaches R" is seen with W on and off (every value of a numeric W),
  /// and the local model gets each feature's effect on R, without the
  /// product of all values (on Lua, every API region is influenced by the
  /// same three options: 8 runs for 8 variants before).
  unsigned FullCombinationsUpTo = std::numeric_limits<unsigned>::max();
  /// Also require, for each condition C (other than 1) of a region with
  /// data-flow facts, a run in which C does not hold (where the model
  /// allows one). Off by default: it adds a run to most plans with facts
  /// (depth_limit 4 -> 5, logbuf and smooth_passes 2 -> 3).
  bool CoverNegatedConditions = false;
  /// Data-flow requirements are skipped for a region whose features have
  /// more combinations than this (with a note), to keep plans small.
  unsigned MaxCombinationsPerRegion = 256;
  /// The simulator's default configuration (what it runs without
  /// VARSIM_CONFIG): planned first when that costs no extra run; otherwise
  /// a note says why not.
  std::optional<fm::Configuration> Default;
  /// Configurations that have run already (the first phase of an adaptive
  /// `varsim run`): the requirements one of them covers are met, and the
  /// plan holds only the runs the others need, none when every
  /// requirement is met (Default is then ignored).
  std::vector<fm::Configuration> AlreadyRun = {};
};

/// One requirement the plan satisfies, for explanations.
struct Requirement {
  std::string What; ///< e.g. "region 3 (A && B) with LEVEL=2, FAST=0".
  /// Indices into Plan::Runs of the runs that satisfy it.
  std::vector<unsigned> CoveredBy;
};

struct PlannedRun {
  fm::Configuration Config;
  std::string ConfigString; ///< As printed by `varsim plan`.
};

struct Plan {
  /// The configurations to run; the first is the simulator's default if
  /// FirstIsDefault.
  std::vector<PlannedRun> Runs;
  bool FirstIsDefault = false;
  std::vector<Requirement> Requirements;
  /// What could not be covered and why (a dead region, an invalid
  /// combination of influencing features, ...).
  std::vector<std::string> Notes;
};

/// Computes the plan. Fails on a condition that does not parse or names an
/// unknown feature, or a model without any valid configuration.
llvm::Expected<Plan> computePlan(const fm::FeatureModel &Model,
                                 const std::vector<RegionToCover> &Regions,
                                 const PlanOptions &Options = {});

/// Prints which run covers what, and the notes (for `varsim plan -v`).
void printExplanation(const Plan &P, llvm::raw_ostream &OS);

} // namespace varsim::plan

#endif // VARSIM_PLAN_PLAN_H
