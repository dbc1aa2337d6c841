//===- test/validation/FeatureEffectsTest.cpp - Effects measured/modelled -===//
//
// Lua's LUAI_ASSERT in miniature: over every variant of three features, the
// variants' times have ASSERT at +100 ms and STACK at +360 ms; the model
// has STACK right and ASSERT at +20 ms (the simulator pays for the
// assertions' code in every configuration). Only ASSERT is named.
//
//===----------------------------------------------------------------------===//

#include "model/validation/FeatureEffects.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace varsim::validation;

namespace {

TEST(FeatureEffects, NamesTheFeatureTheModelMisses) {
  std::vector<std::string> Names = {"ASSERT", "STACK", "COMPAT"};
  std::vector<std::vector<double>> X;
  std::vector<double> Measured, Predicted;
  int K = 0;
  for (int A = 0; A < 2; ++A)
    for (int S = 0; S < 2; ++S)
      for (int C = 0; C < 2; ++C) {
        X.push_back({double(A), double(S), double(C)});
        // 5 ms of noise, alternating.
        double Noise = (K++ % 2 ? 1 : -1) * 0.005;
        Measured.push_back(0.94 + 0.10 * A + 0.36 * S + 0.003 * C + Noise);
        Predicted.push_back(0.94 + 0.02 * A + 0.36 * S + 0.005 * C);
      }
  std::vector<FeatureEffect> E =
      compareFeatureEffects(Names, X, Measured, Predicted);
  ASSERT_EQ(E.size(), 3u);
  EXPECT_EQ(E[0].Feature, "ASSERT");
  EXPECT_NEAR(E[0].Measured, 0.10, 0.01);
  EXPECT_NEAR(E[0].Modelled, 0.02, 1e-9);
  ASSERT_TRUE(E[0].StandardError.has_value());
  EXPECT_TRUE(E[0].Differs);
  EXPECT_FALSE(E[1].Differs) << E[1].Measured << " " << E[1].Modelled;
  EXPECT_FALSE(E[2].Differs) << E[2].Measured << " " << E[2].Modelled;
}

TEST(FeatureEffects, ConfoundedAndConstantFeaturesAreLeftOut) {
  // B always flips with A, C never changes: only A has an effect to show.
  std::vector<std::string> Names = {"A", "B", "C"};
  std::vector<std::vector<double>> X = {
      {0, 0, 1}, {1, 1, 1}, {0, 0, 1}, {1, 1, 1}};
  std::vector<double> Y = {1, 2, 1.01, 2.01};
  std::vector<FeatureEffect> E = compareFeatureEffects(Names, X, Y, Y);
  ASSERT_EQ(E.size(), 1u);
  EXPECT_EQ(E[0].Feature, "A");
  EXPECT_FALSE(E[0].Differs);
}

TEST(FeatureEffects, TooFewVariantsGiveNothing) {
  std::vector<std::string> Names = {"A", "B"};
  std::vector<std::vector<double>> X = {{0, 0}, {1, 0}};
  std::vector<double> Y = {1, 2};
  // A's effect fits both rows exactly: no residual to tell noise by, so
  // no standard error and nothing named.
  std::vector<FeatureEffect> E = compareFeatureEffects(Names, X, Y, {1, 1.5});
  ASSERT_EQ(E.size(), 1u);
  EXPECT_FALSE(E[0].StandardError.has_value());
  EXPECT_FALSE(E[0].Differs);
  EXPECT_TRUE(compareFeatureEffects(Names, {{0, 0}}, {1}, {1}).empty());
}

} // namespace
