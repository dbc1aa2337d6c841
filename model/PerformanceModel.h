//===- model/PerformanceModel.h - Performance-influence models --*- C++ -*-===//
//
// The paper's performance model (Section 3.1, Equation 1, with the
// interaction terms of Section 3.2): a sum of terms, each a conjunction of
// feature literals (and, for conditions that are not conjunctions, general
// conditions) with the seconds that the code of those contexts takes.
//
// Built from a CallGraph by Algorithm 3 (every context adds its self time to
// the term prefix + feature), then simplified:
//  - None:  the raw terms of Algorithm 2 (`Base#ColorScan#Logging`).
//  - Paper: S-Ref (`f#f -> f`, adjacent repetitions) and S-Mand (a leading
//    mandatory feature with nothing before it drops out: `Base#f -> f`) to a
//    fixpoint; order-sensitive, as in the paper. Mandatory = Base or, with a
//    feature model, a core feature.
//  - Full (default): a term is a set of literals (order does not matter for
//    prediction); Base and core features drop out; a literal implied by the
//    others under the feature model drops out; a term with contradictory
//    literals, or that no valid configuration satisfies, is reported and left
//    out of the model.
// Equal terms are merged. Terms whose seconds are below a noise threshold are
// dropped and reported.
//
// A configuration's prediction is the sum of the terms whose atoms all hold.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_MODEL_PERFORMANCEMODEL_H
#define VARSIM_MODEL_PERFORMANCEMODEL_H

#include "callgraph/CallGraph.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace varsim::fm {
class FeatureModel;
}

namespace varsim::model {

using callgraph::Atom;

struct Term {
  /// The conjuncts, in the order they were met; empty for Base.
  std::vector<Atom> Atoms;
  double Seconds = 0;
  /// Where its time was spent: "file:line (function)", sorted, unique.
  std::vector<std::string> Sources;

  /// "A#B#!C"; "Base" for the empty term.
  std::string name() const;
  /// Number of features that interact in it (0 for Base).
  unsigned order() const { return static_cast<unsigned>(Atoms.size()); }
  bool holds(llvm::function_ref<int64_t(llvm::StringRef)> ValueOf) const;
};

enum class Simplification { None, Paper, Full };
llvm::StringRef simplificationName(Simplification S);

/// A context whose time differed between runs: a likely data-flow
/// interaction.
struct DataFlowFinding {
  std::string Function;
  std::string Location; ///< file:line
  std::string Condition;
  std::string Term;
  std::string MinRun, MaxRun; ///< "trace.json (CONFIG)"
  double MinSeconds = 0, MaxSeconds = 0;
};

struct RunSummary {
  std::string Trace;
  std::string Config;
  double Seconds = 0; ///< Measured, overhead corrected.
};

struct ModelFeature {
  std::string Name;
  bool Numeric = false;
};

struct PerformanceModel {
  Simplification Mode = Simplification::Full;
  double ThresholdSeconds = 0;
  std::string FeatureModelPath; ///< "" if built from the traces alone.
  std::vector<ModelFeature> Features;
  std::vector<RunSummary> Runs;
  std::vector<Term> Terms;         ///< Largest first.
  std::vector<Term> Dropped;       ///< Below the threshold.
  std::vector<Term> Unsatisfiable; ///< No valid configuration has them.
  std::vector<DataFlowFinding> DataFlow;
  std::vector<std::string> Warnings;

  /// Sum of the terms' seconds.
  double totalSeconds() const;
  /// Sum of the terms that hold under ValueOf (a feature's value: 0/1 for a
  /// boolean one).
  double predict(llvm::function_ref<int64_t(llvm::StringRef)> ValueOf) const;
};

struct ModelOptions {
  Simplification Mode = Simplification::Full;
  /// Terms with |seconds| below it are dropped (and reported); terms of
  /// exactly zero seconds always are.
  double ThresholdSeconds = 1e-6;
  /// Optional: mandatory/core features, implications, satisfiability.
  const fm::FeatureModel *Features = nullptr;
};

/// Algorithm 3 and the simplifications.
llvm::Expected<PerformanceModel> buildModel(const callgraph::CallGraph &CG,
                                            const ModelOptions &Options);

} // namespace varsim::model

#endif // VARSIM_MODEL_PERFORMANCEMODEL_H
