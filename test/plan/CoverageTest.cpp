//===- test/plan/CoverageTest.cpp - Plans observe every data-flow fact ----===//
//
// For each fact "W reaches the control of region R", the plan must hold a
// run in which R executes with W on and one with W off (each value of a
// numeric W), besides one run per member of the largest group; and the
// plan stays within max(largest group, 4) runs unless the facts need more.
//
//===----------------------------------------------------------------------===//

#include "plan/Coverage.h"
#include "test/common/FeatureModels.h"

#include "support/Diagnostic.h"

#include "llvm/ADT/STLExtras.h"

#include <gtest/gtest.h>

#include <map>
#include <optional>
#include <set>

using namespace varsim;
using namespace varsim::plan;

namespace {

fm::FeatureModel model(llvm::StringRef Xml) {
  return varsim::test::parsedModel(Xml);
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

// An unmarked switch of B timed in step, whose control A's data decides:
// step runs with A on and off and with B on and off, and, since both act
// in step's one self time, under every combination of the two.
TEST(Coverage, UnmarkedCodeFeaturesAreFactsOfTheRegion) {
  fm::FeatureModel M = model(Flat);
  RegionToCover Step{0, "1", {"A"}, "step"};
  Step.TimedFeatures = {"B"};
  Plan P;
  auto Facts = coverage(M, {Step}, P);
  ASSERT_EQ(Facts.size(), 2u);
  EXPECT_EQ(Facts[0].Feature, "A");
  EXPECT_EQ(Facts[1].Feature, "B");
  expectObserved(Facts);
  EXPECT_EQ(P.Runs.size(), 4u);

  // A timed feature that is a data-flow feature too is one fact.
  Step.TimedFeatures = {"A"};
  EXPECT_EQ(coverage(M, {Step}, P).size(), 1u);
}

// test/accuracy/depth_limit: main's control depends on MAX_DEPTH (a return
// out of the cap's region) and it times LEAF_STATS' leaf counting in an
// unmarked callee. The counting costs 35 % of main without the cap and
// about 5 % with one: LEAF_STATS on and off at one MAX_DEPTH value only
// (or one at a time from one base) leaves the model wrong at the others.
// The plan runs main under every value of MAX_DEPTH with LEAF_STATS on
// and with it off, at the default strength of `varsim plan` too; at
// strength 1 the pair is not required.
TEST(Coverage, ATimedFeatureIsCombinedWithTheRegionsOwnFactFeatures) {
  fm::FeatureModel M = model(R"(<featureModel><struct>
    <and abstract="true" mandatory="true" name="Root">
      <feature name="LEAF_STATS"/>
      <feature mandatory="true" name="MAX_DEPTH">
        <property key="type" value="numeric"/>
        <property key="values" value="0,12,16,20"/>
        <property key="default" value="0"/>
      </feature>
    </and></struct></featureModel>)");
  RegionToCover Main{2, "1", {"MAX_DEPTH"}, "main"};
  Main.TimedFeatures = {"LEAF_STATS"};
  std::vector<RegionToCover> Regions = {
      Main, {0, "MAX_DEPTH > 0", {"MAX_DEPTH"}, "count_range"}};
  fm::FeatureId Leaf = *M.findByName("LEAF_STATS");
  fm::FeatureId Depth = *M.findByName("MAX_DEPTH");
  for (unsigned Strength : {2u, 99u}) {
    PlanOptions O;
    O.FullCombinationsUpTo = Strength;
    auto P = computePlan(M, Regions, O);
    ASSERT_TRUE(static_cast<bool>(P)) << errorToString(P.takeError());
    std::set<std::pair<bool, int64_t>> Seen;
    for (const PlannedRun &Run : P->Runs)
      Seen.insert({Run.Config.Selected[Leaf], Run.Config.Values[Depth]});
    for (bool L : {false, true})
      for (int64_t D : {0, 12, 16, 20})
        EXPECT_TRUE(Seen.count({L, D}))
            << "strength " << Strength << ": LEAF_STATS=" << L
            << ", MAX_DEPTH=" << D << " not run";
    EXPECT_EQ(P->Runs.size(), 8u);
  }
  PlanOptions One;
  One.FullCombinationsUpTo = 1;
  auto P = computePlan(M, Regions, One);
  ASSERT_TRUE(static_cast<bool>(P)) << errorToString(P.takeError());
  EXPECT_LT(P->Runs.size(), 8u);
}

// Two features timed in one region (an unmarked callee whose loop bound B
// and C both write): on and off each is met by two runs that turn both on
// together and off together, and the region's self time then cannot tell
// B from C. The plan holds a base point (both off) and each one changed
// from it, so each feature's effect is seen alone.
TEST(Coverage, TwoTimedFeaturesOfARegionAreEachChangedAlone) {
  fm::FeatureModel M = model(Flat);
  RegionToCover Block{0, "1", {}, "checksum_block"};
  Block.TimedFeatures = {"B", "C"};
  Plan P;
  auto Facts = coverage(M, {Block}, P);
  ASSERT_EQ(Facts.size(), 2u);
  expectObserved(Facts);
  std::optional<fm::FeatureId> B = M.findByName("B"), C = M.findByName("C");
  ASSERT_TRUE(B && C);
  std::set<std::pair<bool, bool>> Seen;
  for (const PlannedRun &Run : P.Runs)
    Seen.insert({Run.Config.Selected[*B], Run.Config.Selected[*C]});
  EXPECT_TRUE(Seen.count({false, false}));
  EXPECT_TRUE(Seen.count({true, false}));
  EXPECT_TRUE(Seen.count({false, true}));
  EXPECT_EQ(P.Runs.size(), 3u); // Not the product: both on is not needed.
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

// A numeric feature and two flags, as Lua's quick model (LUA_NOCVTN2S,
// LUA_NOCVTS2N, LUAI_MAXSHORTLEN in {20, 40}).
constexpr llvm::StringLiteral LuaLike = R"(<featureModel><struct>
  <and abstract="true" mandatory="true" name="Root">
    <feature name="N2S"/><feature name="S2N"/>
    <feature mandatory="true" name="LEN">
      <property key="type" value="numeric"/>
      <property key="values" value="20,40"/>
      <property key="default" value="40"/>
    </feature>
  </and></struct></featureModel>)";

std::vector<RegionToCover> luaLikeRegions() {
  std::vector<RegionToCover> R;
  for (unsigned K = 0; K < 20; ++K)
    R.push_back({K, "1", {"N2S", "S2N", "LEN"}, "api" + std::to_string(K)});
  // A function cloned per value of LEN (loadStringN__varsim_LEN__20/40):
  // two regions with one label, each under one value.
  R.push_back({20, "LEN == 20", {"N2S", "S2N", "LEN"}, "load (l.c:110)"});
  R.push_back({21, "LEN == 40", {"N2S", "S2N", "LEN"}, "load (l.c:110)"});
  return R;
}

TEST(Coverage, EveryCombinationByDefaultOfThreeInfluencingVariables) {
  fm::FeatureModel M = model(LuaLike);
  Plan P;
  auto Facts = coverage(M, luaLikeRegions(), P);
  expectObserved(Facts);
  EXPECT_EQ(P.Runs.size(), 8u);
}

TEST(Coverage, StrengthTwoObservesEveryFactInACoveringArray) {
  // Pairwise: each two of the three variables in each combination of
  // their values, the third free: 4 runs hold every fact both ways, also
  // for the clones (together they run under both values of LEN; the
  // model fits them as one local model, model/ContextModels.h).
  fm::FeatureModel M = model(LuaLike);
  PlanOptions O;
  O.FullCombinationsUpTo = 2;
  std::vector<RegionToCover> R = luaLikeRegions();
  auto P = computePlan(M, R, O);
  ASSERT_TRUE(static_cast<bool>(P)) << errorToString(P.takeError());
  EXPECT_EQ(P->Runs.size(), 4u);
  auto Facts = factCoverage(M, R, *P);
  ASSERT_TRUE(static_cast<bool>(Facts)) << errorToString(Facts.takeError());
  expectObserved(*Facts);
  // Each pair of variables takes each of its four value combinations.
  auto Value = [&](const fm::Configuration &C, llvm::StringRef Name) {
    fm::FeatureId F = *M.findByName(Name);
    return M.feature(F).Kind == fm::FeatureKind::Boolean
               ? int64_t(C.Selected[F])
               : C.Values[F];
  };
  for (auto [X, Y] : {std::pair{"N2S", "S2N"}, std::pair{"N2S", "LEN"},
                      std::pair{"S2N", "LEN"}}) {
    std::set<std::pair<int64_t, int64_t>> Seen;
    for (const PlannedRun &Run : P->Runs)
      Seen.insert({Value(Run.Config, X), Value(Run.Config, Y)});
    EXPECT_EQ(Seen.size(), 4u) << X << " x " << Y;
  }
  // With strength 1: a base point (flags off, LEN at its default 40) and
  // each variable changed alone, every influencing feature fixed: 4 runs,
  // each fact of the unconditional regions seen both ways (the clones only
  // as a family).
  O.FullCombinationsUpTo = 1;
  auto P1 = computePlan(M, R, O);
  ASSERT_TRUE(static_cast<bool>(P1)) << errorToString(P1.takeError());
  std::set<std::string> Runs;
  for (const PlannedRun &Run : P1->Runs)
    Runs.insert(Run.ConfigString);
  EXPECT_EQ(Runs, (std::set<std::string>{"LEN=40", "N2S,LEN=40", "S2N,LEN=40",
                                         "LEN=20"}));
  R.resize(20);
  auto Facts1 = factCoverage(M, R, *P1);
  ASSERT_TRUE(static_cast<bool>(Facts1));
  expectObserved(*Facts1);
}

TEST(Coverage, ClonesArePlannedAsOneFamily) {
  // An interpreter loop copied per dispatch style (lvm.c's luaV_execute
  // under LUA_USE_JUMPTABLE and its #else): one label, one condition each,
  // the same facts. The family's pairs are observed when any copy runs
  // with them, and each copy runs; the copies need no designs of their
  // own (the model fits them together: DataFlowModel.ClonesShare...).
  fm::FeatureModel M = model(R"(<featureModel><struct>
  <and abstract="true" mandatory="true" name="Root">
    <feature name="JUMP"/><feature name="ASSERT"/><feature name="STACK"/>
    <feature name="COMPAT"/>
  </and></struct></featureModel>)");
  std::vector<RegionToCover> R = {
      {0, "!JUMP", {"ASSERT", "STACK", "COMPAT"}, "execute (lvm.c:1141)"},
      {1, "JUMP", {"ASSERT", "STACK", "COMPAT"}, "execute (lvm.c:1141)"}};
  PlanOptions O;
  O.FullCombinationsUpTo = 2;
  auto P = computePlan(M, R, O);
  ASSERT_TRUE(static_cast<bool>(P)) << errorToString(P.takeError());
  auto On = [&](const fm::Configuration &C, llvm::StringRef Name) {
    return C.Selected[*M.findByName(Name)];
  };
  const std::vector<llvm::StringRef> Flags = {"ASSERT", "STACK", "COMPAT"};
  std::set<bool> Copies;
  std::map<std::pair<size_t, size_t>, std::set<unsigned>> Pairs;
  for (const PlannedRun &Run : P->Runs) {
    Copies.insert(On(Run.Config, "JUMP"));
    for (size_t I = 0; I < Flags.size(); ++I)
      for (size_t J = I + 1; J < Flags.size(); ++J)
        Pairs[{I, J}].insert(On(Run.Config, Flags[I]) * 2 +
                             On(Run.Config, Flags[J]));
  }
  EXPECT_EQ(Copies.size(), 2u);
  ASSERT_EQ(Pairs.size(), 3u);
  for (const auto &[Pair, Seen] : Pairs)
    EXPECT_EQ(Seen.size(), 4u)
        << Flags[Pair.first].str() << " x " << Flags[Pair.second].str();
  // Pairwise over three flags, as for one region (a design per copy took
  // 6 or more).
  EXPECT_LE(P->Runs.size(), 5u);
}

TEST(Coverage, AnExclusiveGroupIsOneVariable) {
  // Codec (3 values) and LOG: two variables, so every combination is
  // observed even with strength 2 (3 x 2 = 6 runs).
  fm::FeatureModel M = model(Alt3);
  PlanOptions O;
  O.FullCombinationsUpTo = 2;
  std::vector<RegionToCover> R = {{0, "1", {"GZIP", "LZ4", "ZSTD", "LOG"}, ""}};
  auto P = computePlan(M, R, O);
  ASSERT_TRUE(static_cast<bool>(P)) << errorToString(P.takeError());
  EXPECT_EQ(P->Runs.size(), 6u);
}

TEST(Coverage, EveryVariantOfARenamedDefinitionRuns) {
  // life_accessor: cell_at per #ifdef TORUS_WORLD / #else becomes two
  // renamed variants and a switch (condition 1) without regions of their
  // own; CENSUS's region is the only other condition. The #else variant
  // needs a run without TORUS_WORLD.
  fm::FeatureModel M = model(Flat);
  RegionToCover Torus{0, "A", {}, "cell_at__varsim_A"};
  Torus.IsVariant = true;
  RegionToCover Bounded{0, "!A", {}, "cell_at__varsim_not_A"};
  Bounded.IsVariant = true;
  std::vector<RegionToCover> R = {
      {0, "B", {}, "census"}, {1, "1", {}, "switch"}, Torus, Bounded};
  auto P = computePlan(M, R);
  ASSERT_TRUE(static_cast<bool>(P)) << errorToString(P.takeError());
  ASSERT_EQ(P->Runs.size(), 2u);
  auto Conditions = conditionCoverage(M, R, *P);
  ASSERT_TRUE(static_cast<bool>(Conditions));
  ASSERT_EQ(Conditions->size(), 3u);
  for (const ConditionCoverage &C : *Conditions)
    EXPECT_FALSE(C.Runs.empty()) << C.Condition;
  EXPECT_EQ((*Conditions)[2].Condition, "!A");
  EXPECT_EQ((*Conditions)[2].Code.front(), "variant cell_at__varsim_not_A");
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  printConditionCoverage(*Conditions, OS);
  EXPECT_NE(Text.find("[!A] variant cell_at__varsim_not_A: run"),
            std::string::npos)
      << Text;
}

TEST(Coverage, ADeadConditionIsReportedDead) {
  fm::FeatureModel M = model(Alt3);
  std::vector<RegionToCover> R = {{0, "GZIP && LZ4", {}, "never"}};
  auto P = computePlan(M, R);
  ASSERT_TRUE(static_cast<bool>(P)) << errorToString(P.takeError());
  auto Conditions = conditionCoverage(M, R, *P);
  ASSERT_TRUE(static_cast<bool>(Conditions));
  ASSERT_EQ(Conditions->size(), 1u);
  EXPECT_TRUE((*Conditions)[0].Runs.empty());
  EXPECT_TRUE((*Conditions)[0].Dead);
}

} // namespace

namespace {

TEST(Coverage, NegatedConditionsOfRegionsWithFactsOnRequest) {
  // depth_limit: LEAF_STATS's region has a fact from MAX_DEPTH; by default
  // every run may hold LEAF_STATS, with CoverNegatedConditions one does
  // not. A region without facts (D) adds no such run.
  fm::FeatureModel M = model(Flat);
  std::vector<RegionToCover> R = {{0, "B", {"A"}, "leaf stats"},
                                  {1, "D", {}, "plain"}};
  auto Default = computePlan(M, R);
  ASSERT_TRUE(static_cast<bool>(Default)) << errorToString(Default.takeError());
  for (const PlannedRun &Run : Default->Runs)
    EXPECT_TRUE(Run.Config.Selected[*M.findByName("B")]) << Run.ConfigString;
  PlanOptions O;
  O.CoverNegatedConditions = true;
  auto P = computePlan(M, R, O);
  ASSERT_TRUE(static_cast<bool>(P)) << errorToString(P.takeError());
  EXPECT_EQ(P->Runs.size(), Default->Runs.size() + 1);
  EXPECT_TRUE(llvm::any_of(P->Runs, [&](const PlannedRun &Run) {
    return !Run.Config.Selected[*M.findByName("B")];
  }));
  EXPECT_TRUE(llvm::all_of(P->Runs, [&](const PlannedRun &Run) {
    return Run.Config.Selected[*M.findByName("D")];
  }));
}

} // namespace
