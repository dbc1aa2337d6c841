//===- test/model/NoiseFoldingTest.cpp - Terms too small to measure -------===//
//
// model/NoiseFolding.h: terms below a share of the total go to their
// closest ancestor, no prediction moves by more than that share, and the
// configurations in which a folded term held predict what they did.
//
//===----------------------------------------------------------------------===//

#include "model/NoiseFolding.h"
#include "model/PerformanceModel.h"

#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <string>
#include <vector>

using namespace varsim;
using namespace varsim::model;

namespace {

Term term(const std::vector<std::string> &Features, double Seconds) {
  Term T;
  for (const std::string &F : Features) {
    callgraph::Atom A;
    A.Feature = F;
    A.Text = F;
    T.Atoms.push_back(A);
  }
  T.Seconds = Seconds;
  return T;
}

const Term *find(const PerformanceModel &M, llvm::StringRef Name) {
  for (const Term &T : M.Terms)
    if (T.name() == Name)
      return &T;
  return nullptr;
}

/// Predictions over every combination of the boolean Features.
std::vector<double> predictions(const PerformanceModel &M,
                                const std::vector<std::string> &Features) {
  std::vector<double> Out;
  for (unsigned Bits = 0; Bits < (1u << Features.size()); ++Bits) {
    std::map<std::string, int64_t> Values;
    for (size_t F = 0; F < Features.size(); ++F)
      Values[Features[F]] = (Bits >> F) & 1;
    Out.push_back(M.predict([&](llvm::StringRef N) {
      auto It = Values.find(N.str());
      return It == Values.end() ? int64_t(0) : It->second;
    }));
  }
  return Out;
}

TEST(NoiseFolding, TinyTermsGoToTheirClosestAncestor) {
  PerformanceModel M;
  M.Terms = {term({}, 1.0), term({"A"}, 0.5), term({"A", "B"}, 0.0002),
             term({"C"}, -0.0001)};
  std::vector<double> Before = predictions(M, {"A", "B", "C"});
  NoiseFoldingSummary S = foldNoiseTerms(M, 1e-3);

  EXPECT_NEAR(S.ThresholdSeconds, 1e-3 * 1.5001, 1e-12);
  ASSERT_EQ(S.Folded.size(), 2u);
  EXPECT_EQ(S.Folded[0].Term, "C");
  EXPECT_EQ(S.Folded[0].Into, "Base");
  EXPECT_EQ(S.Folded[1].Term, "A#B");
  EXPECT_EQ(S.Folded[1].Into, "A");
  ASSERT_EQ(M.Terms.size(), 2u);
  EXPECT_NEAR(find(M, "Base")->Seconds, 0.9999, 1e-12);
  EXPECT_NEAR(find(M, "A")->Seconds, 0.5002, 1e-12);

  // Where A#B and C held, nothing changed; elsewhere within the share.
  std::vector<double> After = predictions(M, {"A", "B", "C"});
  for (unsigned Bits = 0; Bits < After.size(); ++Bits) {
    bool A = Bits & 1, B = Bits & 2, C = Bits & 4;
    EXPECT_LE(std::abs(After[Bits] - Before[Bits]), S.ThresholdSeconds);
    if (A && B && C) {
      EXPECT_NEAR(After[Bits], Before[Bits], 1e-12);
    }
  }
}

TEST(NoiseFolding, TheFoldedSecondsTogetherStayWithinTheShare) {
  PerformanceModel M;
  M.Terms = {term({}, 1.0)};
  std::vector<std::string> Features;
  for (int F = 0; F < 8; ++F) {
    Features.push_back("F" + std::to_string(F));
    M.Terms.push_back(term({Features.back()}, 0.0003));
  }
  std::vector<double> Before = predictions(M, Features);
  NoiseFoldingSummary S = foldNoiseTerms(M, 1e-3);
  // 1.0024 s in all: 0.001 s of budget takes three of the eight.
  ASSERT_EQ(S.Folded.size(), 3u);
  EXPECT_EQ(M.Terms.size(), 6u);
  std::vector<double> After = predictions(M, Features);
  for (size_t K = 0; K < After.size(); ++K)
    EXPECT_LE(std::abs(After[K] - Before[K]), S.ThresholdSeconds + 1e-12);
}

TEST(NoiseFolding, WithoutBaseOneIsMadeForTheTermsWithoutAncestor) {
  PerformanceModel M;
  M.Terms = {term({"A"}, 2.0), term({"B"}, 0.001)};
  NoiseFoldingSummary S = foldNoiseTerms(M, 1e-3);
  ASSERT_EQ(S.Folded.size(), 1u);
  EXPECT_EQ(S.Folded[0].Into, "Base");
  ASSERT_NE(find(M, "Base"), nullptr);
  EXPECT_NEAR(find(M, "Base")->Seconds, 0.001, 1e-12);
  EXPECT_EQ(find(M, "B"), nullptr);
}

TEST(NoiseFolding, ShareZeroOrTermsAboveItKeepEveryTerm) {
  PerformanceModel M;
  M.Terms = {term({}, 1.0), term({"A"}, 0.0001)};
  EXPECT_TRUE(foldNoiseTerms(M, 0).Folded.empty());
  EXPECT_EQ(M.Terms.size(), 2u);
  M.Terms = {term({}, 1.0), term({"A"}, 0.01), term({"A", "B"}, -0.02)};
  EXPECT_TRUE(foldNoiseTerms(M, 1e-3).Folded.empty());
  EXPECT_EQ(M.Terms.size(), 3u);
}

} // namespace
