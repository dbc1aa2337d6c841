//===- test/plan/PlannerTest.cpp - The run plan ---------------------------===//

#include "plan/Plan.h"
#include "test/common/FeatureModels.h"

#include "support/Diagnostic.h"

#include "condition/Condition.h"

#include <gtest/gtest.h>

#include "llvm/ADT/StringExtras.h"

#include <set>

using namespace varsim;
using namespace varsim::plan;

namespace {

fm::FeatureModel model(llvm::StringRef Xml) {
  return varsim::test::parsedModel(Xml);
}

/// Four optional features, no group, no constraint.
constexpr llvm::StringLiteral Flat = R"(<featureModel><struct>
  <and abstract="true" mandatory="true" name="Root">
    <feature name="A"/><feature name="B"/><feature name="C"/>
    <feature name="D"/>
  </and></struct></featureModel>)";

/// An alternative group of three, and one optional feature.
constexpr llvm::StringLiteral Alt3 = R"(<featureModel><struct>
  <and abstract="true" mandatory="true" name="Root">
    <alt abstract="true" mandatory="true" name="Codec">
      <feature name="GZIP"/><feature name="LZ4"/><feature name="ZSTD"/>
    </alt>
    <feature name="LOG"/>
  </and></struct></featureModel>)";

/// A and B optional, but B excludes A.
constexpr llvm::StringLiteral Excl = R"(<featureModel><struct>
  <and abstract="true" mandatory="true" name="Root">
    <feature name="A"/><feature name="B"/><feature name="C"/>
  </and></struct>
  <constraints><rule><not><conj><var>A</var><var>B</var></conj></not></rule>
  </constraints></featureModel>)";

Plan plan(const fm::FeatureModel &M, const std::vector<RegionToCover> &R) {
  auto P = computePlan(M, R);
  if (!P) {
    ADD_FAILURE() << errorToString(P.takeError());
    return {};
  }
  return std::move(*P);
}

std::vector<std::string> configs(const Plan &P) {
  std::vector<std::string> S;
  for (const PlannedRun &R : P.Runs)
    S.push_back(R.ConfigString);
  return S;
}

/// Evaluates a condition in a configuration of M.
bool holds(const fm::FeatureModel &M, const fm::Configuration &C,
           llvm::StringRef Condition) {
  auto Cond = condition::parsePresence(Condition);
  EXPECT_TRUE(static_cast<bool>(Cond));
  if (!Cond)
    return false;
  return condition::evaluatePresence(**Cond,
                                     [&](llvm::StringRef Name) -> int64_t {
                                       return C.Selected[*M.findByName(Name)];
                                     }) != 0;
}

void expectValid(const fm::FeatureModel &M, const Plan &P) {
  for (const PlannedRun &R : P.Runs)
    EXPECT_FALSE(static_cast<bool>(M.check(R.Config)))
        << R.ConfigString << " is invalid";
}

TEST(Planner, NoAlternativesNoDataFlowGivesOneRunWithEveryFeature) {
  fm::FeatureModel M = model(Flat);
  Plan P = plan(M, {{0, "1", {}, ""},
                    {1, "A", {}, ""},
                    {2, "B && C", {}, ""},
                    {3, "A || D", {}, ""}});
  ASSERT_EQ(P.Runs.size(), 1u);
  EXPECT_EQ(P.Runs[0].ConfigString, "A,B,C,D");
  EXPECT_TRUE(P.Notes.empty());
}

TEST(Planner, NothingToCoverStillGivesOneRun) {
  fm::FeatureModel M = model(Flat);
  Plan P = plan(M, {});
  ASSERT_EQ(P.Runs.size(), 1u);
  EXPECT_EQ(P.Runs[0].ConfigString, "A,B,C,D");
}

TEST(Planner, ElseBranchNeedsASecondRun) {
  fm::FeatureModel M = model(Flat);
  Plan P = plan(M, {{1, "A", {}, ""}, {2, "!A", {}, ""}});
  ASSERT_EQ(P.Runs.size(), 2u);
  EXPECT_TRUE(holds(M, P.Runs[0].Config, "A") !=
              holds(M, P.Runs[1].Config, "A"));
}

