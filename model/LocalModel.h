//===- model/LocalModel.h - Local models of one calling context -*- C++ -*-===//
//
// A region whose control flow depends on feature data does not cost the
// same in every configuration. Comprex and ConfigCrusher build a local
// performance-influence model per region from the runs that observed it:
// with influencing features X and Y and the region's times t(X,Y),
//
//   t = t(0,0) + (t(1,0) - t(0,0)) X + (t(0,1) - t(0,0)) Y
//         + (t(1,1) - t(1,0) - t(0,1) + t(0,0)) X Y,
//
// the Möbius inversion of the observed times over the subsets of the
// influencing features. Here it is taken over the OBSERVED subspace only:
// each observed point (the non-zero values of the influencing features in a
// run) gets one coefficient, its time minus the coefficients of the observed
// points below it. The points ordered by inclusion make the system
// unitriangular, so this always has exactly one solution, reproduces every
// observed time, and needs no baseline: under a mandatory alternative group
// (exactly one of RLE, LZ, HUFFMAN) the points are {RLE}, {LZ}, {HUFFMAN}
// and the model is t(RLE) RLE + t(LZ) LZ + t(HUFFMAN) HUFFMAN. Points that no
// run observed are predicted from the observed points below them (a feature
// no run showed alone adds nothing alone).
//
// Numeric features take part by value: the point of a run with LEVEL = 2
// holds the literal `LEVEL == 2`, and one with LEVEL = 0 `LEVEL == 0`: 0 is
// a value like any other, never "not selected". The terms of one numeric
// feature's values exclude each other.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_MODEL_LOCALMODEL_H
#define VARSIM_MODEL_LOCALMODEL_H

#include "condition/Condition.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <cstdint>
#include <utility>
#include <vector>

namespace varsim::model {

/// One run's view of a context: the values of its influencing features
/// (in a fixed order) and the seconds the context took.
struct Observation {
  std::vector<int64_t> Values;
  double Seconds = 0;
};

/// One term of a local model: it holds when each listed influencing
/// feature (by index) has the listed value; empty: always. A boolean
/// feature is listed only when selected (value 1); a numeric feature is
/// listed with its value in every point, 0 included (0 is a value).
struct LocalTerm {
  std::vector<std::pair<unsigned, int64_t>> Assignment;
  double Seconds = 0;
  /// Runs whose observation this point is (averaged).
  unsigned Runs = 0;
  /// The term of a numeric feature's values that no observation had: it
  /// holds when the feature (by index) has none of the listed values (the
  /// observed ones). It carries the time of the reference value (the most
  /// observed one), the best guess for a value no run showed; without it a
  /// context whose time the model split by value would vanish from every
  /// configuration with another value.
  std::vector<std::pair<unsigned, int64_t>> Unlike;
  /// What its coefficient had to exceed to be no noise (FitOptions): the
  /// noise of its estimate in the observations' design. Set by
  /// fitLocalModel; a numeric feature's value term (which also carries the
  /// context's own term) has its effect's.
  double NoiseSeconds = 0;
};

/// The Möbius inversion over the observed points: one term per distinct
/// observed point (observations of the same point are averaged), ordered
/// by the number of features in the term, then by assignment. For every
/// observed point, the sum of the terms whose assignment it satisfies is
/// its (average) time.
/// ByValue[i]: feature i is numeric (every value is a literal of its own,
/// so a numeric feature's terms are one per observed value, exclusive, and
/// fitLocalModel adds a term for the values not observed, LocalTerm::Unlike).
std::vector<LocalTerm> mobiusInversion(llvm::ArrayRef<Observation> Points,
                                       llvm::ArrayRef<bool> ByValue = {});

/// How fitLocalModel tells effects from run-to-run noise.
struct FitOptions {
  /// A term whose coefficient is within this many seconds of 0 is noise
  /// (the measured repetitions' range, or a floor).
  double NoiseSeconds = 1e-3;
  /// Whether NoiseSeconds was measured (repetitions of the runs): without
  /// it, an interaction that would leave no degree of freedom (fit the
  /// runs exactly) is not fitted, since nothing tells it from noise.
  bool NoiseMeasured = false;
  /// The noise of a term of k features is NoiseSeconds * NoisePerOrder^(k-1):
  /// with NoiseSeconds a feature's effect's noise (the difference of two
  /// aggregates) and sqrt 2 here, an interaction's contrast of 2^k
  /// aggregates (model/Noise.h). 1: one threshold for every term.
  double NoisePerOrder = 1;
  /// With residual degrees of freedom left, a term must also pass an F
  /// test of dropping it: at the 5 % level for a feature's effect, at the
  /// 1 % level for an interaction (model/LocalFit.cpp, fCritical).
  /// Interactions of at most this many features are tried.
  unsigned MaxOrder = 3;
  /// The standard error of one observation (a configuration's median over
  /// its repetitions, model/Noise.h) when the repetitions measured it, else
  /// 0. Then a term is noise within NoiseZ standard errors of its own
  /// estimate in these observations' design, SE sqrt((X'X)^-1 kk), not
  /// within NoiseSeconds * NoisePerOrder^(k-1): those are that standard
  /// error where each term has the fewest observations (a feature's effect
  /// the difference of two, an interaction a contrast of 2^k), and a
  /// design with more runs estimates a term more precisely (an effect
  /// seen in 3 runs against 3: SE sqrt(2/3), not SE sqrt 2).
  double StandardErrorSeconds = 0;
  /// The degrees of freedom behind StandardErrorSeconds (the configurations
  /// whose repetitions measured it); with them the F test pools the fit's
  /// residual with the repetitions' noise instead of estimating the noise
  /// from the residual alone. 0: the residual alone.
  unsigned StandardErrorFreedom = 0;
  /// With StandardErrorSeconds: no term within this is an effect.
  double FloorSeconds = 0;
};

/// The local model of sparse observations (a plan that does not run every
/// combination of the influencing features): least squares over terms
/// added in order of their order (hierarchical, as the research's local
/// models): the context's own term, each feature's effect (one term per
/// value of a numeric feature), then interactions, each only where the
/// observations leave a residual beyond noise that it explains and the
/// observations identify it (a term that is a combination of the others on
/// the observed points is never added). Over every combination of the
/// features and without noise it reproduces every observation, as
/// mobiusInversion does; over a covering array it predicts an unobserved
/// combination from the features' effects instead of from the few points
/// below it; with noise, interactions within the noise are not fitted.
std::vector<LocalTerm> fitLocalModel(llvm::ArrayRef<Observation> Points,
                                     llvm::ArrayRef<bool> ByValue = {},
                                     const FitOptions &Options = {});

/// The conditions a local term adds to its context's term, one per
/// literal: `F` for a selected boolean feature, `F == v` for a numeric
/// feature's value (0 included), `F != v` for each value of Unlike.
/// NameOf gives a feature index's name and whether it is numeric.
std::vector<condition::CondPtr> localTermConditions(
    const LocalTerm &T,
    llvm::function_ref<std::pair<std::string, bool>(unsigned)> NameOf);

/// Orders terms as the fits return them: by the number of features in the
/// term, then by assignment (stable).
void sortTermsByOrder(std::vector<LocalTerm> &Terms);

/// The local model's prediction for a point.
double evaluateLocalModel(llvm::ArrayRef<LocalTerm> Model,
                          llvm::ArrayRef<int64_t> Values,
                          llvm::ArrayRef<bool> ByValue = {});

} // namespace varsim::model

#endif // VARSIM_MODEL_LOCALMODEL_H
