//===- model/ContextModels.h - Local models from data-flow facts -*- C++
//-*-===//
//
// Which calling contexts get a local model (model/LocalModel.h), over which
// features:
//  - With the data-flow facts (the region -> influencing features table of
//    `varsim plan`), a context is influenced by the features whose data
//    reaches the control flow of its region or of any region on its calling
//    path (a caller's loop bound decides how often the callee runs). Of
//    those, the features whose value differs between the runs in which the
//    context's term holds are its local model's features.
//  - Without facts, a context whose time differs between runs beyond noise
//    gets the smallest set of differing features that explains the
//    differences (within each group of runs with equal values of the set,
//    the times agree within noise).
// A run in which the context's term holds but which never reached the
// context observes it at 0 s (data decided not to run it).
//
// Counts are exact: a context whose visit counts differ between
// configurations (and agree between the repetitions of each) gets a local
// model even where the facts name no feature on its path (the analysis
// missed a flow), its difference needs only to stand out of the measured
// run-to-run noise, and its features are the fewest that explain both the
// counts and the times. Differences within the noise (a fixed floor, and
// two standard errors of a difference of two configurations' medians,
// model/Noise.h) never make one.
//
// The copies of one piece of code that the rewrite made per configuration
// (a function copied per value of a macro it depends on) are fitted as one
// local model with the copy a feature of it: they share the features'
// effects, so a copy that ran with few combinations of them is still
// predicted from every copy's runs.
// A copy that ran in a single configuration takes the family's model:
// its one observation cannot tell the copy's own difference from that
// configuration's drift.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_MODEL_CONTEXTMODELS_H
#define VARSIM_MODEL_CONTEXTMODELS_H

#include "callgraph/CallGraph.h"
#include "model/LocalModel.h"
#include "model/RunObservations.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace varsim::model {

struct DataFlowOptions {
  /// Each run's self times (required).
  const RunObservations *Runs = nullptr;
  /// Region id -> features whose data reaches its control flow (the
  /// data-flow facts); unset: the features are found from the runs.
  std::optional<std::map<unsigned, std::vector<std::string>>> Influences;
  /// Differences up to NoiseAbsoluteNs + NoiseRelative * |mean| are noise
  /// (used without facts).
  double NoiseRelative = 0.10;
  double NoiseAbsoluteNs = 1e6;
  /// ... and differences within the noise of a difference of two
  /// configurations' medians (termNoise(SE, 1), model/Noise.h; SE from the
  /// repetitions' ranges of `varsim run --repeat`, pooled by their median
  /// over the configurations, so that one configuration's outlier
  /// repetition does not hide an effect).
};

/// The local model of one context.
struct ContextModel {
  callgraph::Vertex Context = 0;
  std::vector<std::string> Features; ///< Its local model's features.
  std::vector<bool> Numeric;         ///< Per feature.
  std::vector<LocalTerm> Terms;      ///< Seconds.
  unsigned Observations = 0;         ///< Runs that observed it.
  bool FromFacts = false; ///< Features from the facts, not from the runs.
  /// Its visit counts differ between configurations (exact evidence).
  bool CountWitness = false;
  std::string Why; ///< Why it has a local model, for MODEL.json.
};

/// The contexts of CG that get a local model, by context.
std::vector<ContextModel> buildContextModels(const callgraph::CallGraph &CG,
                                             const DataFlowOptions &Options);

} // namespace varsim::model

#endif // VARSIM_MODEL_CONTEXTMODELS_H
