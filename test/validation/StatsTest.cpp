//===- test/validation/StatsTest.cpp - Error statistics -------------------===//

#include "model/validation/Stats.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace varsim::validation;

TEST(ValidationStats, PercentErrorIsRelativeToTheMeasurement) {
  EXPECT_NEAR(*percentError(1.1, 1.0), 10.0, 1e-12);
  EXPECT_DOUBLE_EQ(*percentError(0.5, 1.0), 50.0);
  EXPECT_FALSE(percentError(1.0, 0.0));
  EXPECT_FALSE(percentError(1.0, -2.0));
  EXPECT_FALSE(percentError(std::nan(""), 1.0));
}

TEST(ValidationStats, MapeAveragesAbsoluteErrors) {
  // Errors: 10 %, 20 %, 0 %.
  std::vector<double> P = {1.1, 1.6, 3.0}, M = {1.0, 2.0, 3.0};
  EXPECT_NEAR(*meanAbsolutePercentageError(P, M), 10.0, 1e-12);
  EXPECT_NEAR(*maxPercentageError(P, M), 20.0, 1e-12);
}

TEST(ValidationStats, MapeSkipsUnmeasuredPairsAndEmptyInput) {
  std::vector<double> P = {2.0, 5.0}, M = {1.0, 0.0};
  EXPECT_NEAR(*meanAbsolutePercentageError(P, M), 100.0, 1e-12);
  EXPECT_FALSE(meanAbsolutePercentageError({}, {}));
  EXPECT_FALSE(maxPercentageError({}, {}));
}

TEST(ValidationStats, TiesShareTheirAverageRank) {
  std::vector<double> R = averageRanks({10, 20, 20, 5, 20});
  EXPECT_EQ(R, (std::vector<double>{2, 4, 4, 1, 4}));
}

TEST(ValidationStats, SpearmanOfMonotoneAndReversedOrders) {
  std::vector<double> A = {1, 2, 3, 4, 5};
  std::vector<double> Squares = {1, 4, 9, 16, 25};
  std::vector<double> Reversed = {5, 4, 3, 2, 1};
  EXPECT_NEAR(*spearman(A, Squares), 1.0, 1e-12);
  EXPECT_NEAR(*spearman(A, Reversed), -1.0, 1e-12);
}

TEST(ValidationStats, SpearmanWithTiesMatchesPearsonOfAverageRanks) {
  // Ranks of A: 1, 2.5, 2.5, 4; ranks of B: 1, 2, 3, 4. Pearson of those:
  // cov = (-1.5)(-1.5) + 0*(-0.5) + 0*(0.5) + 1.5*1.5 = 4.5;
  // var A = 4.5, var B = 5 -> 4.5 / sqrt(22.5).
  std::vector<double> A = {1, 2, 2, 3}, B = {10, 20, 30, 40};
  EXPECT_NEAR(*spearman(A, B), 4.5 / std::sqrt(22.5), 1e-12);
}

TEST(ValidationStats, SpearmanUndefinedForConstantOrTinyInput) {
  EXPECT_FALSE(spearman({1.0}, {2.0}));
  EXPECT_FALSE(spearman({1, 1, 1}, {1, 2, 3}));
}

TEST(ValidationStats, MedianOfOddAndEvenCounts) {
  EXPECT_DOUBLE_EQ(*median({3, 1, 2}), 2.0);
  EXPECT_DOUBLE_EQ(*median({4, 1, 3, 2}), 2.5);
  EXPECT_FALSE(median({}));
}