TEST(Planner, AlternativeGroupOfThreeGivesThreeRunsCoveringEach) {
  fm::FeatureModel M = model(Alt3);
  Plan P = plan(M, {{0, "1", {}, ""},
                    {1, "GZIP", {}, ""},
                    {2, "LZ4", {}, ""},
                    {3, "ZSTD && LOG", {}, ""}});
  ASSERT_EQ(P.Runs.size(), 3u);
  expectValid(M, P);
  std::set<std::string> Members;
  for (const PlannedRun &R : P.Runs) {
    unsigned Selected = 0;
    for (llvm::StringRef F : {"GZIP", "LZ4", "ZSTD"})
      if (holds(M, R.Config, F)) {
        ++Selected;
        Members.insert(F.str());
      }
    EXPECT_EQ(Selected, 1u);
  }
  EXPECT_EQ(Members.size(), 3u);
  EXPECT_TRUE(llvm::any_of(P.Runs, [&](const PlannedRun &R) {
    return holds(M, R.Config, "ZSTD && LOG");
  }));
}

TEST(Planner, AlternativeGroupWithoutRegionsStillGetsOneRunPerMember) {
  fm::FeatureModel M = model(Alt3);
  Plan P = plan(M, {{0, "1", {}, ""}});
  EXPECT_EQ(P.Runs.size(), 3u);
}

TEST(Planner, EveryValueOfANumericFeatureRuns) {
  // RapidJSON's parse flags: a numeric feature whose value selects code
  // through a switch with no region of its own, and a flag. No region's
  // condition names a value, yet each value gets a run (a numeric feature
  // is a group of its values): otherwise 4 and 16 are never observed.
  fm::FeatureModel M = model(R"(<featureModel><struct>
    <and abstract="true" mandatory="true" name="Root">
      <feature name="SSE"/>
      <feature mandatory="true" name="FLAGS">
        <property key="type" value="numeric"/>
        <property key="values" value="0,2,4,16"/>
        <property key="default" value="0"/>
      </feature>
    </and></struct></featureModel>)");
  Plan P = plan(M, {{0, "1", {}, ""}, {1, "SSE", {}, ""}});
  EXPECT_EQ(P.Runs.size(), 4u) << llvm::join(configs(P), " | ");
  fm::FeatureId Flags = *M.findByName("FLAGS");
  std::set<int64_t> Values;
  for (const PlannedRun &R : P.Runs)
    Values.insert(R.Config.Values[Flags]);
  EXPECT_EQ(Values, (std::set<int64_t>{0, 2, 4, 16}));
  // Not a requirement without groups (PlanOptions::CoverExclusiveGroups).
  PlanOptions O;
  O.CoverExclusiveGroups = false;
  auto Bare = computePlan(M, {{0, "1", {}, ""}, {1, "SSE", {}, ""}}, O);
  ASSERT_TRUE(static_cast<bool>(Bare)) << errorToString(Bare.takeError());
  EXPECT_EQ(Bare->Runs.size(), 1u);
}

TEST(Planner, DataFlowRegionObservedUnderAllFourCombinations) {
  fm::FeatureModel M = model(Flat);
  Plan P = plan(M, {{0, "1", {}, ""}, {5, "C", {"A", "B"}, ""}});
  expectValid(M, P);
  ASSERT_EQ(P.Runs.size(), 4u);
  for (llvm::StringRef Combo : {"A && B", "A && !B", "!A && B", "!A && !B"})
    EXPECT_TRUE(llvm::any_of(P.Runs,
                             [&](const PlannedRun &R) {
                               return holds(M, R.Config, Combo) &&
                                      holds(M, R.Config, "C");
                             }))
        << Combo.str() << " not observed";
  // The default run is the one with everything selected.
  EXPECT_EQ(P.Runs[0].ConfigString, "A,B,C,D");
}

