//===- test/plan/ExactCoverTest.cpp - The fewest runs, by search ----------===//
//
// The exact search beside first fit (plan/ExactCover.h): a region's
// one-at-a-time design over its timed features next to the pairwise
// requirements of the same features, where first fit needs more runs.
//
//===----------------------------------------------------------------------===//

#include "plan/ExactCover.h"
#include "plan/Plan.h"
#include "test/common/FeatureModels.h"

#include "support/Diagnostic.h"

#include <gtest/gtest.h>

#include <set>

using namespace varsim;
using namespace varsim::plan;

namespace {

fm::FeatureModel model(llvm::StringRef Xml) {
  return varsim::test::parsedModel(Xml);
}

/// Three optional features: 8 configurations.
constexpr llvm::StringLiteral Three = R"(<featureModel><struct>
  <and abstract="true" mandatory="true" name="Root">
    <feature name="A"/><feature name="B"/><feature name="C"/>
  </and></struct></featureModel>)";

/// The same three and six more nobody reads: 512 configurations, beyond
/// what the exact search enumerates, so first fit alone plans.
constexpr llvm::StringLiteral ThreeOfNine = R"(<featureModel><struct>
  <and abstract="true" mandatory="true" name="Root">
    <feature name="A"/><feature name="B"/><feature name="C"/>
    <feature name="U1"/><feature name="U2"/><feature name="U3"/>
    <feature name="U4"/><feature name="U5"/><feature name="U6"/>
  </and></struct></featureModel>)";

/// A region decided on by A, B and C (pairs of them: a covering array) and
/// one that times them in an unmarked callee (a base and each changed
/// alone), as on Lua with the small Base loops unmarked.
std::vector<RegionToCover> pairsAndOneAtATime() {
  RegionToCover Decided{0, "1", {"A", "B", "C"}, "lua_tolstring"};
  RegionToCover Timed{1, "1", {}, "arith_add"};
  Timed.TimedFeatures = {"A", "B", "C"};
  return {Decided, Timed};
}

Plan pairwisePlan(const fm::FeatureModel &M,
                  const std::vector<RegionToCover> &R) {
  PlanOptions O;
  O.FullCombinationsUpTo = 2;
  O.Default = M.defaultConfiguration();
  auto P = computePlan(M, R, O);
  if (!P) {
    ADD_FAILURE() << errorToString(P.takeError());
    return {};
  }
  return std::move(*P);
}

using Point = std::vector<bool>; // A, B, C.

std::set<Point> projections(const fm::FeatureModel &M, const Plan &P) {
  std::set<Point> S;
  for (const PlannedRun &R : P.Runs) {
    Point X;
    for (const char *Name : {"A", "B", "C"})
      X.push_back(R.Config.Selected[*M.findByName(Name)]);
    S.insert(X);
  }
  return S;
}

/// Every two of A, B, C take all four value pairs in Runs.
bool coversPairs(const std::set<Point> &Runs) {
  for (size_t I = 0; I < 3; ++I)
    for (size_t J = I + 1; J < 3; ++J)
      for (bool VI : {false, true})
        for (bool VJ : {false, true})
          if (llvm::none_of(Runs, [&](const Point &X) {
                return X[I] == VI && X[J] == VJ;
              }))
            return false;
  return true;
}

/// Some point of Runs has each of its three neighbours (one feature
/// changed) in Runs too.
bool hasABaseWithEveryNeighbour(const std::set<Point> &Runs) {
  return llvm::any_of(Runs, [&](const Point &Base) {
    for (size_t I = 0; I < 3; ++I) {
      Point N = Base;
      N[I] = !N[I];
      if (!Runs.count(N))
        return false;
    }
    return true;
  });
}

} // namespace

