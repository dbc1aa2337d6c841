//===- test/model/TermLiftingTest.cpp - Shared time to the shared term ----===//
//
// model/TermLifting.h: copies of one function per configuration give their
// shared time to the term they share, equivalent terms are one, and no
// valid configuration's prediction changes.
//
//===----------------------------------------------------------------------===//

#include "model/TermLifting.h"
#include "model/FeatureValues.h"
#include "test/model/ModelTestUtil.h"

#include "condition/Condition.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <vector>

using namespace varsim;
using namespace varsim::model;
using namespace varsim::model::test;

namespace {

/// J (numeric 0/1) and M (numeric 20/40/64) as Lua's LUA_USE_JUMPTABLE
/// and LUAI_MAXSHORTLEN, H an optional boolean, and P1/P2 alternatives.
const char *ModelXml = R"(<?xml version="1.0" encoding="UTF-8"?>
<featureModel>
  <struct>
    <and abstract="true" mandatory="true" name="Root">
      <feature name="H"/>
      <feature mandatory="true" name="J">
        <property key="type" value="numeric"/>
        <property key="values" value="0,1"/>
      </feature>
      <feature mandatory="true" name="M">
        <property key="type" value="numeric"/>
        <property key="values" value="20,40,64"/>
      </feature>
      <alt abstract="true" mandatory="true" name="Policy">
        <feature name="P1"/>
        <feature name="P2"/>
      </alt>
    </and>
  </struct>
  <constraints/>
</featureModel>
)";

class TermLifting : public ::testing::Test {
protected:
  void SetUp() override {
    llvm::SmallString<128> Path;
    ASSERT_FALSE(
        llvm::sys::fs::createTemporaryFile("varsim-lifting", "xml", Path));
    {
      std::error_code EC;
      llvm::raw_fd_ostream OS(Path, EC);
      OS << ModelXml;
    }
    FM.emplace(featureModel(std::string(Path)));
    llvm::sys::fs::remove(Path);
  }

  static callgraph::Atom literal(const std::string &Feature, bool Negated) {
    callgraph::Atom A;
    A.Feature = Feature;
    A.Negated = Negated;
    A.Text = (Negated ? "!" : "") + Feature;
    return A;
  }
  static callgraph::Atom general(const std::string &Text) {
    callgraph::Atom A;
    llvm::Expected<condition::CondPtr> C = condition::parsePresence(Text);
    EXPECT_TRUE(static_cast<bool>(C));
    A.General = *C;
    A.Text = Text;
    return A;
  }
  /// A term over atoms written "J", "!J", "M == 64" (a literal unless it
  /// holds a space).
  static Term term(std::vector<std::string> Atoms, double Seconds,
                   std::vector<std::string> Sources) {
    Term T;
    for (const std::string &A : Atoms)
      T.Atoms.push_back(A.find(' ') != std::string::npos ? general(A)
                        : A[0] == '!' ? literal(A.substr(1), true)
                                      : literal(A, false));
    T.Seconds = Seconds;
    T.Sources = std::move(Sources);
    return T;
  }
  /// The same, its sources copies of one function per configuration.
  static Term copyTerm(std::vector<std::string> Atoms, double Seconds,
                       std::vector<std::string> Sources) {
    Term T = term(std::move(Atoms), Seconds, Sources);
    T.SharedCode = std::move(Sources);
    return T;
  }

  /// Every valid configuration's prediction.
  std::vector<double> predictions(const PerformanceModel &M) const {
    std::vector<double> Out;
    FM->forEachValid([&](const fm::Configuration &C) {
      Out.push_back(M.predict(FeatureValues::of(*FM, C)));
      return true;
    });
    return Out;
  }

  void expectSamePredictions(const PerformanceModel &Before,
                             const PerformanceModel &After) const {
    std::vector<double> A = predictions(Before), B = predictions(After);
    ASSERT_EQ(A.size(), B.size());
    ASSERT_FALSE(A.empty());
    for (size_t I = 0; I < A.size(); ++I)
      EXPECT_NEAR(A[I], B[I], 1e-12) << "configuration " << I;
  }

  struct Lifted {
    PerformanceModel M;
    TermLiftingSummary Sum;
  };
  /// A model of these terms lifted, its predictions checked unchanged.
  Lifted lift(std::vector<Term> Terms, size_t MaxConfigurations = 1u << 14) {
    Lifted L;
    L.M.ThresholdSeconds = 1e-6;
    L.M.Terms = std::move(Terms);
    PerformanceModel Before = L.M;
    L.Sum = liftSharedTime(L.M, *FM, MaxConfigurations);
    expectSamePredictions(Before, L.M);
    return L;
  }