TEST(Planner, OrthogonalInteractionsAreCompressed) {
  // As in the paper's running example: {A,B} and {A,C} need 4 runs, not 8.
  fm::FeatureModel M = model(Flat);
  Plan P = plan(M, {{1, "1", {"A", "B"}, ""}, {2, "1", {"A", "C"}, ""}});
  EXPECT_EQ(P.Runs.size(), 4u);
  for (llvm::StringRef Combo : {"A && B", "A && !B", "!A && B", "!A && !B",
                                "A && C", "A && !C", "!A && C", "!A && !C"})
    EXPECT_TRUE(llvm::any_of(P.Runs, [&](const PlannedRun &R) {
      return holds(M, R.Config, Combo);
    })) << Combo.str();
}

TEST(Planner, ClonesWithOtherFactsAreOneFamily) {
  // Two clones of one function (one label, conditions D and !D): the
  // first one's facts name A and B, the other's A only (an adaptive run
  // refuted B there). One family over A and B: a combination either
  // clone runs with is observed, so 4 runs, not 4 with D and 2 without.
  fm::FeatureModel M = model(Flat);
  Plan P = plan(
      M, {{1, "D", {"A", "B"}, "f (f.c:3)"}, {2, "!D", {"A"}, "f (f.c:3)"}});
  expectValid(M, P);
  EXPECT_EQ(P.Runs.size(), 4u);
  for (llvm::StringRef Combo :
       {"D", "!D", "A && B", "A && !B", "!A && B", "!A && !B"})
    EXPECT_TRUE(llvm::any_of(P.Runs, [&](const PlannedRun &R) {
      return holds(M, R.Config, Combo);
    })) << Combo.str();
}

TEST(Planner, InvalidCombinationsAreSkippedWithANote) {
  fm::FeatureModel M = model(Excl);
  Plan P = plan(M, {{0, "1", {}, ""}, {7, "C", {"A", "B"}, "f"}});
  expectValid(M, P);
  EXPECT_EQ(P.Runs.size(), 3u);
  for (llvm::StringRef Combo : {"A && !B", "!A && B", "!A && !B"})
    EXPECT_TRUE(llvm::any_of(P.Runs, [&](const PlannedRun &R) {
      return holds(M, R.Config, Combo) && holds(M, R.Config, "C");
    })) << Combo.str();
  ASSERT_EQ(P.Notes.size(), 1u);
  EXPECT_NE(P.Notes[0].find("A=1, B=1"), std::string::npos) << P.Notes[0];
}

TEST(Planner, DeadRegionIsNotedNotPlanned) {
  fm::FeatureModel M = model(Excl);
  Plan P = plan(M, {{3, "A && B", {}, ""}});
  // A and B exclude each other: one run each, none with both.
  EXPECT_EQ(P.Runs.size(), 2u);
  expectValid(M, P);
  ASSERT_EQ(P.Notes.size(), 1u);
  EXPECT_NE(P.Notes[0].find("dead"), std::string::npos);
}

TEST(Planner, FeaturesMayBeNamedByMacro) {
  fm::FeatureModel M = model(Flat);
  EXPECT_TRUE(static_cast<bool>(computePlan(M, {{1, "A", {"B"}, ""}})));
}

TEST(Planner, UnknownFeatureOrBadConditionIsAnError) {
  fm::FeatureModel M = model(Flat);
  auto Unknown = computePlan(M, {{1, "NOPE", {}, ""}});
  ASSERT_FALSE(static_cast<bool>(Unknown));
  EXPECT_NE(errorToString(Unknown.takeError()).find("NOPE"), std::string::npos);
  auto Bad = computePlan(M, {{1, "A &&", {}, ""}});
  EXPECT_FALSE(static_cast<bool>(Bad));
  llvm::consumeError(Bad.takeError());
}

TEST(Planner, IsDeterministic) {
  fm::FeatureModel M = model(Alt3);
  std::vector<RegionToCover> R = {{1, "GZIP", {"LOG"}, ""},
                                  {2, "!LOG", {"ZSTD"}, ""},
                                  {3, "LZ4 || ZSTD", {}, ""}};
  std::vector<std::string> First = configs(plan(M, R));
  for (int I = 0; I < 3; ++I)
    EXPECT_EQ(configs(plan(M, R)), First);
  // And from a freshly read model.
  EXPECT_EQ(configs(plan(model(Alt3), R)), First);
}

