//===- model/validation/Stats.cpp - Prediction-error statistics -----------===//

#include "model/validation/Stats.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace varsim::validation {

std::optional<double> percentError(double Predicted, double Measured) {
  if (!(Measured > 0) || !std::isfinite(Predicted))
    return std::nullopt;
  return std::abs(Predicted - Measured) / Measured * 100.0;
}

std::optional<double>
meanAbsolutePercentageError(llvm::ArrayRef<double> Predicted,
                            llvm::ArrayRef<double> Measured) {
  double Sum = 0;
  size_t N = 0;
  for (size_t I = 0, E = std::min(Predicted.size(), Measured.size()); I < E;
       ++I)
    if (std::optional<double> Err = percentError(Predicted[I], Measured[I])) {
      Sum += *Err;
      ++N;
    }
  if (N == 0)
    return std::nullopt;
  return Sum / static_cast<double>(N);
}

std::optional<double> maxPercentageError(llvm::ArrayRef<double> Predicted,
                                         llvm::ArrayRef<double> Measured) {
  std::optional<double> Max;
  for (size_t I = 0, E = std::min(Predicted.size(), Measured.size()); I < E;
       ++I)
    if (std::optional<double> Err = percentError(Predicted[I], Measured[I]))
      Max = std::max(Max.value_or(*Err), *Err);
  return Max;
}

std::vector<double> averageRanks(llvm::ArrayRef<double> Values) {
  std::vector<size_t> Order(Values.size());
  std::iota(Order.begin(), Order.end(), 0);
  std::stable_sort(Order.begin(), Order.end(),
                   [&](size_t L, size_t R) { return Values[L] < Values[R]; });
  std::vector<double> Ranks(Values.size());
  for (size_t First = 0; First < Order.size();) {
    size_t Last = First;
    while (Last + 1 < Order.size() &&
           Values[Order[Last + 1]] == Values[Order[First]])
      ++Last;
    // Ranks First+1 .. Last+1 are shared: each gets their mean.
    double Rank = (static_cast<double>(First + Last) / 2.0) + 1.0;
    for (size_t I = First; I <= Last; ++I)
      Ranks[Order[I]] = Rank;
    First = Last + 1;
  }
  return Ranks;
}

std::optional<double> spearman(llvm::ArrayRef<double> A,
                               llvm::ArrayRef<double> B) {
  size_t N = std::min(A.size(), B.size());
  if (N < 2)
    return std::nullopt;
  std::vector<double> RA = averageRanks(A.take_front(N));
  std::vector<double> RB = averageRanks(B.take_front(N));
  double MeanA = std::accumulate(RA.begin(), RA.end(), 0.0) / N;
  double MeanB = std::accumulate(RB.begin(), RB.end(), 0.0) / N;
  double Cov = 0, VarA = 0, VarB = 0;
  for (size_t I = 0; I < N; ++I) {
    Cov += (RA[I] - MeanA) * (RB[I] - MeanB);
    VarA += (RA[I] - MeanA) * (RA[I] - MeanA);
    VarB += (RB[I] - MeanB) * (RB[I] - MeanB);
  }
  if (VarA == 0 || VarB == 0)
    return std::nullopt;
  return Cov / std::sqrt(VarA * VarB);
}

std::optional<double> median(llvm::ArrayRef<double> Values) {
  if (Values.empty())
    return std::nullopt;
  std::vector<double> Sorted(Values.begin(), Values.end());
  std::sort(Sorted.begin(), Sorted.end());
  size_t Mid = Sorted.size() / 2;
  if (Sorted.size() % 2 == 1)
    return Sorted[Mid];
  return (Sorted[Mid - 1] + Sorted[Mid]) / 2.0;
}

} // namespace varsim::validation
