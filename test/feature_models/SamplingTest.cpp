//===- test/feature_models/SamplingTest.cpp - Samples ---------------------===//

#include "TestModels.h"

#include "support/Diagnostic.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

using namespace varsim::fm;
using namespace varsim::fm::test;
using ::testing::HasSubstr;

namespace {

std::vector<Configuration> sample(const FeatureModel &M, SampleStrategy S,
                                  unsigned Count = 0, uint64_t Seed = 1,
                                  unsigned T = 2) {
  SampleOptions O;
  O.Strategy = S;
  O.Count = Count;
  O.Seed = Seed;
  O.T = T;
  llvm::Expected<std::vector<Configuration>> R = M.sample(O);
  if (!R) {
    ADD_FAILURE() << varsim::errorToString(R.takeError());
    return {};
  }
  return *R;
}

void expectValidAndDistinct(const FeatureModel &M,
                            const std::vector<Configuration> &Sample) {
  std::set<std::string> Seen;
  for (const Configuration &C : Sample) {
    EXPECT_EQ(varsim::errorToString(M.check(C)), "") << M.format(C);
    EXPECT_TRUE(Seen.insert(M.format(C)).second) << "duplicate " << M.format(C);
  }
}

/// Concrete features that are neither core nor dead.
std::vector<FeatureId> variable(const FeatureModel &M) {
  std::vector<FeatureId> R;
  for (FeatureId F : M.concreteFeatures())
    if (M.isSatisfiable({{F}}) && M.isSatisfiable({{F, true}}))
      R.push_back(F);
  return R;
}

bool covered(const std::vector<Configuration> &Sample,
             std::initializer_list<Literal> Lits) {
  return std::any_of(Sample.begin(), Sample.end(), [&](auto &C) {
    return std::all_of(Lits.begin(), Lits.end(), [&](Literal L) {
      return C.Selected[L.Feature] != L.Negated;
    });
  });
}

TEST(FeatureModelSampling, PairWiseCoversEveryValidPair) {
  for (const char *Name : {"elevator.xml", "email.xml", "email.vm.xml"}) {
    SCOPED_TRACE(Name);
    FeatureModel M = load(Name);
    std::vector<Configuration> S = sample(M, SampleStrategy::PairWise);
    expectValidAndDistinct(M, S);
    EXPECT_LT(static_cast<double>(S.size()), M.count());
    std::vector<FeatureId> Vars = variable(M);
    unsigned Pairs = 0;
    for (FeatureId A : Vars)
      for (FeatureId B : Vars)
        if (A < B)
          for (bool NA : {false, true})
            for (bool NB : {false, true})
              if (M.isSatisfiable({{A, NA}, {B, NB}})) {
                ++Pairs;
                EXPECT_TRUE(covered(S, {{A, NA}, {B, NB}}))
                    << M.feature(A).Name << "=" << !NA << " "
                    << M.feature(B).Name << "=" << !NB;
              }
    EXPECT_GT(Pairs, 0u);
    // Deterministic.
    std::vector<Configuration> Again = sample(M, SampleStrategy::PairWise);
    EXPECT_EQ(S, Again);
  }
}

TEST(FeatureModelSampling, OneWiseCoversEveryLiteral) {
  FeatureModel M = load("email.xml");
  std::vector<Configuration> S =
      sample(M, SampleStrategy::PairWise, 0, 1, /*T=*/1);
  expectValidAndDistinct(M, S);
  for (FeatureId F : variable(M)) {
    EXPECT_TRUE(covered(S, {{F, false}})) << M.feature(F).Name;
    EXPECT_TRUE(covered(S, {{F, true}})) << M.feature(F).Name;
  }
  EXPECT_LE(S.size(), sample(M, SampleStrategy::PairWise).size());
}

TEST(FeatureModelSampling, FeatureWiseAndNegativeFeatureWise) {
  for (const char *Name : {"elevator.vm.xml", "email.xml"}) {
    SCOPED_TRACE(Name);
    FeatureModel M = load(Name);
    std::vector<Configuration> On = sample(M, SampleStrategy::FeatureWise);
    std::vector<Configuration> Off =
        sample(M, SampleStrategy::NegativeFeatureWise);
    expectValidAndDistinct(M, On);
    expectValidAndDistinct(M, Off);
    for (FeatureId F : variable(M)) {
      EXPECT_TRUE(covered(On, {{F, false}})) << M.feature(F).Name;
      EXPECT_TRUE(covered(Off, {{F, true}})) << M.feature(F).Name;
    }
    EXPECT_LE(On.size(), variable(M).size());
    // Feature-wise enables few features, the negative one many.
    auto Selected = [](const std::vector<Configuration> &S) {
      size_t N = 0;
      for (const Configuration &C : S)
        N += std::count(C.Selected.begin(), C.Selected.end(), true);
      return static_cast<double>(N) / static_cast<double>(S.size());
    };
    EXPECT_LT(Selected(On), Selected(Off));
  }
}

TEST(FeatureModelSampling, RandomIsDeterministicDistinctAndValid) {
  FeatureModel M = load("email.xml");
  std::vector<Configuration> A = sample(M, SampleStrategy::Random, 20, 7);
  std::vector<Configuration> B = sample(M, SampleStrategy::Random, 20, 7);
  std::vector<Configuration> C = sample(M, SampleStrategy::Random, 20, 8);
  EXPECT_EQ(A.size(), 20u);
  expectValidAndDistinct(M, A);
  EXPECT_EQ(A, B);
  EXPECT_NE(A, C);

  // Asking for more than there are gives all of them, once each.
  FeatureModel E = load("elevator.xml");
  std::vector<Configuration> All = sample(E, SampleStrategy::Random, 100000, 3);
  expectValidAndDistinct(E, All);
  EXPECT_EQ(static_cast<double>(All.size()), E.count());
}

TEST(FeatureModelSampling, RandomIsUniform) {
  // Alternative {Rich, Poor}: Rich has 10 optional children (1024
  // configurations), Poor has one configuration. A uniform draw picks Poor
  // about once in 1025 draws; a naive coin flip at the group would pick it
  // half of the time.
  std::string Xml = R"(<featureModel><struct><alt name="R" abstract="true">
      <and name="Rich">)";
  for (int I = 0; I < 10; ++I)
    Xml += ("<feature name=\"K" + llvm::Twine(I) + "\"/>").str();
  Xml += R"(</and><feature name="Poor"/></alt></struct></featureModel>)";
  llvm::Expected<FeatureModel> M = parseFeatureModel(Xml, "u.xml");
  ASSERT_TRUE(static_cast<bool>(M)) << varsim::errorToString(M.takeError());
  ASSERT_EQ(M->count(), 1025.0);
  FeatureId Poor = *M->findByName("Poor"), K0 = *M->findByName("K0");
  unsigned PoorDraws = 0, K0Draws = 0, Draws = 400;
  for (unsigned Seed = 1; Seed <= Draws; ++Seed) {
    std::vector<Configuration> S = sample(*M, SampleStrategy::Random, 1, Seed);
    ASSERT_EQ(S.size(), 1u);
    PoorDraws += S[0].Selected[Poor];
    K0Draws += S[0].Selected[K0];
  }
  EXPECT_LT(PoorDraws, 10u);
  // K0 is in 512 of the 1025 configurations.
  EXPECT_GT(K0Draws, 150u);
  EXPECT_LT(K0Draws, 250u);
}

