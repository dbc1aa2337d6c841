//===- model/RunTotals.h - Terms that reproduce the runs' totals -*- C++
//-*-===//
//
// The terms of Algorithm 3 put each context's self time on its term and,
// outside a local model, average it over the runs that executed it. A
// feature whose code is spread thinly over many contexts (a lowered
// `lua_assert` or `if (cvt2str(o))` in every opcode of an interpreter loop,
// a counter in many hot functions) changes the self time of each of them
// by less than the local models' floor, and of no region as a whole: no
// context carries it, and the model predicts nearly the same time for every
// configuration although the planned runs measured a difference.
//
// The runs' measured totals carry it whatever the regions say: when two
// runs differ only in a feature, the difference of their totals is that
// feature's cost. So, after the contexts' terms, the model's prediction for
// each planned run is compared with the run's measured (overhead
// corrected) total, and the residuals are fitted by the local models'
// hierarchical least squares (model/LocalFit.cpp) over the features whose
// values differ between the runs: a mean shift, each feature's effect (one
// term per value of a numeric feature) and, where the runs identify them
// beyond noise, interactions. Terms within the run-to-run noise of the
// totals are not fitted: a term of k features must exceed 2 standard
// errors of its estimate, sqrt(2^k) times a total's standard error from
// the repetitions (model/Noise.h). Over every combination of the features
// the model then reproduces every run's total within that noise.
//
// With `varsim run --native-variants` each planned configuration's native
// variant ran beside its simulator run, and the totals fitted are the
// native variants' (model/NativeReference.h, at the model's level): the
// simulator times what code does, not how the compiler treats it in a
// variant. Assertions compiled into an interpreter loop cost a native
// variant 11 % of its time and a simulator, whose base already carries
// every assertion and its flag test, 2 % (Lua's LUAI_ASSERT). The
// residuals then carry that difference, and the fit gives it to the
// features that cause it.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_MODEL_RUNTOTALS_H
#define VARSIM_MODEL_RUNTOTALS_H

#include "callgraph/CallGraph.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace varsim::model {

struct PerformanceModel;
struct Term;

/// A run's CONFIG (`A,B,LEVEL=2`) as feature values: a listed boolean is
/// 1, `NAME=V` is V, anything unlisted is 0.
llvm::StringMap<int64_t> configValues(llvm::StringRef Config);

/// A configuration's measured total taken in place of the simulator's.
struct MeasuredTotal {
  double Seconds = 0;      ///< The median over its repetitions.
  double RangeSeconds = 0; ///< Their range (noise).
  unsigned Repetitions = 1;
};

struct RunTotalsOptions {
  /// Residual terms within this many seconds of 0 are noise, or within the
  /// statistical noise of the repetitions (model/Noise.h).
  double NoiseAbsoluteSeconds = 1e-3;
  /// Optional: where a new fitted term's time lies (its sources): the
  /// contexts whose self time moves most with it between the runs.
  std::function<std::vector<std::string>(const Term &)> SourcesOf;
  /// Optional: a configuration's native variant's total
  /// (--native-variants). Used in place of the simulator's totals when
  /// every run has one.
  std::function<std::optional<MeasuredTotal>(llvm::StringRef Config)>
      NativeTotalOf;
};

/// What the fit did, for MODEL.json (`run_totals`).
struct RunTotalsSummary {
  bool Fitted = false; ///< At least one term was added.
  /// The noise of a feature's effect (termNoise(SE, 1), at least the
  /// absolute floor); a term of k features must exceed
  /// termNoise(SE, k).
  double NoiseSeconds = 0;
  /// The standard error of one run's total (0 when not measured).
  double StandardErrorSeconds = 0;
  bool NoiseMeasured = false;        ///< From repetitions, not only the floor.
  std::vector<std::string> Features; ///< The features that vary.
  /// Whose totals were fitted: the simulator's, or the native variants'
  /// (--native-variants).
  bool NativeTotals = false;
  /// Per run (M.Runs' order): the total fitted to.
  std::vector<double> Measured;
  /// Per run (M.Runs' order): the contexts' prediction before the fit.
  std::vector<double> Before;
  /// The added terms: name ("Base", "LUAI_ASSERT", "LEVEL == 2") and
  /// seconds.
  std::vector<std::pair<std::string, double>> Terms;
};

/// Adds to M.Terms (merging with an equal term, else as a new term marked
/// FromRunTotals) the terms that make M reproduce its runs' totals; Atoms
/// interns the new terms' atoms. Needs at least two runs of different
/// configurations; otherwise leaves M unchanged.
RunTotalsSummary reconcileRunTotals(PerformanceModel &M,
                                    callgraph::AtomTable &Atoms,
                                    const RunTotalsOptions &Options = {});

/// The runs whose measured total M's prediction for their configuration
/// misses beyond noise: by more than 2 % and 4 standard errors of a total
/// (from the repetitions), or by more than 10 % without repetitions. One
/// warning each, largest miss first (at most MaxWarnings). A model that
/// does not reproduce the runs it was built from averaged a difference
/// away (contexts too noisy to be told apart under load; a value seen in
/// one run only, which the fit to the totals does not take): it says so.
std::vector<std::string> missedRunTotals(const PerformanceModel &M,
                                         size_t MaxWarnings = 3);

} // namespace varsim::model

#endif // VARSIM_MODEL_RUNTOTALS_H
