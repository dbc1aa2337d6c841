//===- test/model/ModelTestUtil.h - Helpers for model tests -----*- C++ -*-===//

#ifndef VARSIM_TEST_MODEL_MODELTESTUTIL_H
#define VARSIM_TEST_MODEL_MODELTESTUTIL_H

#include "callgraph/CallGraph.h"
#include "feature_models/FeatureModel.h"
#include "model/PerformanceModel.h"
#include "model/RunObservations.h"
#include "support/Diagnostic.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <map>

namespace varsim::model::test {

inline callgraph::CallGraph graphOf(std::vector<callgraph::CallTrace> Traces,
                                    callgraph::GraphOptions O = {}) {
  llvm::Expected<callgraph::CallGraph> G =
      callgraph::CallGraph::build(Traces, O);
  if (!G) {
    ADD_FAILURE() << errorToString(G.takeError());
    std::abort();
  }
  return std::move(*G);
}

inline callgraph::CallGraph graphOfFiles(std::vector<std::string> Paths) {
  std::vector<callgraph::CallTrace> Traces;
  for (const std::string &P : Paths) {
    llvm::Expected<callgraph::CallTrace> T = callgraph::readCallTrace(P);
    if (!T) {
      ADD_FAILURE() << errorToString(T.takeError());
      std::abort();
    }
    Traces.push_back(std::move(*T));
  }
  return graphOf(std::move(Traces));
}

/// Each run's observations of G's contexts (model/RunObservations.h).
inline RunObservations
observationsOf(const callgraph::CallGraph &G,
               const std::vector<callgraph::CallTrace> &Traces) {
  llvm::Expected<RunObservations> Runs = observeRuns(G, Traces);
  if (!Runs) {
    ADD_FAILURE() << errorToString(Runs.takeError());
    std::abort();
  }
  return std::move(*Runs);
}

/// The model of G with options O.
inline PerformanceModel modelWith(const callgraph::CallGraph &G,
                                  const ModelOptions &O) {
  llvm::Expected<PerformanceModel> M = buildModel(G, O);
  if (!M) {
    ADD_FAILURE() << errorToString(M.takeError());
    std::abort();
  }
  return std::move(*M);
}

inline PerformanceModel modelOf(const callgraph::CallGraph &G,
                                Simplification Mode,
                                const fm::FeatureModel *FM = nullptr,
                                double Threshold = 0) {
  ModelOptions O;
  O.Mode = Mode;
  O.Features = FM;
  O.ThresholdSeconds = Threshold;
  // The terms as the algorithm gives them; folding has tests of its own.
  O.FoldShare = 0;
  return modelWith(G, O);
}

inline fm::FeatureModel featureModel(const std::string &Path) {
  llvm::Expected<fm::FeatureModel> FM = fm::loadFeatureModel(Path);
  if (!FM) {
    ADD_FAILURE() << errorToString(FM.takeError());
    std::abort();
  }
  return std::move(*FM);
}

/// Term name -> seconds.
inline std::map<std::string, double> termsOf(const PerformanceModel &M) {
  std::map<std::string, double> Out;
  for (const Term &T : M.Terms)
    Out[T.name()] = T.Seconds;
  return Out;
}

/// A configuration by the names of its selected boolean features.
inline double predictSelected(const PerformanceModel &M,
                              std::set<std::string> Selected) {
  return M.predict([&](llvm::StringRef Name) -> int64_t {
    return Selected.count(Name.str());
  });
}

} // namespace varsim::model::test

#endif // VARSIM_TEST_MODEL_MODELTESTUTIL_H
