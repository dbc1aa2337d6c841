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
#include "model/ContextModels.h"
#include "model/NativeReference.h"
#include "model/NoiseFolding.h"
#include "model/RunTotals.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Error.h"

#include <functional>
#include <optional>
#include <set>
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
  /// The code whose time this term holds part of and that other terms
  /// share (model/TermLifting.h): those of Sources that the rewrite copied
  /// per configuration (a function, or a region in it), and the contexts
  /// whose local model split their time over terms by configuration.
  /// Keys, sorted; not kept in MODEL.json.
  std::vector<std::string> SharedCode;
  /// Some of its time comes from a local model's term (a data-flow
  /// interaction), not from a context's own term.
  bool FromLocalModel = false;
  /// Some of its time was fitted to reproduce the runs' measured totals
  /// (model/RunTotals.h): feature code no context's own term carries.
  bool FromRunTotals = false;

  /// "A#B#!C"; "Base" for the empty term.
  std::string name() const;
  /// Its atoms' texts but Base's: what makes two terms one term, or one
  /// another's ancestor (a subset).
  std::set<std::string> atomTexts() const;
  /// Number of features that interact in it (0 for Base).
  unsigned order() const { return static_cast<unsigned>(Atoms.size()); }
  bool holds(llvm::function_ref<int64_t(llvm::StringRef)> ValueOf) const;
};

enum class Simplification { None, Paper, Full };
llvm::StringRef simplificationName(Simplification S);

/// A context whose time differed between runs and that no local model
/// explains: a likely data-flow interaction (or noise).
struct DataFlowFinding {
  std::string Function;
  std::string Location; ///< file:line
  std::string Condition;
  std::string Term;
  std::string MinRun, MaxRun; ///< "trace.json (CONFIG)"
  double MinSeconds = 0, MaxSeconds = 0;
  bool CountWitness = false; ///< Its visit counts differ too (exact).
};

/// A context whose time depends on the configuration of its influencing
/// features: its local model (for MODEL.json and the report).
struct LocalModelSummary {
  std::string Function;
  std::string Location; ///< file:line
  std::string Term;     ///< The context's term before simplification.
  std::vector<std::string> Features;
  unsigned Observations = 0;
  std::string Why; ///< Why the context has a local model.
  bool CountWitness = false;
  /// "Base" (the context's own term) or the conjunction of influencing
  /// feature values added to it ("BIGBLOCKS", "LEVEL == 2#FAST"), seconds.
  std::vector<std::pair<std::string, double>> Terms;
};

struct RunSummary {
  std::string Trace;
  std::string Config;
  double Seconds = 0;       ///< Measured, overhead corrected.
  unsigned Repetitions = 1; ///< Seconds is their median.
  double RangeSeconds = 0;  ///< The repetitions' range (noise).
  /// The instrumentation's calibrated cost left out of Seconds (the
  /// compensation: Seconds + OverheadSeconds is the simulator's traced
  /// time), and the visits it was charged for; means over the
  /// repetitions. Not known for a model read back from MODEL.json
  /// written before they were.
  double OverheadSeconds = 0;
  double Visits = 0;
};

struct ModelFeature {
  std::string Name;
  bool Numeric = false;
};

/// What model/TermLifting.h did to the terms (predictions unchanged).
struct TermLiftingSummary {
  unsigned AtomsDropped = 0; ///< Atoms the others imply, dropped.
  unsigned Merged = 0;       ///< Terms merged into an equivalent one.
  unsigned Families = 0;     ///< Families whose shared time moved to a parent.
  unsigned Removed = 0;      ///< Terms left at zero by a move.
  /// Terms whose seconds went to their terms per value of one feature,
  /// as that left fewer terms (model/TermLifting.h).
  unsigned PushedDown = 0;
  /// Why nothing was done (too many valid configurations); empty otherwise.
  std::string Skipped;
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
  /// How data-flow interactions were modelled: "off" (each context's time
  /// averaged over its runs, the paper's model), "facts" (local models over
  /// the data-flow facts' features) or "runs" (no facts: local models over
  /// the features that explain differences between runs).
  std::string DataFlowMode = "off";
  /// The contexts with local models, largest influence first (at most
  /// MaxLocalModelSummaries of them); LocalModelCount counts all.
  std::vector<LocalModelSummary> LocalModels;
  size_t LocalModelCount = 0;
  /// The terms fitted to the runs' totals (model/RunTotals.h).
  RunTotalsSummary RunTotals;
  /// Equivalent terms merged, shared time moved to shared terms.
  TermLiftingSummary Lifting;
  /// Terms too small to tell from noise, folded into their ancestors.
  NoiseFoldingSummary Folding;
  /// The runs' times relative to a native reference run
  /// (model/NativeReference.h); set by the caller that read the traces.
  NativeCalibration Native;
  /// The time base of the runs' times, "wall" or "cpu" (model/TimeBase.h);
  /// set by the caller that read the traces ("wall" in older MODEL.json).
  std::string TimeBase = "wall";
  std::vector<std::string> Warnings;

  /// What shares are relative to: the largest prediction over the runs'
  /// configurations (terms of exclusive values never add up); the sum of
  /// the terms if the model has no runs.
  double totalSeconds() const;
  /// Sum of the terms' seconds.
  double sumOfTerms() const;
  /// Sum of the terms that hold under ValueOf (a feature's value: 0/1 for a
  /// boolean one).
  double predict(llvm::function_ref<int64_t(llvm::StringRef)> ValueOf) const;
};

/// Largest seconds first, then by name: the order of M.Terms and
/// M.Dropped.
void sortLargestFirst(std::vector<Term> &Terms);

struct ModelOptions {
  Simplification Mode = Simplification::Full;
  /// Terms with |seconds| below it are dropped (and reported); terms of
  /// exactly zero seconds always are.
  double ThresholdSeconds = 1e-6;
  /// In full simplification, terms below this share of the total are
  /// folded into their ancestors (model/NoiseFolding.h); 0 keeps them.
  double FoldShare = DefaultFoldShare;
  /// Optional: mandatory/core features, implications, satisfiability.
  const fm::FeatureModel *Features = nullptr;
  /// Optional: build local models for contexts whose time depends on the
  /// data of features (model/ContextModels.h) and add their interaction
  /// terms, instead of averaging each context over its runs.
  const DataFlowOptions *DataFlow = nullptr;
  /// Optional: each configuration's native variant's total (`varsim run
  /// --native-variants`, model/NativeReference.h); the runs' totals fitted
  /// at the end (model/RunTotals.h) are then these.
  std::function<std::optional<MeasuredTotal>(llvm::StringRef Config)>
      NativeTotalOf;
};

inline constexpr size_t MaxLocalModelSummaries = 100;

/// Algorithm 3 and the simplifications.
llvm::Expected<PerformanceModel> buildModel(const callgraph::CallGraph &CG,
                                            const ModelOptions &Options);

} // namespace varsim::model

#endif // VARSIM_MODEL_PERFORMANCEMODEL_H