TEST(FeatureModelSampling, AllIsEveryValidConfiguration) {
  FeatureModel M = load("elevator.vm.xml");
  std::vector<Configuration> S = sample(M, SampleStrategy::All);
  std::vector<std::string> Formatted;
  for (const Configuration &C : S)
    Formatted.push_back(M.format(C));
  std::sort(Formatted.begin(), Formatted.end());
  EXPECT_EQ(Formatted, validConfigs(M));
}

TEST(FeatureModelSampling, RefusesWhatItCannotDo) {
  FeatureModel M = load("elevator.xml");
  SampleOptions O;
  O.Strategy = SampleStrategy::Random;
  O.Count = 0;
  EXPECT_THAT(varsim::errorToString(M.sample(O).takeError()),
              HasSubstr("random sampling needs a number"));
  O.Strategy = SampleStrategy::PairWise;
  O.T = 3;
  EXPECT_THAT(varsim::errorToString(M.sample(O).takeError()),
              HasSubstr("t = 1 and t = 2"));
  std::vector<std::string> Macros;
  for (int I = 0; I < 40; ++I)
    Macros.push_back(("F" + llvm::Twine(I)).str());
  O.Strategy = SampleStrategy::All;
  EXPECT_THAT(varsim::errorToString(
                  FeatureModel::inferFromMacros(Macros).sample(O).takeError()),
              HasSubstr("too many to list them all"));
}

} // namespace