// Three binary features, pairwise for one region and one at a time for
// another: a base and its three neighbours leave each pair's opposite
// corner to one more run (the base's complement), 5 runs in all, the
// fewest.
TEST(ExactCover, PairsAndOneAtATimeShareRuns) {
  fm::FeatureModel Small = model(Three);
  Plan P = pairwisePlan(Small, pairsAndOneAtATime());
  std::set<Point> Runs = projections(Small, P);
  EXPECT_EQ(P.Runs.size(), 5u);
  EXPECT_EQ(Runs.size(), P.Runs.size());
  EXPECT_TRUE(coversPairs(Runs));
  EXPECT_TRUE(hasABaseWithEveryNeighbour(Runs));
  EXPECT_TRUE(P.FirstIsDefault);
  for (const Requirement &R : P.Requirements)
    EXPECT_FALSE(R.CoveredBy.empty()) << R.What;
}

// The base of a one-at-a-time design is the one the other requirements
// make cheapest: the region runs under A and times B and C; another region
// runs only with B and C on. A base at (1, 1) and its two neighbours under
// A serve both: 3 runs, where first fit, whose base is every flag off,
// needs 4.
TEST(ExactCover, TheBaseIsChosenWithTheRestOfThePlan) {
  fm::FeatureModel M = model(Three);
  RegionToCover Timed{0, "A", {}, "checksum_block"};
  Timed.TimedFeatures = {"B", "C"};
  RegionToCover Both{1, "B && C", {}, "both"};
  Plan P = pairwisePlan(M, {Timed, Both});
  std::set<Point> Runs = projections(M, P);
  // Under A: three of the four (B, C) points, one of them (1, 1) or a base
  // with both neighbours; with Both, 3 runs suffice.
  EXPECT_EQ(P.Runs.size(), 3u);
  std::set<std::pair<bool, bool>> UnderA;
  for (const Point &X : Runs)
    if (X[0])
      UnderA.insert({X[1], X[2]});
  EXPECT_EQ(UnderA.size(), 3u);
  EXPECT_TRUE(UnderA.count({true, true}));

  // The same requirements where the model is too large for the search:
  // first fit fixes the base at B and C off, and (1, 1) needs a run more.
  fm::FeatureModel Large = model(ThreeOfNine);
  Plan Greedy = pairwisePlan(Large, {Timed, Both});
  EXPECT_EQ(Greedy.Runs.size(), 4u);
}

// The search proves a size impossible before it answers, gives up on its
// budget rather than answer late, and keeps a forced candidate first.
TEST(ExactCover, SmallestCoverForcedFirstAndBudget) {
  fm::FeatureModel M = model(Three);
  std::vector<fm::Configuration> Candidates;
  M.forEachValid([&](const fm::Configuration &C) {
    Candidates.push_back(C);
    return true;
  });
  ASSERT_EQ(Candidates.size(), 8u);
  fm::FeatureId A = *M.findByName("A"), B = *M.findByName("B");
  // A on, and A off with B on: two runs.
  std::vector<RequirementSpec> Specs(2);
  Specs[0].Alternatives.push_back({{{A, false}}, {}});
  Specs[1].Alternatives.push_back({{{A, true}, {B, false}}, {}});
  ExactCoverOptions O;
  O.FewerThan = 8;
  auto Cover = findExactCover(Candidates, Specs, O);
  ASSERT_TRUE(Cover);
  EXPECT_EQ(Cover->size(), 2u);
  O.FewerThan = 2; // Only a single run is asked for: none exists.
  EXPECT_FALSE(findExactCover(Candidates, Specs, O));
  // Forcing a candidate that covers neither: three runs, it first.
  size_t Neither = 0;
  while (Neither < Candidates.size() &&
         (covers(Candidates[Neither], Specs[0]) ||
          covers(Candidates[Neither], Specs[1])))
    ++Neither;
  ASSERT_LT(Neither, Candidates.size());
  O.FewerThan = 8;
  O.Forced = Neither;
  Cover = findExactCover(Candidates, Specs, O);
  ASSERT_TRUE(Cover);
  EXPECT_EQ(Cover->size(), 3u);
  EXPECT_EQ(Cover->front(), Neither);
  O.Budget = 1; // Not enough to prove anything.
  EXPECT_FALSE(findExactCover(Candidates, Specs, O));
}