  std::optional<fm::FeatureModel> FM;
};

TEST_F(TermLifting, CopiesPerConfigurationGiveTheirSharedTimeToBase) {
  // An interpreter copied per J and M: each copy's whole time went to its
  // copy's condition, and a fit to the runs' totals left J at -0.3 s.
  const std::vector<std::string> Exec = {"lvm.c:1141 (luaV_execute)"};
  auto [M, Sum] =
      lift({copyTerm({"J", "M == 20"}, 1.30, Exec),
            copyTerm({"J", "M == 40"}, 1.28, Exec),
            copyTerm({"J", "M == 64"}, 1.33, Exec),
            copyTerm({"!J", "M == 20"}, 1.25, Exec),
            copyTerm({"!J", "M == 40"}, 1.27, Exec),
            copyTerm({"!J", "M == 64"}, 1.32, Exec),
            copyTerm({"J"}, -0.30, {"ldo.c:411 (moveresults)"}),
            copyTerm({"!J"}, -0.30, {"ldo.c:411 (moveresults)"}),
            term({"H"}, 0.20, {"ldo.c:500 (stack)"}),
            term({}, 0.01, {"(process):0 (process start-up and exit)"})});
  EXPECT_GT(Sum.Families, 0u);

  std::map<std::string, double> Terms = termsOf(M);
  // Base holds the cheapest copy's time (1.25 - 0.30 + 0.01).
  ASSERT_TRUE(Terms.count("Base")) << M.Terms.size();
  EXPECT_NEAR(Terms["Base"], 0.96, 1e-9);
  EXPECT_NEAR(Terms["H"], 0.20, 1e-9);
  // What each option changes is left, small; no term is a copy's whole
  // time any more.
  for (const Term &T : M.Terms) {
    if (T.name() != "Base" && T.name() != "H") {
      EXPECT_LT(std::abs(T.Seconds), 0.1) << T.name();
    }
  }
  // The shared code is named where its time went.
  const Term &Base =
      *std::find_if(M.Terms.begin(), M.Terms.end(),
                    [](const Term &T) { return T.Atoms.empty(); });
  EXPECT_NE(std::find(Base.Sources.begin(), Base.Sources.end(), Exec[0]),
            Base.Sources.end());
}

TEST_F(TermLifting, TermsOfTheSameMeaningAreOne) {
  // Over J's values {0, 1}, `!J` and `J == 0` hold in the same
  // configurations.
  auto [M, Sum] = lift(
      {term({"!J"}, 0.05, {"a.c:1 (f)"}), term({"J == 0"}, 0.07, {"b.c:2 (g)"}),
       term({}, 1.0, {"(process):0 (process start-up and exit)"})});
  EXPECT_EQ(Sum.Merged, 1u);
  std::map<std::string, double> Terms = termsOf(M);
  ASSERT_EQ(Terms.size(), 2u);
  EXPECT_NEAR(Terms["!J"], 0.12, 1e-12);
  EXPECT_NEAR(Terms["Base"], 1.0, 1e-12);
}

TEST_F(TermLifting, AnAtomTheOthersImplyIsDropped) {
  // Mbed TLS's `!(ROM && FEWER)#ROM#!FEWER#...`: `!H` makes `!(H && J)`
  // true.
  auto [M, Sum] =
      lift({term({"!(H && J)", "!H", "M == 20"}, 0.03, {"a.c:1 (f)"}),
            term({}, 1.0, {"(process):0 (process start-up and exit)"})});
  EXPECT_EQ(Sum.AtomsDropped, 1u);
  std::map<std::string, double> Terms = termsOf(M);
  EXPECT_EQ(Terms.count("!H#M == 20"), 1u) << M.Terms[0].name();
}

TEST_F(TermLifting, ATermThatHoldsNowhereIsReportedNotKept) {
  // Two comparisons of one feature that contradict each other escape the
  // simplifier; over the valid configurations the term predicts nothing.
  auto [M, Sum] =
      lift({term({"J != 0", "J == 0"}, 0.02, {"a.c:1 (f)"}),
            term({"J != 0", "M == 20"}, 0.01, {"a.c:1 (f)"}),
            term({}, 1.0, {"(process):0 (process start-up and exit)"})});
  ASSERT_EQ(M.Unsatisfiable.size(), 1u);
  EXPECT_EQ(M.Unsatisfiable[0].name(), "J != 0#J == 0");
  ASSERT_EQ(M.Warnings.size(), 1u);
  EXPECT_NE(M.Warnings[0].find("holds in no valid configuration"),
            std::string::npos);
  EXPECT_EQ(termsOf(M).size(), 2u);
}

