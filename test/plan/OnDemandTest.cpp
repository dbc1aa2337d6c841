//===- test/plan/OnDemandTest.cpp - Copies covered on demand --------------===//

#include "plan/OnDemand.h"
#include "plan/ManifestReader.h"

#include "condition/Condition.h"

#include <gtest/gtest.h>

using namespace varsim;
using namespace varsim::plan;

namespace {

manifest::Region region(unsigned Id, std::string Kind, std::string Function,
                        std::string Condition, unsigned Line) {
  manifest::Region R;
  R.Id = Id;
  R.Kind = std::move(Kind);
  R.Function = std::move(Function);
  R.Condition = std::move(Condition);
  R.File = "/p/opts.c";
  R.Line = Line;
  return R;
}

/// The shape of a function the global lowering copied per configuration
/// of A (SQLite's sqlite3CompileOptions): a dispatcher `f` whose `#if`
/// chain has a region per branch, two copies `f__varsim_A` and
/// `f__varsim_not_A` on the original's line; main, and a function at the
/// same line that is not a copy.
manifest::Manifest copiedFunction() {
  manifest::Manifest M;
  M.Regions = {region(0, "function", "main", "1", 1),
               region(1, "region", "f", "A", 11),
               region(2, "region", "f", "!(A)", 13),
               region(3, "function", "f__varsim_A", "A", 10),
               region(4, "function", "f__varsim_not_A", "!A", 10),
               region(5, "region", "f__varsim_A", "B", 12),
               region(6, "function", "g", "B", 10)};
  return M;
}

/// A run's evidence with Calls visits per region (conditions "1").
RunEvidence runWith(std::vector<uint64_t> Calls) {
  RunEvidence E;
  for (size_t R = 0; R < Calls.size(); ++R) {
    E.Conditions.push_back(*condition::parsePresence("1"));
    E.SelfNs.push_back(0);
    E.NoiseNs.push_back(0);
    E.CountsVary.push_back(false);
  }
  E.Calls = std::move(Calls);
  return E;
}

TEST(OnDemand, TheCopiesTheirCodeAndTheDispatcherAreOneFamily) {
  ManifestSummary S = summarizeManifest(copiedFunction());
  ASSERT_EQ(S.Regions.size(), 7u);
  std::string Key = "f (/p/opts.c:10)";
  for (unsigned Id : {1u, 2u, 3u, 4u, 5u})
    EXPECT_EQ(S.Regions[Id].CopyOf, Key) << "region " << Id;
  EXPECT_EQ(S.Regions[0].CopyOf, "");
  EXPECT_EQ(S.Regions[6].CopyOf, ""); // Same line, not a copy of f.
  ASSERT_EQ(S.CopyFamilies.count(Key), 1u);
  EXPECT_EQ(S.CopyFamilies[Key].Copies, 2u);
  EXPECT_EQ(S.CopyFamilies[Key].Presence, "(A) || (!A)");
}

TEST(OnDemand, AStandInCoversTheFunctionUntilARunCallsIt) {
  ManifestSummary S = summarizeManifest(copiedFunction());
  std::vector<RegionToCover> Regions = S.Regions;
  std::vector<OnDemandFamily> Families =
      collapseCopyFamilies(Regions, S.CopyFamilies);
  ASSERT_EQ(Families.size(), 1u);
  EXPECT_EQ(Families[0].Members.size(), 5u);
  // main, the stand-in, g.
  ASSERT_EQ(Regions.size(), 3u);
  EXPECT_TRUE(Regions[1].IsVariant);
  EXPECT_EQ(Regions[1].Condition, "(A) || (!A)");
  EXPECT_EQ(Regions[1].Function, "f");

  // No member visited: nothing to expand.
  std::vector<RunEvidence> Runs = {runWith({1, 0, 0, 0, 0, 0, 1})};
  EXPECT_TRUE(familiesThatRan(Families, Runs).empty());
  EXPECT_EQ(expandFamilies(Regions, Families, {}).size(), 3u);

  // A dispatcher branch visited: the members replace the stand-in.
  Runs.push_back(runWith({1, 0, 2, 0, 2, 0, 0}));
  std::vector<size_t> Ran = familiesThatRan(Families, Runs);
  ASSERT_EQ(Ran, std::vector<size_t>{0});
  std::vector<RegionToCover> Expanded = expandFamilies(Regions, Families, Ran);
  ASSERT_EQ(Expanded.size(), 7u);
  EXPECT_EQ(membersOf(Families, Ran), 5u);
  for (const RegionToCover &R : Expanded)
    EXPECT_FALSE(R.IsVariant && !R.CopyOf.empty()) << R.Label;

  // Folded or varying counts with a median of 0 still show a visit.
  std::vector<RunEvidence> Varying = {runWith({1, 0, 0, 0, 0, 0, 0})};
  Varying[0].CountsVary[3] = true;
  EXPECT_EQ(familiesThatRan(Families, Varying).size(), 1u);
}

TEST(OnDemand, MainIsNeverOnDemand) {
  manifest::Manifest M;
  M.Regions = {region(0, "function", "main__varsim_A", "A", 5),
               region(1, "function", "main__varsim_not_A", "!A", 5)};
  ManifestSummary S = summarizeManifest(M);
  EXPECT_TRUE(S.CopyFamilies.empty());
  EXPECT_EQ(S.Regions[0].CopyOf, "");
}

} // namespace
