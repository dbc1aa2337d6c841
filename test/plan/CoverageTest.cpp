//===- test/plan/CoverageTest.cpp - Plans observe every data-flow fact ----===//
//
// For each fact "W reaches the control of region R", the plan must hold a
// run in which R executes with W on and one with W off (each value of a
// numeric W), besides one run per member of the largest group; and the
// plan stays within max(largest group, 4) runs unless the facts need more.
//
//===----------------------------------------------------------------------===//

#include "feature_models/plan/Coverage.h"

#include "support/Diagnostic.h"

#include <gtest/gtest.h>

using namespace varsim;
using namespace varsim::plan;

namespace {

fm::FeatureModel model(llvm::StringRef Xml) {
  auto M = fm::parseFeatureModel(Xml, "test.xml");
  if (!M) {
    ADD_FAILURE() << errorToString(M.takeError());
    return fm::FeatureModel::inferFromMacros({});
  }
  return std::move(*M);
}

constexpr llvm::StringLiteral Flat = R"(<featureModel><struct>
  <and abstract="true" mandatory="true" name="Root">
    <feature name="A"/><feature name="B"/><feature name="C"/>
    <feature name="D"/>
  </and></struct></featureModel>)";

/// A policy group of three and two flags.
constexpr llvm::StringLiteral Alt3 = R"(<featureModel><struct>
  <and abstract="true" mandatory="true" name="Root">
    <alt abstract="true" mandatory="true" name="Codec">
      <feature name="GZIP"/><feature name="LZ4"/><feature name="ZSTD"/>
    </alt>
    <feature name="LOG"/><feature name="CACHE"/>
  </and></struct></featureModel>)";

std::vector<FactCoverage> coverage(const fm::FeatureModel &M,
                                   const std::vector<RegionToCover> &R,
                                   Plan &P) {
  auto Planned = computePlan(M, R);
  if (!Planned) {
    ADD_FAILURE() << errorToString(Planned.takeError());
    return {};
  }
  P = std::move(*Planned);
  auto C = factCoverage(M, R, P);
  if (!C) {
    ADD_FAILURE() << errorToString(C.takeError());
    return {};
  }
  return std::move(*C);
}

void expectObserved(const std::vector<FactCoverage> &Facts) {
  for (const FactCoverage &F : Facts) {
    EXPECT_TRUE(F.Missing.empty())
        << "region " << F.Region << " / " << F.Feature << " not observed";
    for (const auto &[Value, Runs] : F.RunsByValue) {
      if (!llvm::is_contained(F.Impossible, Value)) {
        EXPECT_FALSE(Runs.empty()) << F.Feature << "=" << Value;
      }
    }
  }
}

TEST(Coverage, AWriterReachingAnotherFeaturesRegionIsRunOnAndOff) {
  // "A feature changes a size that a region of another feature loops
  // over": B's region reads what A writes.
  fm::FeatureModel M = model(Flat);
  std::vector<RegionToCover> R = {
      {0, "1", {}, ""}, {1, "A", {}, ""}, {2, "B", {"A"}, "reader"}};
  Plan P;
  auto Facts = coverage(M, R, P);
  ASSERT_EQ(Facts.size(), 1u);
  expectObserved(Facts);
  // B's region runs with A off in some run: B on, A off.
  EXPECT_FALSE(Facts[0].RunsByValue.at(0).empty());
  EXPECT_FALSE(Facts[0].RunsByValue.at(1).empty());
  EXPECT_LE(P.Runs.size(), 4u);
}

TEST(Coverage, EarlyReturnFactOnTheFunctionAndTheRegionBelow) {
  // lookup() (region 0) returns early under CACHE; LOG's region 2 below it
  // runs only on a miss: both carry CACHE.
  fm::FeatureModel M = model(Alt3);
  std::vector<RegionToCover> R = {{0, "1", {"CACHE"}, "lookup"},
                                  {1, "CACHE", {}, "probe"},
                                  {2, "LOG", {"CACHE"}, "log below"},
                                  {3, "GZIP", {}, ""},
                                  {4, "LZ4", {}, ""},
                                  {5, "ZSTD", {}, ""}};
  Plan P;
  auto Facts = coverage(M, R, P);
  ASSERT_EQ(Facts.size(), 2u);
  expectObserved(Facts);
  // One run per codec is enough to hold both sides of both facts.
  EXPECT_EQ(P.Runs.size(), 3u);
}

TEST(Coverage, EveryValueOfTwoInfluencingFeatures) {
  fm::FeatureModel M = model(Flat);
  std::vector<RegionToCover> R = {{0, "C", {"A", "B"}, ""},
                                  {1, "D", {"A"}, ""}};
  Plan P;
  auto Facts = coverage(M, R, P);
  ASSERT_EQ(Facts.size(), 3u);
  expectObserved(Facts);
  EXPECT_EQ(P.Runs.size(), 4u); // Every combination of A and B under C.
}

TEST(Coverage, AValueTheRegionsConditionExcludesIsImpossibleNotMissing) {
  fm::FeatureModel M = model(Flat);
  std::vector<RegionToCover> R = {{0, "A && B", {"A"}, ""}};
  Plan P;
  auto Facts = coverage(M, R, P);
  ASSERT_EQ(Facts.size(), 1u);
  EXPECT_TRUE(Facts[0].Missing.empty());
  ASSERT_EQ(Facts[0].Impossible.size(), 1u);
  EXPECT_EQ(Facts[0].Impossible[0], 0);
}

TEST(Coverage, AFactThePlanDoesNotHoldIsReportedMissing) {
  fm::FeatureModel M = model(Flat);
  std::vector<RegionToCover> R = {{0, "B", {"A"}, "reader"}};
  // A plan of one run with everything on: A=0 is not observed.
  Plan P;
  auto All = M.parseConfig("A,B,C,D");
  ASSERT_TRUE(static_cast<bool>(All)) << errorToString(All.takeError());
  P.Runs.push_back({*All, "A,B,C,D"});
  auto Facts = factCoverage(M, R, P);
  ASSERT_TRUE(static_cast<bool>(Facts));
  ASSERT_EQ(Facts->size(), 1u);
  ASSERT_EQ((*Facts)[0].Missing.size(), 1u);
  EXPECT_EQ((*Facts)[0].Missing[0], 0);
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  printFactCoverage(*Facts, M, OS);
  EXPECT_NE(Text.find("A=0 NOT OBSERVED"), std::string::npos) << Text;
  EXPECT_NE(Text.find("A=1 run 1"), std::string::npos) << Text;
}

} // namespace
