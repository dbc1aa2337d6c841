//===- test/model/MultiRunTest.cpp - Several traces, one model ------------===//

#include "test/callgraph/TraceBuilder.h"
#include "test/model/ModelTestUtil.h"

using namespace varsim;
using namespace varsim::model;
using namespace varsim::model::test;
using varsim::callgraph::RegionKind;
using varsim::callgraph::test::TraceBuilder;

namespace {

/// One run of a program with an alternative group {GZIP, LZ4}: main (Base),
/// compress() in #if GZIP / #else, and a loop whose time is BaseLoop.
callgraph::CallTrace run(std::string Config, double BaseLoop,
                         std::string Path) {
  TraceBuilder B(Config, Path);
  uint32_t Main = B.region(RegionKind::Function, "main", "1", 1, "app.c");
  uint32_t Gzip = B.region(RegionKind::Region, "main", "GZIP", 5, "app.c");
  uint32_t Lz4 = B.region(RegionKind::Region, "main", "!GZIP", 7, "app.c");
  uint32_t Loop = B.region(RegionKind::Function, "loop", "1", 20, "app.c");
  B.feature("GZIP", Config == "GZIP");
  bool G = Config == "GZIP";
  double Alt = G ? 3e9 : 1e9;
  int64_t M = B.node(-1, Main, 1, 1e9 + Alt + BaseLoop);
  B.node(M, G ? Gzip : Lz4, 1, Alt);
  B.node(M, Loop, 1, BaseLoop);
  return B.trace();
}

TEST(MultiRun, CombinesAlternativesAndAveragesSharedContexts) {
  callgraph::CallGraph G =
      graphOf({run("GZIP", 2e9, "gzip.json"), run("", 2.1e9, "lz4.json")});
  PerformanceModel M = modelOf(G, Simplification::Full);
  std::map<std::string, double> Terms = termsOf(M);
  ASSERT_EQ(Terms.size(), 3u);
  EXPECT_DOUBLE_EQ(Terms["Base"], 1 + 2.05); // main + the averaged loop
  EXPECT_DOUBLE_EQ(Terms["GZIP"], 3);
  EXPECT_DOUBLE_EQ(Terms["!GZIP"], 1);
  EXPECT_NEAR(predictSelected(M, {"GZIP"}), 6.05, 1e-12);
  EXPECT_NEAR(predictSelected(M, {}), 4.05, 1e-12);
  // 0.1 s of 2.05 s is within the default noise (10 %).
  EXPECT_TRUE(M.DataFlow.empty());
  ASSERT_EQ(M.Runs.size(), 2u);
  EXPECT_DOUBLE_EQ(M.Runs[0].Seconds, 6);
}

TEST(MultiRun, ReportsLikelyDataFlowInteractions) {
  // The loop runs 3 s under GZIP and 1 s without: a feature changes data
  // that drives Base code.
  callgraph::CallGraph G =
      graphOf({run("GZIP", 3e9, "gzip.json"), run("", 1e9, "lz4.json")});
  PerformanceModel M = modelOf(G, Simplification::Full);
  ASSERT_EQ(M.DataFlow.size(), 1u);
  const DataFlowFinding &F = M.DataFlow[0];
  EXPECT_EQ(F.Function, "loop");
  EXPECT_EQ(F.Location, "app.c:20");
  EXPECT_EQ(F.MinRun, "lz4.json (no optional feature)");
  EXPECT_EQ(F.MaxRun, "gzip.json (GZIP)");
  EXPECT_DOUBLE_EQ(F.MaxSeconds - F.MinSeconds, 2);
}

TEST(MultiRun, NoiseThresholdsAreConfigurable) {
  callgraph::GraphOptions Strict;
  Strict.Relative = 0;
  Strict.AbsoluteNs = 1e6;
  callgraph::CallGraph G = graphOf(
      {run("GZIP", 2e9, "gzip.json"), run("", 2.1e9, "lz4.json")}, Strict);
  PerformanceModel M = modelOf(G, Simplification::Full);
  ASSERT_EQ(M.DataFlow.size(), 1u);
  EXPECT_NEAR(M.DataFlow[0].MaxSeconds - M.DataFlow[0].MinSeconds, 0.1, 1e-9);
}

} // namespace
