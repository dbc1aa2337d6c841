//===- model/validation/Stats.h - Prediction-error statistics ---*- C++ -*-===//
//
// Pure functions that score predictions against measurements: mean absolute
// percentage error, maximum percentage error, and Spearman's rank
// correlation (with ties given their average rank).
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_MODEL_VALIDATION_STATS_H
#define VARSIM_MODEL_VALIDATION_STATS_H

#include "llvm/ADT/ArrayRef.h"

#include <optional>
#include <vector>

namespace varsim::validation {

/// |Predicted - Measured| / Measured, in percent; nullopt if Measured <= 0
/// (a percentage of nothing is meaningless).
std::optional<double> percentError(double Predicted, double Measured);

/// Mean absolute percentage error over the pairs whose measurement is
/// positive; nullopt if there is none. The two arrays have the same size.
std::optional<double>
meanAbsolutePercentageError(llvm::ArrayRef<double> Predicted,
                            llvm::ArrayRef<double> Measured);

/// The largest percentage error over the pairs whose measurement is positive.
std::optional<double> maxPercentageError(llvm::ArrayRef<double> Predicted,
                                         llvm::ArrayRef<double> Measured);

/// Ranks 1..N, ties sharing the average of the ranks they span.
std::vector<double> averageRanks(llvm::ArrayRef<double> Values);

/// Spearman's rank correlation: Pearson's correlation of the average ranks.
/// nullopt with fewer than two pairs or when either side is constant.
std::optional<double> spearman(llvm::ArrayRef<double> A,
                               llvm::ArrayRef<double> B);

/// The median (mean of the two middle values for an even count); nullopt if
/// empty.
std::optional<double> median(llvm::ArrayRef<double> Values);

} // namespace varsim::validation

#endif // VARSIM_MODEL_VALIDATION_STATS_H
