//===- driver/UnrunRegions.h - Regions no run executed ----------*- C++ -*-===//
//
// A region that no run visited has no measured time: `varsim model` has no
// term for it, so it adds 0 s to every prediction. That is exact where the
// workload never runs it, and what a plan that covers a function's copies
// on demand (plan/OnDemand.h) relies on; the model's report says so
// instead of leaving the missing terms silent.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_DRIVER_UNRUNREGIONS_H
#define VARSIM_DRIVER_UNRUNREGIONS_H

#include "callgraph/CallTrace.h"
#include "manifest/Manifest.h"

#include "llvm/ADT/ArrayRef.h"

#include <optional>
#include <string>

namespace varsim::driver {

/// "N of M region(s) never ran in any of the K trace(s) ..." naming the
/// functions copied per configuration among them (M, the rewrite's
/// manifest, if known); none when every region ran.
std::optional<std::string>
unrunRegionsNote(llvm::ArrayRef<callgraph::CallTrace> Runs,
                 const manifest::Manifest *M);

} // namespace varsim::driver

#endif // VARSIM_DRIVER_UNRUNREGIONS_H
