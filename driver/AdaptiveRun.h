//===- driver/AdaptiveRun.h - The two phases of an adaptive run -*- C++ -*-===//
//
// `varsim run` without --no-adaptive: the minimal plan's runs first
// (conditions and exclusive groups, no data-flow requirement), then only
// the runs that the data-flow facts left standing after the first runs'
// visit counts and times need (plan/Evidence.h). docs/plan.md.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_DRIVER_ADAPTIVERUN_H
#define VARSIM_DRIVER_ADAPTIVERUN_H

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

/// The second phase: weighs the first runs' counts and times (their
/// traces in TraceDir, listed in Runs as index.json lists them) against
/// the static facts and appends to Ran the runs that the facts left
/// standing need, at most adaptiveBound() in all. Records what
/// it decided in Adaptive (index.json's "adaptive"). Returns 0 or the exit
/// code to stop with.
int addFollowUps(const plan::OutDirPlanInput &In, const plan::Plan &Static,
                 plan::Plan &Ran, llvm::StringRef TraceDir,
                 const llvm::json::Array &Runs,
                 std::optional<llvm::json::Object> &Adaptive);

} // namespace varsim::driver

#endif // VARSIM_DRIVER_ADAPTIVERUN_H
