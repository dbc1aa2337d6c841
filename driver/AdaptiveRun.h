//===- driver/AdaptiveRun.h - The two phases of an adaptive run -*- C++ -*-===//
//
// `varsim run` without --no-adaptive: the minimal plan's runs first
// (conditions and exclusive groups, no data-flow requirement), then only
// the runs that the data-flow facts left standing after the earlier runs'
// visit counts and times need (plan/Evidence.h), one at a time, each
// chosen after the evidence of the runs before it. docs/plan.md.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_DRIVER_ADAPTIVERUN_H
#define VARSIM_DRIVER_ADAPTIVERUN_H

#include "plan/Evidence.h"
#include "plan/OutDir.h"
#include "plan/Plan.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <optional>

namespace varsim::driver {

/// The first runs: static runs (of Static) that meet the minimal plan's
/// requirements (no data-flow fact, RegionToCover::CalleeFeatures
/// included); with one such run, also the run that flips the most fact
/// features (a static run on a tie), so that one pair tests many facts.
llvm::Expected<plan::Plan> minimalFirstRuns(const plan::OutDirPlanInput &In,
                                            const plan::Plan &Static);

/// The most runs an adaptive run makes: the static plan's size, plus the
/// first runs that are not static runs (the flipping second run). Facts
/// the evidence leaves standing are observed as the static plan observes
/// them; only refuted facts save runs.
size_t adaptiveBound(const plan::Plan &Static,
                     llvm::ArrayRef<plan::PlannedRun> FirstRuns);

/// One round of the second phase: weighs the counts and times of every
/// run made so far (Evidence: those of the earlier rounds, extended with
/// the runs made since from their traces in TraceDir, listed in Runs as
/// index.json lists them; the first FirstRuns of Ran are the first runs)
/// against the static facts, and appends to Ran the next run that the facts
/// left standing need: none when Ran meets every requirement or holds
/// adaptiveBound() runs. One run per round, so that each run's evidence
/// can refute facts before the next run is chosen. Records what it
/// decided in Adaptive (index.json's "adaptive"). Returns 0 or the exit
/// code to stop with.
int addFollowUp(const plan::OutDirPlanInput &In, const plan::Plan &Static,
                size_t FirstRuns, plan::Plan &Ran, llvm::StringRef TraceDir,
                const llvm::json::Array &Runs,
                std::vector<plan::RunEvidence> &Evidence,
                std::optional<llvm::json::Object> &Adaptive);

/// `varsim plan OUT --evidence TRACES`: the round of addFollowUp that an
/// adaptive run would make after the first Limit runs (0: all) listed in
/// the run index TRACES (OUT/traces/index.json, or the directory holding
/// it), over their traces as they are now (every repetition). The summary
/// (with Verbose, every fact's verdict) goes to stderr, the next run (if
/// any) to Next. Replays an adaptive run's
/// decisions without running the program again. Returns 0 or the exit
/// code to stop with.
int replanAfterRuns(const plan::OutDirPlanInput &In, const plan::Plan &Static,
                    llvm::StringRef Traces, size_t Limit, bool Verbose,
                    std::vector<plan::PlannedRun> &Next);

/// Without the adaptive phases (--no-adaptive, --no-dataflow, or a
/// minimal plan no smaller than the static one): the runs that cover the
/// code of the functions covered on demand (plan/OnDemand.h) that the runs
/// of Ran made so far called and that Covered (the ones covered already,
/// updated) does not hold, appended to Ran. Returns 0 or the exit code to
/// stop with.
int addOnDemand(const plan::OutDirPlanInput &In, plan::Plan &Ran,
                llvm::StringRef TraceDir, const llvm::json::Array &Runs,
                std::vector<plan::RunEvidence> &Evidence,
                std::vector<size_t> &Covered);

/// index.json's "on_demand": each function covered on demand, its copies
/// and regions, and whether a run of Evidence called it.
llvm::json::Array onDemandIndex(const plan::OutDirPlanInput &In,
                                llvm::ArrayRef<plan::RunEvidence> Evidence);

} // namespace varsim::driver

#endif // VARSIM_DRIVER_ADAPTIVERUN_H
