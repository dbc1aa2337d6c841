//===- test/feature_models/ConfigurationTest.cpp - CONFIG strings, check --===//

#include "TestModels.h"

#include "support/Diagnostic.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

using namespace varsim::fm;
using namespace varsim::fm::test;
using ::testing::HasSubstr;

namespace {

bool selected(const FeatureModel &M, const Configuration &C, const char *Name) {
  std::optional<FeatureId> F = M.findByName(Name);
  return F && C.Selected[*F];
}

TEST(FeatureModelConfigs, ParseCompletesAncestorsAndMandatoryFeatures) {
  FeatureModel M = load("elevator.xml");
  llvm::Expected<Configuration> C = M.parseConfig(" RushHour , ShortestPath ");
  ASSERT_TRUE(static_cast<bool>(C)) << varsim::errorToString(C.takeError());
  for (const char *On :
       {"Elevator", "Behavior", "Priorities", "RushHour", "ShortestPath"})
    EXPECT_TRUE(selected(M, *C, On)) << On;
  for (const char *Off : {"FIFO", "Sabbath", "Service", "Logging", "Safety"})
    EXPECT_FALSE(selected(M, *C, Off)) << Off;
  EXPECT_EQ(M.format(*C), "ShortestPath,RushHour");

  FeatureModel E = load("email.xml");
  llvm::Expected<Configuration> D = E.parseConfig("");
  ASSERT_TRUE(static_cast<bool>(D));
  EXPECT_TRUE(selected(E, *D, "Base"));
  EXPECT_TRUE(selected(E, *D, "LEVEL"));
  EXPECT_EQ(D->Values[*E.findByName("LEVEL")], 1); // the default
  EXPECT_EQ(E.format(*D), "Base,LEVEL=1");
}

TEST(FeatureModelConfigs, FormatAndParseRoundTrip) {
  for (const char *Name : {"elevator.xml", "email.vm.xml"}) {
    FeatureModel M = load(Name);
    unsigned N = 0;
    M.forEachValid([&](const Configuration &C) {
      llvm::Expected<Configuration> Back = M.parseConfig(M.format(C));
      EXPECT_TRUE(static_cast<bool>(Back));
      if (Back) {
        EXPECT_EQ(*Back, C) << M.format(C);
      }
      ++N;
      return true;
    });
    EXPECT_EQ(static_cast<double>(N), M.count());
  }
}

TEST(FeatureModelConfigs, ForEachValidStopsWhenAsked) {
  FeatureModel M = load("email.xml");
  unsigned N = 0;
  M.forEachValid([&](const Configuration &) { return ++N < 3; });
  EXPECT_EQ(N, 3u);
}

/// check() of CONFIG with Extra selected too (an abstract feature, which a
/// CONFIG may not name).
std::string checkWith(const FeatureModel &M, const char *Config,
                      const char *Extra) {
  llvm::Expected<Configuration> C = M.parseConfig(Config);
  if (!C)
    return varsim::errorToString(C.takeError());
  C->Selected[*M.findByName(Extra)] = true;
  llvm::Error E = M.check(*C);
  return E ? varsim::errorToString(std::move(E)) : "";
}

TEST(FeatureModelConfigs, CheckNamesTheViolatedConstraint) {
  FeatureModel M = load("elevator.xml");
  EXPECT_EQ(checkConfig(M, "FIFO"), "");
  EXPECT_EQ(checkConfig(M, "ShortestPath,RushHour,Safety,Overloaded,Logging"),
            "");
  EXPECT_THAT(checkConfig(M, "FIFO,Sabbath"),
              HasSubstr("alternative group 'Behavior' needs exactly one of "
                        "FIFO, ShortestPath, Sabbath; selected: FIFO, "
                        "Sabbath"));
  EXPECT_THAT(checkConfig(M, ""), HasSubstr("selected: none"));
  EXPECT_THAT(checkConfig(M, "Sabbath,Service"),
              HasSubstr("constraint 'Sabbath => !Service' (" +
                        modelPath("elevator.xml") + ":33) is violated"));
  EXPECT_THAT(checkConfig(M, "FIFO,RushHour"),
              HasSubstr("constraint 'RushHour => ShortestPath'"));
  EXPECT_THAT(checkConfig(M, "FIFO,Overloaded"),
              HasSubstr("constraint '!Overloaded | Logging'"));
  // A CONFIG cannot name the abstract 'Priorities' (parseConfig refuses
  // it), but a configuration built otherwise can select it alone.
  EXPECT_THAT(checkWith(M, "FIFO", "Priorities"),
              HasSubstr("or group 'Priorities' needs at least one of "
                        "RushHour, FloorPriority, PersonPriority"));
  EXPECT_THAT(checkConfig(M, "FIFO,Bogus"),
              HasSubstr("unknown feature 'Bogus' in configuration"));
  EXPECT_THAT(checkConfig(M, "FIFO=2"),
              HasSubstr("boolean feature 'FIFO' takes no value"));
  EXPECT_EQ(checkConfig(M, "FIFO=1,Logging=0"), "");

  FeatureModel S = load("elevator.vm.xml");
  EXPECT_THAT(checkConfig(S, "Sabbath,Service"),
              HasSubstr("constraint 'Sabbath excludes Service'"));
  EXPECT_THAT(checkConfig(S, "FIFO,RushHour"),
              HasSubstr("constraint 'RushHour implies ShortestPath'"));
  EXPECT_THAT(checkWith(S, "FIFO", "Priorities"),
              HasSubstr("constraint '!Priorities | RushHour | FloorPriority "
                        "| PersonPriority'"));
}

TEST(FeatureModelConfigs, CheckExplainsTreeViolations) {
  FeatureModel M = load("email.xml");
  llvm::Expected<Configuration> C = M.parseConfig("SMTP");
  ASSERT_TRUE(static_cast<bool>(C));
  ASSERT_EQ(varsim::errorToString(M.check(*C)), "");

  Configuration NoBase = *C;
  NoBase.Selected[*M.findByName("Base")] = false;
  EXPECT_THAT(varsim::errorToString(M.check(NoBase)),
              HasSubstr("mandatory feature 'Base' of 'EMail' is not selected"));

  Configuration Orphan = *C;
  Orphan.Selected[*M.findByName("Sign")] = true;
  Orphan.Selected[*M.findByName("Keys")] = true;
  EXPECT_THAT(varsim::errorToString(M.check(Orphan)),
              HasSubstr("feature 'Keys' is selected but its parent "
                        "'Security' is not"));

  Configuration NoRoot = *C;
  NoRoot.Selected[M.root()] = false;
  EXPECT_THAT(varsim::errorToString(M.check(NoRoot)),
              HasSubstr("root feature 'EMail' is not selected"));

  Configuration Short;
  EXPECT_THAT(varsim::errorToString(M.check(Short)),
              HasSubstr("the configuration has 0 features"));

  EXPECT_THAT(checkConfig(M, "SMTP,LEVEL=7"),
              HasSubstr("numeric feature 'LEVEL' has value 7, not one of 0, "
                        "1, 2, 3"));
  EXPECT_THAT(checkConfig(M, "SMTP,LEVEL=x"),
              HasSubstr("malformed value 'x' of feature 'LEVEL'"));
  EXPECT_EQ(checkConfig(M, "SMTP,COMPRESSION_LEVEL=3"), "");
  EXPECT_THAT(checkConfig(M, "SMTP,Keys"),
              HasSubstr("constraint 'Keys <=> Sign | Encrypt'"));
  EXPECT_THAT(checkConfig(M, "IMAP,Forward,Filter"),
              HasSubstr("constraint 'atmost1(AutoResponder, Forward, "
                        "Filter)'"));
}

TEST(FeatureModelConfigs, DefaultConfiguration) {
  // "" is invalid in the elevator (a behavior is needed): the first valid
  // configuration in enumeration order is used.
  FeatureModel M = load("elevator.xml");
  std::optional<Configuration> D = M.defaultConfiguration();
  ASSERT_TRUE(D);
  EXPECT_EQ(varsim::errorToString(M.check(*D)), "");
  std::optional<Configuration> First;
  M.forEachValid([&](const Configuration &C) {
    First = C;
    return false;
  });
  EXPECT_EQ(D, First);

  // Where "" is valid, it is the default.
  FeatureModel I = FeatureModel::inferFromMacros({"A", "B"});
  std::optional<Configuration> E = I.defaultConfiguration();
  ASSERT_TRUE(E);
  EXPECT_EQ(I.format(*E), "");
}

TEST(FeatureModelConfigs, DuplicateAndAbstractFeaturesAreRefused) {
  FeatureModel M = load("elevator.xml");
  struct Case {
    const char *Config, *Message;
  } Cases[] = {
      {"ShortestPath,ShortestPath",
       "feature 'ShortestPath' is named twice in configuration "
       "'ShortestPath,ShortestPath'"},
      // By name and by macro: the same feature.
      {"Logging,ShortestPath,ELEVATOR_LOG", "feature 'Logging' is named twice"},
      {"Priorities,RushHour,ShortestPath",
       "feature 'Priorities' in configuration "
       "'Priorities,RushHour,ShortestPath' is abstract"},
      {"Elevator", "feature 'Elevator' in configuration 'Elevator' is "
                   "abstract: a CONFIG names concrete features only"},
  };
  for (const Case &C : Cases) {
    llvm::Expected<Configuration> P = M.parseConfig(C.Config);
    ASSERT_FALSE(static_cast<bool>(P)) << C.Config;
    EXPECT_THAT(varsim::errorToString(P.takeError()), HasSubstr(C.Message));
  }
}

TEST(FeatureModelConfigs, CompilerDefines) {
  FeatureModel M = load("elevator.xml");
  llvm::Expected<Configuration> C =
      M.parseConfig("Overloaded,ShortestPath,Logging");
  ASSERT_TRUE(static_cast<bool>(C));
  EXPECT_EQ(M.compilerDefines(*C),
            (std::vector<std::string>{"-DShortestPath=1", "-DSafety=1",
                                      "-DOverloaded=1", "-DELEVATOR_LOG=1"}));
  FeatureModel E = load("email.vm.xml");
  llvm::Expected<Configuration> D = E.parseConfig("POP3,LEVEL=3");
  ASSERT_TRUE(static_cast<bool>(D));
  EXPECT_EQ(E.compilerDefines(*D),
            (std::vector<std::string>{"-DMAIL_Base=1", "-DMAIL_POP3=1",
                                      "-DCOMPRESSION_LEVEL=3"}));
}

} // namespace
