//===- test/feature_models/SemanticsTest.cpp - BDD-backed questions -------===//

#include "TestModels.h"

#include "support/Diagnostic.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

using namespace varsim::fm;
using namespace varsim::fm::test;

namespace {

/// All valid configurations by brute force (check(), not the BDD).
std::vector<Configuration> bruteForceConfigs(const FeatureModel &M) {
  std::vector<Configuration> R;
  for (const std::string &S : bruteForceValid(M))
    R.push_back(llvm::cantFail(M.parseConfig(S)));
  return R;
}

FeatureModel parse(const char *Xml) {
  llvm::Expected<FeatureModel> M = parseFeatureModel(Xml, "m.xml");
  if (!M) {
    ADD_FAILURE() << varsim::errorToString(M.takeError());
    return FeatureModel::inferFromMacros({});
  }
  return std::move(*M);
}

TEST(FeatureModelSemantics, SatisfiabilityAgreesWithBruteForce) {
  for (const char *Name : {"elevator.xml", "email.vm.xml"}) {
    FeatureModel M = load(Name);
    std::vector<Configuration> All = bruteForceConfigs(M);
    size_t N = M.features().size();
    for (FeatureId A = 0; A < N; ++A)
      for (FeatureId B = A; B < N; ++B)
        for (bool NegA : {false, true})
          for (bool NegB : {false, true}) {
            Literal LA{A, NegA}, LB{B, NegB};
            bool Exists = std::any_of(All.begin(), All.end(), [&](auto &C) {
              return C.Selected[A] != NegA && C.Selected[B] != NegB;
            });
            EXPECT_EQ(M.isSatisfiable({LA, LB}), Exists)
                << Name << ": " << M.feature(A).Name << "/" << NegA << " "
                << M.feature(B).Name << "/" << NegB;
            // A => B fails exactly if A & !B is satisfiable.
            EXPECT_EQ(M.implies({LA}, LB),
                      !M.isSatisfiable({LA, Literal{B, !NegB}}));
          }
  }
}

TEST(FeatureModelSemantics, Implications) {
  FeatureModel M = load("elevator.xml");
  auto Id = [&](const char *Name) { return *M.findByName(Name); };
  EXPECT_TRUE(M.implies({{Id("RushHour")}}, {Id("ShortestPath")}));
  EXPECT_TRUE(M.implies({{Id("RushHour")}}, {Id("FIFO"), true}));
  EXPECT_TRUE(M.implies({{Id("Overloaded")}}, {Id("Logging")}));
  EXPECT_FALSE(M.implies({{Id("FIFO")}}, {Id("Logging")}));
  EXPECT_TRUE(M.implies({}, {Id("Behavior")}));
  EXPECT_FALSE(M.isSatisfiable({{Id("RushHour")}, {Id("Sabbath")}}));
  EXPECT_TRUE(M.isSatisfiable({}));
}

TEST(FeatureModelSemantics, CoreAndDeadFeatures) {
  FeatureModel M = parse(R"(<featureModel><struct>
    <and name="R" abstract="true">
      <feature name="A"/><feature name="B"/><feature name="C"/>
      <feature name="D"/><feature name="E" mandatory="true"/>
    </and></struct>
    <constraints>
      <rule><var>A</var></rule>
      <rule><imp><var>B</var><not><var>A</var></not></imp></rule>
      <rule><imp><var>A</var><var>D</var></imp></rule>
    </constraints></featureModel>)");
  auto Names = [&](const std::vector<FeatureId> &Ids) {
    std::vector<std::string> R;
    for (FeatureId F : Ids)
      R.push_back(M.feature(F).Name);
    return R;
  };
  EXPECT_EQ(Names(M.coreFeatures()),
            (std::vector<std::string>{"R", "A", "D", "E"}));
  EXPECT_EQ(Names(M.deadFeatures()), (std::vector<std::string>{"B"}));
  // Cross-check with brute force.
  std::vector<Configuration> All = bruteForceConfigs(M);
  ASSERT_EQ(All.size(), 2u);
  for (FeatureId F = 0; F < M.features().size(); ++F) {
    bool InAll = std::all_of(All.begin(), All.end(),
                             [&](auto &C) { return C.Selected[F]; });
    bool InNone = std::none_of(All.begin(), All.end(),
                               [&](auto &C) { return C.Selected[F]; });
    auto Core = M.coreFeatures(), Dead = M.deadFeatures();
    EXPECT_EQ(std::count(Core.begin(), Core.end(), F) == 1, InAll);
    EXPECT_EQ(std::count(Dead.begin(), Dead.end(), F) == 1, InNone);
  }
}

TEST(FeatureModelSemantics, ExclusiveGroupsFromGroupsAndConstraints) {
  FeatureModel M = load("elevator.xml");
  std::vector<std::vector<FeatureId>> Groups = M.exclusiveGroups();
  ASSERT_FALSE(Groups.empty());
  for (size_t G = 0; G + 1 < Groups.size(); ++G)
    EXPECT_GE(Groups[G].size(), Groups[G + 1].size());
  std::vector<FeatureId> Behaviors = {*M.findByName("FIFO"),
                                      *M.findByName("ShortestPath"),
                                      *M.findByName("Sabbath")};
  EXPECT_EQ(Groups.front(), Behaviors);
  for (const auto &Group : Groups) {
    EXPECT_GE(Group.size(), 2u);
    for (FeatureId A : Group) {
      EXPECT_FALSE(M.feature(A).Abstract);
      for (FeatureId B : Group)
        if (A != B) {
          EXPECT_FALSE(M.isSatisfiable({{A}, {B}}));
        }
    }
  }

  // Exclusion only through a cross-tree constraint.
  FeatureModel X = parse(R"(<featureModel><struct>
    <and name="R" abstract="true">
      <feature name="A"/><feature name="B"/><feature name="C"/>
    </and></struct>
    <constraints><rule><imp><var>A</var><not><var>B</var></not></imp></rule>
    </constraints></featureModel>)");
  EXPECT_EQ(X.exclusiveGroups(),
            (std::vector<std::vector<FeatureId>>{
                {*X.findByName("A"), *X.findByName("B")}}));
}

TEST(FeatureModelSemantics, FindValidPrefersFewFeatures) {
  FeatureModel M = load("elevator.xml");
  auto Id = [&](const char *Name) { return *M.findByName(Name); };
  std::optional<Configuration> C = M.findValid({{Id("Overloaded")}});
  ASSERT_TRUE(C);
  EXPECT_EQ(varsim::errorToString(M.check(*C)), "");
  EXPECT_TRUE(C->Selected[Id("Overloaded")]);
  size_t Fewest = ~size_t(0);
  for (const Configuration &B : bruteForceConfigs(M))
    if (B.Selected[Id("Overloaded")])
      Fewest = std::min<size_t>(
          Fewest, std::count(B.Selected.begin(), B.Selected.end(), true));
  EXPECT_EQ(static_cast<size_t>(
                std::count(C->Selected.begin(), C->Selected.end(), true)),
            Fewest);
  EXPECT_FALSE(M.findValid({{Id("RushHour")}, {Id("Sabbath")}}));
  std::optional<Configuration> Numeric = load("email.xml").findValid({});
  ASSERT_TRUE(Numeric);
}

TEST(FeatureModelSemantics, CountsBeyondEnumeration) {
  std::vector<std::string> Macros;
  for (int I = 0; I < 80; ++I)
    Macros.push_back(("F" + llvm::Twine(I)).str());
  FeatureModel M = FeatureModel::inferFromMacros(Macros);
  EXPECT_DOUBLE_EQ(M.count(), std::ldexp(1.0, 80));
  EXPECT_EQ(formatCount(M.count()), "1.2089e+24");
  EXPECT_EQ(formatCount(1024), "1024");
}

TEST(FeatureModelSemantics, ModelsCoexist) {
  // BuDDy is global: models of different sizes must not disturb each other.
  FeatureModel Small = FeatureModel::inferFromMacros({"A"});
  double Before = Small.count();
  {
    std::vector<std::string> Macros;
    for (int I = 0; I < 300; ++I)
      Macros.push_back(("G" + llvm::Twine(I)).str());
    FeatureModel Big = FeatureModel::inferFromMacros(Macros);
    EXPECT_DOUBLE_EQ(Big.count(), std::ldexp(1.0, 300));
  }
  EXPECT_EQ(Small.count(), Before);
  EXPECT_EQ(validConfigs(Small), (std::vector<std::string>{"", "A"}));
  FeatureModel Moved = std::move(Small);
  EXPECT_EQ(Moved.count(), 2.0);
}

} // namespace
