//===- test/model/LocalModelTest.cpp - Möbius inversion and local models --===//

#include "model/LocalModel.h"

#include <gtest/gtest.h>

#include <random>

using namespace varsim::model;

namespace {

double termSeconds(const std::vector<LocalTerm> &M,
                   std::vector<std::pair<unsigned, int64_t>> Assignment) {
  for (const LocalTerm &T : M)
    if (T.Assignment == Assignment)
      return T.Seconds;
  ADD_FAILURE() << "no such term";
  return 0;
}

TEST(Mobius, TwoOptionsGiveConfigCrushersCoefficients) {
  // t1 = t(X,Y), t2 = t(X,!Y), t3 = t(!X,Y), t4 = t(!X,!Y).
  double T1 = 9, T2 = 5, T3 = 4, T4 = 1;
  std::vector<LocalTerm> M =
      mobiusInversion({{{1, 1}, T1}, {{1, 0}, T2}, {{0, 1}, T3}, {{0, 0}, T4}});
  ASSERT_EQ(M.size(), 4u);
  EXPECT_DOUBLE_EQ(termSeconds(M, {}), T4);
  EXPECT_DOUBLE_EQ(termSeconds(M, {{0, 1}}), T2 - T4);
  EXPECT_DOUBLE_EQ(termSeconds(M, {{1, 1}}), T3 - T4);
  EXPECT_DOUBLE_EQ(termSeconds(M, {{0, 1}, {1, 1}}), T1 - T2 - T3 + T4);
  // Smaller terms first.
  EXPECT_TRUE(M.front().Assignment.empty());
  EXPECT_EQ(M.back().Assignment.size(), 2u);
}

TEST(Mobius, MandatoryAlternativesNeedNoBaseline) {
  // Exactly one of three: the points are the three singletons.
  std::vector<LocalTerm> M =
      mobiusInversion({{{1, 0, 0}, 3}, {{0, 1, 0}, 5}, {{0, 0, 1}, 8}});
  ASSERT_EQ(M.size(), 3u);
  EXPECT_DOUBLE_EQ(termSeconds(M, {{0, 1}}), 3);
  EXPECT_DOUBLE_EQ(termSeconds(M, {{1, 1}}), 5);
  EXPECT_DOUBLE_EQ(termSeconds(M, {{2, 1}}), 8);
}

TEST(Mobius, RepeatedPointsAreAveraged) {
  std::vector<LocalTerm> M =
      mobiusInversion({{{0}, 1.0}, {{0}, 1.2}, {{1}, 3.0}, {{1}, 2.6}});
  ASSERT_EQ(M.size(), 2u);
  EXPECT_DOUBLE_EQ(termSeconds(M, {}), 1.1);
  EXPECT_DOUBLE_EQ(termSeconds(M, {{0, 1}}), 2.8 - 1.1);
  EXPECT_EQ(M[0].Runs, 2u);
}

TEST(Mobius, NumericFeaturesTakePartByValue) {
  // LEVEL in {0, 2, 3} and a boolean FAST.
  std::vector<LocalTerm> M = mobiusInversion(
      {{{0, 0}, 1}, {{2, 0}, 4}, {{3, 0}, 6}, {{0, 1}, 2}, {{3, 1}, 10}});
  EXPECT_DOUBLE_EQ(termSeconds(M, {{0, 2}}), 3);
  EXPECT_DOUBLE_EQ(termSeconds(M, {{0, 3}}), 5);
  EXPECT_DOUBLE_EQ(termSeconds(M, {{1, 1}}), 1);
  EXPECT_DOUBLE_EQ(termSeconds(M, {{0, 3}, {1, 1}}), 10 - 6 - 2 + 1);
  // LEVEL == 2 does not hold at LEVEL = 3.
  EXPECT_DOUBLE_EQ(evaluateLocalModel(M, {3, 0}), 6);
  // Unobserved (2, 1): from the observed points below it.
  EXPECT_DOUBLE_EQ(evaluateLocalModel(M, {2, 1}), 1 + 3 + 1);
}

TEST(Mobius, UnobservedPointsExtrapolateFromBelow) {
  std::vector<LocalTerm> M =
      mobiusInversion({{{0, 0}, 1}, {{1, 0}, 3}, {{1, 1}, 7}});
  EXPECT_DOUBLE_EQ(evaluateLocalModel(M, {0, 1}), 1); // B alone: not seen.
  EXPECT_DOUBLE_EQ(evaluateLocalModel(M, {1, 1}), 7);
}

TEST(Mobius, ReproducesEveryObservedPoint) {
  std::mt19937 R(7);
  for (int Round = 0; Round < 200; ++Round) {
    unsigned Features = 1 + R() % 4;
    std::vector<Observation> Points;
    for (unsigned K = 0, N = 1 + R() % 10; K < N; ++K) {
      Observation O;
      for (unsigned F = 0; F < Features; ++F)
        O.Values.push_back(static_cast<int64_t>(R() % 3));
      O.Seconds = static_cast<double>(R() % 1000) / 10;
      Points.push_back(O);
    }
    std::vector<LocalTerm> M = mobiusInversion(Points);
    for (const Observation &P : Points) {
      double Sum = 0, Count = 0;
      for (const Observation &Q : Points)
        if (Q.Values == P.Values) {
          Sum += Q.Seconds;
          ++Count;
        }
      EXPECT_NEAR(evaluateLocalModel(M, P.Values), Sum / Count, 1e-9);
    }
  }
}

} // namespace