TEST(Planner, EveryRequirementIsCovered) {
  fm::FeatureModel M = model(Alt3);
  Plan P = plan(M, {{1, "GZIP", {"LOG"}, ""},
                    {2, "!LOG", {"ZSTD"}, ""},
                    {3, "LZ4 || ZSTD", {}, ""}});
  expectValid(M, P);
  for (const Requirement &R : P.Requirements)
    EXPECT_FALSE(R.CoveredBy.empty()) << R.What;
  EXPECT_TRUE(P.Notes.empty());
}

} // namespace

namespace {

fm::Configuration config(const fm::FeatureModel &M, llvm::StringRef Text) {
  auto C = M.parseConfig(Text);
  if (!C) {
    ADD_FAILURE() << errorToString(C.takeError());
    return {};
  }
  return std::move(*C);
}

Plan planWithDefault(const fm::FeatureModel &M,
                     const std::vector<RegionToCover> &R,
                     llvm::StringRef Default) {
  PlanOptions O;
  O.Default = config(M, Default);
  auto P = computePlan(M, R, O);
  if (!P) {
    ADD_FAILURE() << errorToString(P.takeError());
    return {};
  }
  return std::move(*P);
}

TEST(PlannerDefault, TheDefaultGoesFirstWhenItCostsNoRun) {
  // An #else region needs a run without A anyway: the default (no
  // optional feature) can be that run.
  fm::FeatureModel M = model(Flat);
  std::vector<RegionToCover> R = {{1, "A", {}, ""}, {2, "!A", {}, ""}};
  Plan Plain = plan(M, R);
  Plan P = planWithDefault(M, R, "");
  ASSERT_EQ(P.Runs.size(), Plain.Runs.size());
  EXPECT_EQ(P.Runs[0].ConfigString, "");
  EXPECT_TRUE(P.FirstIsDefault);
  for (const Requirement &Q : P.Requirements)
    EXPECT_FALSE(Q.CoveredBy.empty()) << Q.What;
}

TEST(PlannerDefault, NotFirstWhenItWouldCostAnExtraRun) {
  // One run covers everything; starting from "no feature" would need two.
  fm::FeatureModel M = model(Flat);
  Plan P = planWithDefault(M, {{1, "A", {}, ""}, {2, "B", {}, ""}}, "");
  ASSERT_EQ(P.Runs.size(), 1u);
  EXPECT_EQ(P.Runs[0].ConfigString, "A,B,C,D");
  EXPECT_FALSE(P.FirstIsDefault);
  ASSERT_FALSE(P.Notes.empty());
  EXPECT_NE(P.Notes.back().find("default configuration ''"), std::string::npos);
}

TEST(PlannerDefault, AnAlternativeOtherThanTheFirstCanLead) {
  fm::FeatureModel M = model(Alt3);
  Plan P =
      planWithDefault(M, {{1, "GZIP", {}, ""}, {2, "ZSTD", {}, ""}}, "ZSTD");
  ASSERT_EQ(P.Runs.size(), 3u);
  EXPECT_EQ(P.Runs[0].ConfigString, "ZSTD");
  EXPECT_TRUE(P.FirstIsDefault);
  std::set<std::string> Seen;
  for (const PlannedRun &Run : P.Runs)
    for (llvm::StringRef F : {"GZIP", "LZ4", "ZSTD"})
      if (Run.Config.Selected[*M.findByName(F)])
        Seen.insert(F.str());
  EXPECT_EQ(Seen.size(), 3u);
  expectValid(M, P);
}

TEST(PlannerDefault, ADefaultEqualToTheFirstRunIsMarked) {
  fm::FeatureModel M = model(Flat);
  Plan P = planWithDefault(M, {{1, "A", {}, ""}}, "A,B,C,D");
  ASSERT_EQ(P.Runs.size(), 1u);
  EXPECT_TRUE(P.FirstIsDefault);
}

} // namespace
