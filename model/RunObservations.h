//===- model/RunObservations.h - Each run's self times ----------*- C++ -*-===//
//
// The merged call graph keeps a context's self time averaged over the runs
// that executed it. A local model needs the time of each run, with the
// values of the features in that run. Each run (a trace and the traces of
// the processes it forked) is built into a call graph of its own, by the
// same code as the merged graph (Equation 2, overhead correction, threads),
// and its contexts are matched with the merged graph's by their path of
// regions.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_MODEL_RUNOBSERVATIONS_H
#define VARSIM_MODEL_RUNOBSERVATIONS_H

#include "callgraph/CallGraph.h"

#include "llvm/ADT/StringMap.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace varsim::model {

struct RunObservation {
  std::string Trace;  ///< The run's (first) trace.
  std::string Config; ///< The CONFIG that ran.
  /// Feature name -> value in this run (0/1 for a boolean feature).
  llvm::StringMap<int64_t> Values;
  /// (context of the merged graph, self ns in this run), by context.
  std::vector<std::pair<uint32_t, double>> SelfNs;
  /// Per entry of SelfNs: the visits, and the range of the self time over
  /// the repetitions of this configuration (run-to-run noise).
  std::vector<double> Calls, NoiseNs;
  unsigned Repetitions = 1;

  int64_t valueOf(llvm::StringRef Feature) const {
    auto It = Values.find(Feature);
    return It == Values.end() ? 0 : It->second;
  }
};

struct RunObservations {
  std::vector<RunObservation> Runs;
  /// Contexts of a run that the merged graph does not have (should not
  /// happen; their time is left to the merged graph's average).
  size_t Unmatched = 0;
  /// Regions the runtime folded in any run (sorted): after their warm-up
  /// their time is their callers' self time.
  std::vector<uint32_t> FoldedRegions;
};

/// Groups Traces into configurations as CallGraph::build does (a fork
/// child joins its parent's run, repetitions of one configuration are one
/// observation: their medians) and records each configuration's self time
/// per context of Merged, which must have been built from the same traces.
llvm::Expected<RunObservations>
observeRuns(const callgraph::CallGraph &Merged,
            llvm::ArrayRef<callgraph::CallTrace> Traces,
            const callgraph::GraphOptions &Options = {});

} // namespace varsim::model

#endif // VARSIM_MODEL_RUNOBSERVATIONS_H
