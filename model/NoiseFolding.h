//===- model/NoiseFolding.h - Terms too small to tell from noise -*- C++
//-*-===//
//
// Local models and the runs' averages leave terms of a few microseconds
// beside terms of a second (Lua's model: ten of 0.000001-0.0002 s,
// `LUA_USE_JUMPTABLE#!LUA_NOCVTS2N` among them): each is one context's
// difference between runs that no run can measure, and together they hide
// the terms that matter. A term below a thousandth of the model's total is
// folded into its closest ancestor, the term with the most of its atoms
// and no other (Base when there is none): the ancestor holds wherever the
// term does, so configurations in which the term holds predict what they
// did, and the others change by the folded seconds. The folded seconds
// together stay within that thousandth of the total, so no prediction
// moves by more: far below any run-to-run noise (1-10 % on the machines
// measured, docs/realworld.md).
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_MODEL_NOISEFOLDING_H
#define VARSIM_MODEL_NOISEFOLDING_H

#include <string>
#include <vector>

namespace varsim::model {

struct PerformanceModel;

/// A term folded into its ancestor.
struct FoldedTerm {
  std::string Term; ///< Its name ("A#B").
  double Seconds = 0;
  std::string Into; ///< The ancestor's name ("A", "Base").
};

/// What foldNoiseTerms did, for MODEL.json (`folded`) and the report.
struct NoiseFoldingSummary {
  /// Terms with |seconds| below it were candidates; the folded seconds
  /// together stay within it.
  double ThresholdSeconds = 0;
  std::vector<FoldedTerm> Folded; ///< Smallest first.
};

/// The share of the model's total below which a term is folded.
inline constexpr double DefaultFoldShare = 1e-3;

/// Folds M.Terms' smallest terms into their ancestors as described above,
/// smallest first, while the folded seconds together stay within Share of
/// M.totalSeconds(). Share <= 0 folds nothing.
NoiseFoldingSummary foldNoiseTerms(PerformanceModel &M,
                                   double Share = DefaultFoldShare);

} // namespace varsim::model

#endif // VARSIM_MODEL_NOISEFOLDING_H
