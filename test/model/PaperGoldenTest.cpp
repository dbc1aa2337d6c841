//===- test/model/PaperGoldenTest.cpp - The paper's running example -------===//
//
// The printer driver of Siegmund et al., "Family-Based Performance
// Measurement" (GPCE 2013), Figures 2-7: a hand-written trace with the
// paper's times (test/model/data/printer.json) must give the model of
// Section 3.2.4, and the simple model of Section 3.1 must predict 5.0 / 6.5 /
// 10.0 / 11.5 s for its four variants.
//
//===----------------------------------------------------------------------===//

#include "test/model/ModelTestUtil.h"

using namespace varsim;
using namespace varsim::model;
using namespace varsim::model::test;

namespace {

const std::string Data = VARSIM_MODEL_DATA;

TEST(PaperGolden, Section324PaperMode) {
  callgraph::CallGraph G = graphOfFiles({Data + "/printer.json"});
  PerformanceModel M = modelOf(G, Simplification::Paper);
  // Section 3.2.4 lists, after S-Ref, S-Mand and removing zero terms:
  //   <Base, 2s> + <Logging, 1s> + <ColorScan, 6s> + <AutoScan, 2s>
  //   + <ColorScan#Logging, 0.5s> + <AutoScan#Logging, 0.5s>
  //   + <ColorScan#Base, 1s> + <AutoScan#Base, 1s>.
  // We get exactly these eight terms. Six values match; for ColorScan and
  // AutoScan we get the values the paper's own derivation states
  // (<Base#ColorScan, 5s>: 9.5s - 3s - 1.5s; <Base#AutoScan, 1s>: 12s -
  // 9.5s - 1.5s): the paper's 6s and 2s count scan_role_Base's 1s twice
  // (also in ColorScan#Base and AutoScan#Base), so that its model sums to
  // 14s where Figure 7 measures 12s. See the full mode below, where
  // X#Base does merge into X and gives 6s and 2s.
  std::map<std::string, double> Expected = {
      {"Base", 2},
      {"Logging", 1},
      {"ColorScan", 5},
      {"AutoScan", 1},
      {"ColorScan#Logging", 0.5},
      {"AutoScan#Logging", 0.5},
      {"ColorScan#Base", 1},
      {"AutoScan#Base", 1},
  };
  EXPECT_EQ(termsOf(M), Expected);
  EXPECT_DOUBLE_EQ(M.totalSeconds(), 12);
  // The zero terms (ColorScan#ColorScan merged into ColorScan;
  // AutoScan#ColorScan) are removed, as the paper does.
  ASSERT_EQ(M.Dropped.size(), 1u);
  EXPECT_EQ(M.Dropped[0].name(), "AutoScan#ColorScan");
}

TEST(PaperGolden, RawTermsOfAlgorithm2) {
  callgraph::CallGraph G = graphOfFiles({Data + "/printer.json"});
  PerformanceModel M = modelOf(G, Simplification::None);
  std::map<std::string, double> Terms = termsOf(M);
  // Section 3.2.2: Base#AutoScan, Base#ColorScan, Base#Logging, Base#Base,
  // and the two sets of interactions of the calls of scan.
  for (const char *T :
       {"Base#AutoScan", "Base#ColorScan", "Base#Logging", "Base#Base",
        "Base#AutoScan#Logging", "Base#AutoScan#Base", "Base#ColorScan#Logging",
        "Base#ColorScan#Base"})
    EXPECT_EQ(Terms.count(T), 1u) << T;
  for (const char *T : {"Base#AutoScan#ColorScan", "Base#ColorScan#ColorScan"})
    EXPECT_EQ(Terms.count(T), 0u) << T << " is 0 s, so dropped";
}

TEST(PaperGolden, FullModeWithTheFeatureModel) {
  callgraph::CallGraph G = graphOfFiles({Data + "/printer.json"});
  fm::FeatureModel FM = featureModel(Data + "/printer.xml");
  PerformanceModel M = modelOf(G, Simplification::Full, &FM);
  std::map<std::string, double> Expected = {
      {"Base", 2},
      {"Logging", 1},
      {"ColorScan", 6},
      {"AutoScan", 2},
      {"ColorScan#Logging", 0.5},
      {"AutoScan#Logging", 0.5},
  };
  EXPECT_EQ(termsOf(M), Expected);
  EXPECT_DOUBLE_EQ(predictSelected(M, {"Logging", "ColorScan", "AutoScan"}),
                   12);
  EXPECT_DOUBLE_EQ(predictSelected(M, {}), 2);
  EXPECT_DOUBLE_EQ(predictSelected(M, {"ColorScan", "Logging"}), 9.5);
}

TEST(PaperGolden, Section31SimpleModel) {
  callgraph::CallGraph G = graphOfFiles({Data + "/simple.json"});
  for (Simplification Mode : {Simplification::Paper, Simplification::Full}) {
    PerformanceModel M = modelOf(G, Mode);
    std::map<std::string, double> Expected = {
        {"Base", 5}, {"Logging", 1.5}, {"ColorScan", 5}};
    EXPECT_EQ(termsOf(M), Expected);
    EXPECT_DOUBLE_EQ(predictSelected(M, {}), 5.0);
    EXPECT_DOUBLE_EQ(predictSelected(M, {"Logging"}), 6.5);
    EXPECT_DOUBLE_EQ(predictSelected(M, {"ColorScan"}), 10.0);
    EXPECT_DOUBLE_EQ(predictSelected(M, {"Logging", "ColorScan"}), 11.5);
  }
}

} // namespace
