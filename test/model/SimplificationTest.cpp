//===- test/model/SimplificationTest.cpp - S-Ref, S-Mand, implications ----===//

#include "test/callgraph/TraceBuilder.h"
#include "test/model/ModelTestUtil.h"

using namespace varsim;
using namespace varsim::model;
using namespace varsim::model::test;
using varsim::callgraph::RegionKind;
using varsim::callgraph::test::TraceBuilder;

namespace {

const std::string Data = VARSIM_MODEL_DATA;

/// main (1 s) calls a chain of functions with the given conditions, each
/// with 1 s of its own.
callgraph::CallTrace chain(std::vector<std::string> Conditions,
                           std::string Config = "") {
  TraceBuilder B(Config);
  int64_t Parent = B.node(-1, B.region(RegionKind::Function, "main", "1"), 1,
                          (1 + Conditions.size()) * 1e9);
  double Left = Conditions.size() * 1e9;
  for (const std::string &C : Conditions) {
    Parent =
        B.node(Parent, B.region(RegionKind::Function, "f_" + C, C), 1, Left);
    Left -= 1e9;
  }
  return B.trace();
}

TEST(Simplification, PaperModeIsOrderSensitive) {
  // A#B#A: S-Ref only merges adjacent repetitions; Base#A -> A (S-Mand),
  // but A#Base keeps Base (the paper's "does not apply" case).
  callgraph::CallGraph G = graphOf({chain({"A", "B", "A", "A", "1"})});
  PerformanceModel M = modelOf(G, Simplification::Paper);
  std::map<std::string, double> Expected = {
      {"Base", 1}, {"A", 1}, {"A#B", 1}, {"A#B#A", 2}, {"A#B#A#Base", 1}};
  EXPECT_EQ(termsOf(M), Expected);
}

TEST(Simplification, FullModeIsAConjunction) {
  callgraph::CallGraph G = graphOf({chain({"A", "B", "A", "A", "1"})});
  PerformanceModel M = modelOf(G, Simplification::Full);
  std::map<std::string, double> Expected = {{"Base", 1}, {"A", 1}, {"A#B", 4}};
  EXPECT_EQ(termsOf(M), Expected);
}

TEST(Simplification, FeatureModelImplicationsAndCoreFeatures) {
  fm::FeatureModel FM = featureModel(Data + "/implications.xml");
  // M is core: dropped. ColorScan implies Scan: Scan drops out of the
  // deeper terms. In the alternative group !X implies Y: the last context
  // (ColorScan, !X, Y) loses Y and merges with the one before.
  callgraph::CallGraph G =
      graphOf({chain({"M", "Scan", "ColorScan", "!X", "Y"})});
  PerformanceModel M = modelOf(G, Simplification::Full, &FM);
  std::map<std::string, double> Expected = {
      {"Base", 2}, {"Scan", 1}, {"ColorScan", 1}, {"ColorScan#!X", 2}};
  EXPECT_EQ(termsOf(M), Expected);
  EXPECT_TRUE(M.Unsatisfiable.empty());
}

TEST(Simplification, ADisjunctionThatALiteralMakesTrueDropsOut) {
  // RapidJSON: a function under `#if SSE2 || SSE42` calls one under
  // `#ifdef SSE42` (and one under `!SSE42 && SSE2`): the disjunction adds
  // nothing to either deeper term. With the feature model, ColorScan
  // implies Scan, so `Scan || X` holds under ColorScan too.
  callgraph::CallGraph G = graphOf({chain({"A || B", "A"})});
  std::map<std::string, double> Expected = {
      {"Base", 1}, {"A || B", 1}, {"A", 1}};
  EXPECT_EQ(termsOf(modelOf(G, Simplification::Full)), Expected);
  callgraph::CallGraph G2 = graphOf({chain({"A || B", "!B", "A"})});
  // `!B` alone does not make it true; `!B` with A does.
  Expected = {{"Base", 1}, {"A || B", 1}, {"A || B#!B", 1}, {"!B#A", 1}};
  EXPECT_EQ(termsOf(modelOf(G2, Simplification::Full)), Expected);
  // Not a disjunction of literals: kept.
  callgraph::CallGraph G3 = graphOf({chain({"A || LEVEL >= 2", "A"})});
  EXPECT_EQ(
      termsOf(modelOf(G3, Simplification::Full)).count("A || LEVEL >= 2#A"),
      1u);
  fm::FeatureModel FM = featureModel(Data + "/implications.xml");
  callgraph::CallGraph G4 = graphOf({chain({"Scan || X", "ColorScan"})});
  Expected = {{"Base", 1}, {"Scan || X", 1}, {"ColorScan", 1}};
  EXPECT_EQ(termsOf(modelOf(G4, Simplification::Full, &FM)), Expected);
}

TEST(Simplification, PaperModeUsesCoreFeaturesAsMandatory) {
  fm::FeatureModel FM = featureModel(Data + "/implications.xml");
  callgraph::CallGraph G = graphOf({chain({"M", "Scan"})});
  PerformanceModel M = modelOf(G, Simplification::Paper, &FM);
  // Base#M#Scan: Base, then M (core, now leading) drop out.
  std::map<std::string, double> Expected = {{"Base", 1}, {"M", 1}, {"Scan", 1}};
  EXPECT_EQ(termsOf(M), Expected);
}

TEST(Simplification, UnsatisfiableTermsAreReported) {
  fm::FeatureModel FM = featureModel(Data + "/implications.xml");
  callgraph::CallGraph G = graphOf({chain({"X", "Y"})});
  PerformanceModel M = modelOf(G, Simplification::Full, &FM);
  ASSERT_EQ(M.Unsatisfiable.size(), 1u);
  EXPECT_EQ(M.Unsatisfiable[0].name(), "X#Y");
  EXPECT_DOUBLE_EQ(M.Unsatisfiable[0].Seconds, 1);
  EXPECT_EQ(termsOf(M).count("X#Y"), 0u);
  bool Warned = false;
  for (const std::string &W : M.Warnings)
    Warned |= W.find("X#Y") != std::string::npos;
  EXPECT_TRUE(Warned);

  // Without a feature model, only a contradiction is unsatisfiable.
  callgraph::CallGraph G2 = graphOf({chain({"A", "!A"})});
  PerformanceModel M2 = modelOf(G2, Simplification::Full);
  ASSERT_EQ(M2.Unsatisfiable.size(), 1u);
  EXPECT_EQ(M2.Unsatisfiable[0].name(), "A#!A");
}

TEST(Simplification, ThresholdDropsAndReportsTinyTerms) {
  TraceBuilder B;
  int64_t Main =
      B.node(-1, B.region(RegionKind::Function, "main", "1"), 1, 2e9 + 500);
  B.node(Main, B.region(RegionKind::Region, "main", "A"), 1, 500);
  B.node(Main, B.region(RegionKind::Region, "main", "B"), 1, 1e9);
  callgraph::CallGraph G = graphOf({B.trace()});
  PerformanceModel M = modelOf(G, Simplification::Full, nullptr, 1e-6);
  std::map<std::string, double> Expected = {{"Base", 1}, {"B", 1}};
  EXPECT_EQ(termsOf(M), Expected);
  ASSERT_EQ(M.Dropped.size(), 1u);
  EXPECT_EQ(M.Dropped[0].name(), "A");
  EXPECT_DOUBLE_EQ(M.Dropped[0].Seconds, 5e-7);
}

TEST(Simplification, GeneralConditionsPredictRight) {
  // #if A || B, #if LEVEL >= 2, and the #else of `#if A && B`.
  TraceBuilder B("A,LEVEL=2");
  int64_t Main =
      B.node(-1, B.region(RegionKind::Function, "main", "1"), 1, 10e9);
  B.node(Main, B.region(RegionKind::Region, "main", "A || B"), 1, 1e9);
  B.node(Main, B.region(RegionKind::Region, "main", "LEVEL >= 2"), 1, 2e9);
  B.node(Main, B.region(RegionKind::Region, "main", "!(A && B)"), 1, 4e9);
  callgraph::CallGraph G = graphOf({B.trace()});
  PerformanceModel M = modelOf(G, Simplification::Full);
  auto Predict = [&](int64_t A, int64_t Bv, int64_t Level) {
    return M.predict([&](llvm::StringRef N) -> int64_t {
      return N == "A" ? A : N == "B" ? Bv : N == "LEVEL" ? Level : 0;
    });
  };
  EXPECT_DOUBLE_EQ(Predict(1, 0, 2), 10);
  EXPECT_DOUBLE_EQ(Predict(0, 0, 0), 3 + 4);
  EXPECT_DOUBLE_EQ(Predict(1, 1, 1), 3 + 1);
  EXPECT_DOUBLE_EQ(Predict(0, 1, 3), 3 + 1 + 2 + 4);
}

} // namespace
