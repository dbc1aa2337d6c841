//===- test/validation/LinearBaselineTest.cpp - Black-box baseline --------===//

#include "model/validation/LinearBaseline.h"

#include "support/Diagnostic.h"

#include <gtest/gtest.h>

#include <map>
#include <random>

using namespace varsim::validation;

namespace {

/// y = 2 + 1.5 A + 0.25 B - 0.5 C + 0.75 A*B + 0.125 B*D (D has no own term).
double truth(const std::vector<double> &X) {
  return 2 + 1.5 * X[0] + 0.25 * X[1] - 0.5 * X[2] + 0.75 * X[0] * X[1] +
         0.125 * X[1] * X[3];
}

std::vector<std::vector<double>> allConfigurations(unsigned N) {
  std::vector<std::vector<double>> Rows;
  for (unsigned Bits = 0; Bits < (1u << N); ++Bits) {
    std::vector<double> Row;
    for (unsigned F = 0; F < N; ++F)
      Row.push_back((Bits >> F) & 1);
    Rows.push_back(Row);
  }
  return Rows;
}

} // namespace

TEST(ValidationLinearBaseline, RecoversKnownCoefficients) {
  std::vector<std::string> Names = {"A", "B", "C", "D"};
  std::vector<std::vector<double>> X = allConfigurations(4);
  std::vector<double> Y;
  for (const auto &Row : X)
    Y.push_back(truth(Row));
  auto L = LinearBaseline::fit(Names, X, Y);
  ASSERT_TRUE(bool(L)) << varsim::errorToString(L.takeError());
  EXPECT_TRUE(L->fullRank());
  std::map<std::string, double> Terms;
  for (const LinearBaseline::Term &T : L->terms())
    Terms[T.Name] = T.Coefficient;
  EXPECT_EQ(Terms.size(), 6u);
  EXPECT_NEAR(Terms["1"], 2.0, 1e-9);
  EXPECT_NEAR(Terms["A"], 1.5, 1e-9);
  EXPECT_NEAR(Terms["B"], 0.25, 1e-9);
  EXPECT_NEAR(Terms["C"], -0.5, 1e-9);
  EXPECT_NEAR(Terms["A*B"], 0.75, 1e-9);
  EXPECT_NEAR(Terms["B*D"], 0.125, 1e-9);
  EXPECT_NEAR(L->predict({1, 1, 1, 1}), truth({1, 1, 1, 1}), 1e-9);
}

TEST(ValidationLinearBaseline, LeastSquaresUnderNoise) {
  std::vector<std::string> Names = {"A", "B", "C", "D"};
  std::mt19937 Gen(42);
  std::normal_distribution<double> Noise(0, 0.01);
  std::vector<std::vector<double>> X;
  std::vector<double> Y;
  for (int Rep = 0; Rep < 20; ++Rep)
    for (const auto &Row : allConfigurations(4)) {
      X.push_back(Row);
      Y.push_back(truth(Row) + Noise(Gen));
    }
  auto L = LinearBaseline::fit(Names, X, Y);
  ASSERT_TRUE(bool(L));
  for (const auto &Row : allConfigurations(4))
    EXPECT_NEAR(L->predict(Row), truth(Row), 0.02);
}

TEST(ValidationLinearBaseline, RankDeficientSampleFallsBackToRidge) {
  // A and B are alternatives (never together): the A*B column is all zero,
  // and a one-hot sample cannot separate the constant from the features.
  std::vector<std::string> Names = {"A", "B", "C"};
  std::vector<std::vector<double>> X = {
      {1, 0, 0}, {0, 1, 0}, {1, 0, 1}, {0, 1, 1}};
  std::vector<double> Y = {3, 4, 5, 6}; // base 2, A 1, B 2, C 2.
  auto L = LinearBaseline::fit(Names, X, Y);
  ASSERT_TRUE(bool(L));
  EXPECT_FALSE(L->fullRank());
  EXPECT_LT(L->rank(), 7u);
  for (size_t I = 0; I < X.size(); ++I)
    EXPECT_NEAR(L->predict(X[I]), Y[I], 1e-3) << "row " << I;
}

TEST(ValidationLinearBaseline, RejectsBadInput) {
  std::vector<std::string> Names = {"A"};
  auto Empty = LinearBaseline::fit(Names, {}, {});
  EXPECT_FALSE(bool(Empty));
  EXPECT_NE(varsim::errorToString(Empty.takeError()).find("no measured"),
            std::string::npos);
  std::vector<std::vector<double>> X = {{1, 0}};
  std::vector<double> Y = {1};
  auto Ragged = LinearBaseline::fit(Names, X, Y);
  EXPECT_FALSE(bool(Ragged));
  llvm::consumeError(Ragged.takeError());
  std::vector<std::vector<double>> X1 = {{1}};
  std::vector<double> Y2 = {1, 2};
  auto Mismatch = LinearBaseline::fit(Names, X1, Y2);
  EXPECT_FALSE(bool(Mismatch));
  llvm::consumeError(Mismatch.takeError());
}