TEST_F(TermLifting, AlternativesWithTheirOwnCodeKeepTheirTimes) {
  // Two policies, each its own code, both calling one helper (work_ms):
  // the paper's model gives each its time, and so does this one.
  auto [M, Sum] =
      lift({term({"P1"}, 0.40, {"policy.h:10 (P1::apply)", "w.c:5 (work)"}),
            term({"P2"}, 0.30, {"policy.h:30 (P2::apply)", "w.c:5 (work)"}),
            term({}, 1.0, {"(process):0 (process start-up and exit)"})});
  EXPECT_EQ(Sum.Families, 0u);
  std::map<std::string, double> Terms = termsOf(M);
  EXPECT_NEAR(Terms["P1"], 0.40, 1e-12);
  EXPECT_NEAR(Terms["P2"], 0.30, 1e-12);
  EXPECT_NEAR(Terms["Base"], 1.0, 1e-12);
}

TEST_F(TermLifting, CopiesThatDoNotCoverEveryValueKeepTheirTimes) {
  // Copies for two of M's three values: where M is 64 neither holds, so
  // no part of their time is shared by every configuration.
  const std::vector<std::string> Exec = {"lvm.c:638 (luaV_concat)"};
  auto [M, Sum] = lift(
      {copyTerm({"M == 20"}, 0.30, Exec), copyTerm({"M == 40"}, 0.25, Exec),
       term({}, 1.0, {"(process):0 (process start-up and exit)"})});
  EXPECT_EQ(Sum.Families, 0u);
  std::map<std::string, double> Terms = termsOf(M);
  EXPECT_NEAR(Terms["M == 20"], 0.30, 1e-12);
  EXPECT_NEAR(Terms["M == 40"], 0.25, 1e-12);
}

TEST_F(TermLifting, OneEffectWrittenAsThreeTermsIsOne) {
  // Lua's model: `!J#H` +0.0098 s, `!J#H#M == 40` and `!J#H#M == 64`
  // -0.0098 s each: where M is 40 or 64 they cancel, so the one effect is
  // `!J#H#M == 20`. Terms that are not such a family stay.
  const std::vector<std::string> Concat = {"lvm.c:638 (luaV_concat)"};
  auto [M, Sum] =
      lift({term({"!J", "H"}, 0.0098, Concat),
            term({"!J", "H", "M == 40"}, -0.0098, Concat),
            term({"!J", "H", "M == 64"}, -0.0098, Concat),
            term({"H"}, 0.33, {"lvm.c:1141 (luaV_execute)"}),
            term({"M == 64"}, 0.036, {"lstring.c:10 (hash)"}),
            term({}, 1.0, {"(process):0 (process start-up and exit)"})});
  EXPECT_EQ(Sum.PushedDown, 1u);
  std::map<std::string, double> Terms = termsOf(M);
  EXPECT_EQ(Terms.size(), 4u);
  EXPECT_NEAR(Terms["!J#H#M == 20"], 0.0098, 1e-12);
  EXPECT_NEAR(Terms["H"], 0.33, 1e-12);
  EXPECT_NEAR(Terms["M == 64"], 0.036, 1e-12);
  EXPECT_NEAR(Terms["Base"], 1.0, 1e-12);

  // Where giving the seconds away would not leave fewer terms (the
  // values' terms differ), nothing moves.
  auto [N, Kept] =
      lift({term({"H"}, 0.2, Concat), term({"H", "M == 40"}, 0.05, Concat),
            term({"H", "M == 64"}, -0.03, Concat)});
  EXPECT_EQ(Kept.PushedDown, 0u);
  EXPECT_EQ(termsOf(N).size(), 3u);
}

TEST_F(TermLifting, TooManyConfigurationsLeaveTheTermsAsTheyAre) {
  const std::vector<std::string> Exec = {"lvm.c:1141 (luaV_execute)"};
  PerformanceModel M;
  M.Terms = {copyTerm({"J"}, 1.0, Exec), copyTerm({"!J"}, 1.1, Exec)};
  TermLiftingSummary Sum = liftSharedTime(M, *FM, /*MaxConfigurations=*/4);
  EXPECT_NE(Sum.Skipped.find("valid configurations"), std::string::npos)
      << Sum.Skipped;
  std::map<std::string, double> Terms = termsOf(M);
  EXPECT_EQ(Terms.size(), 2u);
  EXPECT_NEAR(Terms["J"], 1.0, 1e-12);
}

} // namespace
