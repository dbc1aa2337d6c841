//===- plan/Evidence.h - What the first runs say about the facts -*- C++
//-*-===//
//
// An adaptive `varsim run` runs the minimal plan first (presence
// conditions and exclusive groups, no data-flow requirement), then weighs
// what those runs measured against the static data-flow facts, and plans
// further runs only where the evidence calls for them:
//  - visit counts are exact: a region whose calls differ between two runs
//    (and agree between the repetitions of each) is a witness that some
//    feature that differs between the runs decides how often it runs;
//  - a fact "W reaches the control of R" whose region ran with W on and
//    off, with equal counts and times within noise, is refuted: it needs
//    no run of its own;
//  - a fact that no pair of runs could test stays as the analysis says;
//  - a region with no fact whose counts differ gets the features that
//    differ between its witnessing runs as influences (the analysis missed
//    a flow).
// Timing differences beyond noise keep a fact but never add one: a time
// carries the load of the machine, a count does not. Where a native
// reference ran beside the runs, their times are compared at one speed of
// the machine (the median of the references'): a VM whose speed moves by
// 20-40 % within minutes at load 1 would otherwise keep every fact of a
// region that runs long, RapidJSON's main included.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_PLAN_EVIDENCE_H
#define VARSIM_PLAN_EVIDENCE_H

#include "callgraph/CallTrace.h"
#include "condition/Condition.h"
#include "plan/OutDir.h"
#include "plan/Plan.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace varsim::plan {

/// One configuration's measurements per region (over its repetitions).
struct RunEvidence {
  std::string Config;
  /// Feature name -> value in this run (0/1 for a boolean feature).
  std::map<std::string, int64_t> Values;
  /// Region id -> the trace's condition of the region.
  std::vector<condition::CondPtr> Conditions;
  /// Region id -> visits (the median over the repetitions), self time in
  /// ns (median) and its range over the repetitions.
  std::vector<uint64_t> Calls;
  std::vector<double> SelfNs, NoiseNs;
  /// How many repetitions the medians and ranges are of (a range of one
  /// run says nothing of the noise).
  unsigned Repetitions = 1;
  /// The machine's speed while this configuration ran: the median over its
  /// repetitions of the native reference run beside each (ns; 0 without a
  /// native reference). SelfNs and NoiseNs are at that speed: each
  /// repetition's times are scaled to it first.
  double SpeedNs = 0;
  /// Region id -> whether its visits differ between repetitions (a program
  /// that counts by the clock) or are not all counted (a Base region the
  /// runtime folded): such counts witness nothing. A folded region under a
  /// feature condition has its visits counted: its totals are exact (its
  /// contexts' shares are not, and none is read here).
  std::vector<bool> CountsVary;

  int64_t valueOf(llvm::StringRef Feature) const {
    auto It = Values.find(Feature.str());
    return It == Values.end() ? 0 : It->second;
  }
  bool executes(unsigned Region) const;
};

/// The evidence of one configuration from the traces of its repetitions
/// (at least one; each the trace of one run of the same CONFIG).
llvm::Expected<RunEvidence>
evidenceOf(llvm::ArrayRef<callgraph::CallTrace> Repetitions);

enum class Verdict {
  Unobserved,   ///< No two runs executed the region with W differing.
  CountWitness, ///< Its visits differ between such runs (exact).
  TimeWitness,  ///< Equal visits, times differ beyond noise.
  Refuted,      ///< Equal visits, equal times within noise.
  /// The region's own condition fixes W (`!W && ...`, `W == 20`): wherever
  /// it runs, W has one value, so no run can vary it there.
  Vacuous,
};

llvm::StringRef verdictName(Verdict V);

struct FactVerdict {
  unsigned Region = 0;
  std::string Label, Feature;
  Verdict V = Verdict::Unobserved;
  /// "runs 1 and 2: 40 vs 25 visits" and the like.
  std::string Why;
};

struct EvidenceOptions {
  /// A time difference is beyond noise when it exceeds all of: this many
  /// times the region's typical repetition range (the median over the
  /// repeated runs: one run's slow repetition does not make every
  /// difference noise), this fraction of the larger time, and AbsoluteNs.
  double NoiseFactor = 3, Relative = 0.05, AbsoluteNs = 1e6;
};

struct WeighedFacts {
  /// Regions with the facts kept: refuted features are removed from
  /// InfluencingFeatures, count-witnessed regions without facts get the
  /// features that differ between their witnessing runs.
  std::vector<RegionToCover> Regions;
  std::vector<FactVerdict> Facts;
  /// Regions that no fact named whose visits differ between runs.
  std::vector<FactVerdict> NewWitnesses;
};

/// Weighs the static facts of Regions (InfluencingFeatures) against the
/// runs' evidence, their times at one speed of the machine where every run
/// had a native reference (RunEvidence::SpeedNs).
WeighedFacts weighFacts(const std::vector<RegionToCover> &Regions,
                        llvm::ArrayRef<RunEvidence> Runs,
                        const EvidenceOptions &Options = {});

/// The runs to add to Done so that Regions' requirements are all met:
/// first those of Candidates (the static plan's runs, in order) that
/// reduce what is left, then a plan of their own for the rest; or, if
/// fewer, a plan of their own for all of it. Empty when Done meets every
/// requirement.
llvm::Expected<std::vector<PlannedRun>>
runsToAdd(const OutDirPlanInput &In, const std::vector<RegionToCover> &Regions,
          llvm::ArrayRef<PlannedRun> Candidates,
          llvm::ArrayRef<PlannedRun> Done);

} // namespace varsim::plan

#endif // VARSIM_PLAN_EVIDENCE_H
