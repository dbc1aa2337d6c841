//===- plan/Reachable.h - Cover only code that can run -----------*- C++
//-*-===//
//
// The plan covers a region, or a variant of a function renamed or copied
// per configuration, so that some run observes its time. Code that no run
// can execute (the data-flow analysis's call-graph reachability from the
// program's entry points, dataflow/Reachability.cpp) has no time in any
// run: every term of it is zero in every configuration, whatever runs are
// planned. Covering it would only add runs (Mbed TLS's
// `mbedtls_version_check_feature`, copied per configuration of five
// options and never called by the workload, made its minimal plan 32
// runs). Such regions and variants are dropped from the regions to cover.
// A region that can run keeps all its requirements: its presence
// condition, its data-flow facts and unmarked code timed in it.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_PLAN_REACHABLE_H
#define VARSIM_PLAN_REACHABLE_H

#include "dataflow/DataFlow.h"
#include "plan/Plan.h"

#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace varsim::plan {

/// Removes from Regions those that Facts call unreachable (a region by id,
/// a renamed variant by its function's name) and returns their labels.
std::vector<std::string> dropUnreachable(std::vector<RegionToCover> &Regions,
                                         const dataflow::DataFlowFacts &Facts);

/// For `varsim plan --report`: what the plan does not cover, and why.
void printUnreachable(const std::vector<std::string> &Dropped,
                      llvm::raw_ostream &OS);

} // namespace varsim::plan

#endif // VARSIM_PLAN_REACHABLE_H
