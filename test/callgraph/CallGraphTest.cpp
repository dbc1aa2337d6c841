//===- test/callgraph/CallGraphTest.cpp -----------------------------------===//

#include "callgraph/CallGraph.h"
#include "callgraph/GraphExport.h"
#include "test/callgraph/TraceBuilder.h"

#include "support/Diagnostic.h"

#include "llvm/ADT/StringExtras.h"

#include <gtest/gtest.h>

#include <map>

using namespace varsim;
using namespace varsim::callgraph;
using varsim::callgraph::test::TraceBuilder;

namespace {

CallGraph build(std::vector<CallTrace> Traces, GraphOptions O = {}) {
  llvm::Expected<CallGraph> G = CallGraph::build(Traces, O);
  if (!G) {
    ADD_FAILURE() << errorToString(G.takeError());
    std::abort();
  }
  return std::move(*G);
}

/// Term text -> summed self seconds, over all contexts.
std::map<std::string, double> termSeconds(const CallGraph &G) {
  std::map<std::string, double> Out;
  for (Vertex V = 0; V < G.size(); ++V)
    Out[G.sequenceText(G[V].Term)] += G[V].SelfNs * 1e-9;
  return Out;
}

TEST(CallGraph, PaperPrinterPrefixes) {
  llvm::Expected<CallTrace> T =
      readCallTrace(VARSIM_TRACE_DATA "/printer.json");
  ASSERT_TRUE(static_cast<bool>(T)) << errorToString(T.takeError());
  std::vector<CallTrace> Traces;
  Traces.push_back(std::move(*T));
  CallGraph G = build(std::move(Traces));
  EXPECT_EQ(G.size(), 21u);
  std::map<std::string, double> Terms = termSeconds(G);
  // Section 3.2.2: the interactions of print's refinements and of the two
  // calls of scan (the feature switches carry Base, the condition "1").
  std::map<std::string, double> Expected = {
      {"Base", 0},
      {"Base#Base", 2},
      {"Base#AutoScan", 1},
      {"Base#ColorScan", 5},
      {"Base#Logging", 1},
      {"Base#ColorScan#Base", 1},
      {"Base#ColorScan#ColorScan", 0},
      {"Base#ColorScan#Logging", 0.5},
      {"Base#AutoScan#Base", 1},
      {"Base#AutoScan#ColorScan", 0},
      {"Base#AutoScan#Logging", 0.5},
  };
  EXPECT_EQ(Terms, Expected);
  // Equation 2 at print_role_ColorScan: 9.5 s - (3 s + 1.5 s) = 5 s.
  for (Vertex V = 0; V < G.size(); ++V)
    if (G.regions()[G[V].Region].Function == "print_role_ColorScan") {
      EXPECT_DOUBLE_EQ(G[V].InclusiveNs, 9.5e9);
      EXPECT_DOUBLE_EQ(G[V].SelfNs, 5e9);
    }
}

TEST(CallGraph, EdgeKinds) {
  TraceBuilder B("A");
  uint32_t Main = B.region(RegionKind::Function, "main", "1");
  uint32_t Switch = B.region(RegionKind::Switch, "f", "1");
  uint32_t FA = B.region(RegionKind::Function, "f__A", "A");
  uint32_t Inner = B.region(RegionKind::Region, "f__A", "B");
  B.feature("A", 1).feature("B", 1);
  int64_t M = B.node(-1, Main, 1, 100);
  int64_t S = B.node(M, Switch, 1, 90);
  int64_t F = B.node(S, FA, 1, 80);
  B.node(F, Inner, 1, 10);
  CallGraph G = build({B.trace()});
  std::vector<EdgeKind> Kinds;
  for (auto E : boost::make_iterator_range(boost::edges(G.graph())))
    Kinds.push_back(G.graph()[E].Kind);
  EXPECT_EQ(Kinds, (std::vector<EdgeKind>{EdgeKind::Call, EdgeKind::Refinement,
                                          EdgeKind::Call}));
  // The switch is called from main (prefix Base#); its target keeps that
  // prefix; the #if block inside f__A is entered like a call.
  EXPECT_EQ(G.sequenceText(G[3].Term), "Base#A#B");
  EXPECT_EQ(G.sequenceText(G[2].Term), "Base#A");
  EXPECT_EQ(G.sequenceText(G[2].Prefix), "Base");
}

TEST(CallGraph, OverheadCorrection) {
  TraceBuilder B;
  uint32_t Main = B.region(RegionKind::Function, "main", "1");
  uint32_t F = B.region(RegionKind::Function, "f", "1");
  B.calibration(/*Inner=*/3, /*Outer=*/2);
  int64_t M = B.node(-1, Main, 1, 1000);
  B.node(M, F, 10, 400);
  CallGraph G = build({B.trace()});
  // main: 1000 - 400 - 1 * 3 - 10 * 2; f: 400 - 10 * 3.
  EXPECT_DOUBLE_EQ(G[0].SelfNs, 577);
  EXPECT_DOUBLE_EQ(G[1].SelfNs, 370);
  EXPECT_DOUBLE_EQ(G.runs()[0].CorrectedTotalNs, 947);
}

// A sampled node: its inclusive time is estimated from its timed visits,
// and each of its untimed visits costs the parent UntimedNs in all.
TEST(CallGraph, SampledNodesAreEstimatedAndCorrected) {
  TraceBuilder B;
  uint32_t Main = B.region(RegionKind::Function, "main", "1");
  uint32_t F = B.region(RegionKind::Function, "f", "1");
  uint32_t G1 = B.region(RegionKind::Function, "g", "1");
  B.calibration(/*Inner=*/3, /*Outer=*/2).untimedCost(1);
  // f: 1000 visits of 10 ns of work, 100 of them timed (10 + 3 each).
  // g: 5 visits in main, all timed, 50 ns each. main: 100 ns of its own.
  // main's interval: 100 + 3 (its inner) + 100 * (13 + 2) + 900 * (10 + 1)
  // + 5 * (53 + 2).
  double MainNs = 100 + 3 + 100 * 15 + 900 * 11 + 5 * 55;
  int64_t M = B.node(-1, Main, 1, MainNs);
  B.sampledNode(M, F, 1000, 100, 100 * 13);
  B.node(M, G1, 5, 5 * 53);
  CallGraph G = build({B.trace()});
  EXPECT_DOUBLE_EQ(G[1].InclusiveNs, 1000 * 13);
  EXPECT_DOUBLE_EQ(G[1].SelfNs, 1000 * 10);
  EXPECT_DOUBLE_EQ(G[2].SelfNs, 5 * 50);
  EXPECT_NEAR(G[0].SelfNs, 100, 1e-9);
  EXPECT_NEAR(G.runs()[0].CorrectedTotalNs, 100 + 10000 + 250, 1e-9);
}

TEST(CallGraph, ThreadsAndRunsMergeByContext) {
  auto Make = [](std::string Config, double FTime, std::string Path) {
    TraceBuilder B(Config, Path);
    uint32_t Main = B.region(RegionKind::Function, "main", "1", 1);
    uint32_t F = B.region(RegionKind::Function, "f", "1", 10);
    uint32_t A = B.region(RegionKind::Region, "main", "A", 3);
    B.feature("A", Config == "A");
    int64_t M = B.node(-1, Main, 1, 1e9);
    B.node(M, F, 1, FTime);
    if (Config == "A")
      B.node(M, A, 1, 1e8);
    // A second thread in the same context adds to the same run.
    B.node(-1, F, 1, 1e6, 1);
    return B.trace();
  };
  GraphOptions O;
  O.Relative = 0.1;
  O.AbsoluteNs = 1e6;
  CallGraph G = build({Make("", 2e8, "r1.json"), Make("A", 6e8, "r2.json")}, O);
  // In order of creation: main, main>f, f (thread 2's top level), and
  // main>A (only in the second run).
  ASSERT_EQ(G.size(), 4u);
  EXPECT_EQ(G[1].Runs, 2u);
  EXPECT_DOUBLE_EQ(G[1].SelfNs, 4e8); // (2e8 + 6e8) / 2
  EXPECT_EQ(G[3].Runs, 1u);
  EXPECT_DOUBLE_EQ(G[3].SelfNs, 1e8);
  // main's self time: 8e8 without A, 3e8 with it: both differences are
  // reported, f's (4e8) and main's (5e8), largest first.
  ASSERT_EQ(G.dataFlowSuspects().size(), 2u);
  const DataFlowSuspect &S = G.dataFlowSuspects()[0];
  EXPECT_EQ(S.Context, 0u);
  EXPECT_EQ(G.runs()[S.MinRun].Path, "r2.json");
  EXPECT_EQ(G.runs()[S.MaxRun].Path, "r1.json");
  EXPECT_DOUBLE_EQ(S.MaxNs - S.MinNs, 5e8);
  // The top-level context of thread 2 ran the same in both runs.
  EXPECT_EQ(G[2].Runs, 2u);
  EXPECT_DOUBLE_EQ(G[2].SelfNs, 1e6);
}

TEST(CallGraph, RefusesTracesOfDifferentSimulators) {
  TraceBuilder A("", "a.json"), B("", "b.json");
  A.region(RegionKind::Function, "main", "1");
  B.region(RegionKind::Function, "main", "X");
  llvm::Expected<CallGraph> G = CallGraph::build({A.trace(), B.trace()});
  ASSERT_FALSE(static_cast<bool>(G));
  EXPECT_NE(errorToString(G.takeError()).find("b.json: error: region 0"),
            std::string::npos);
}

TEST(CallGraph, ReportsConditionsFalseInTheRun) {
  TraceBuilder B("", "r.json");
  uint32_t Main = B.region(RegionKind::Function, "main", "1");
  uint32_t A = B.region(RegionKind::Region, "main", "A");
  B.feature("A", 0);
  B.node(B.node(-1, Main, 1, 10), A, 1, 5);
  CallGraph G = build({B.trace()});
  ASSERT_EQ(G.inconsistencies().size(), 1u);
  EXPECT_EQ(G.inconsistencies()[0].Region, A);
  EXPECT_EQ(G.inconsistencies()[0].Condition, "A");
  EXPECT_NE(G.inconsistencies()[0].text().find("region 1"), std::string::npos);
}

TEST(CallGraph, ExportsDotAndGraphML) {
  llvm::Expected<CallTrace> T =
      readCallTrace(VARSIM_TRACE_DATA "/printer.json");
  ASSERT_TRUE(static_cast<bool>(T));
  std::vector<CallTrace> Traces;
  Traces.push_back(std::move(*T));
  CallGraph G = build(std::move(Traces));

  std::string Dot;
  llvm::raw_string_ostream DotOS(Dot);
  writeDot(G, DotOS);
  llvm::SmallVector<llvm::StringRef> Lines;
  llvm::StringRef(Dot).split(Lines, '\n');
  size_t Nodes = 0, Edges = 0, Refinements = 0;
  for (llvm::StringRef L : Lines) {
    L = L.trim();
    if (L.contains("->")) {
      ++Edges;
      Refinements += L.contains("kind=refinement");
    } else if (!L.empty() && llvm::isDigit(L.front()))
      ++Nodes;
  }
  EXPECT_TRUE(llvm::StringRef(Dot).starts_with("digraph"));
  EXPECT_EQ(Nodes, 21u);
  EXPECT_EQ(Edges, 20u);
  // print: 1 dispatch + 3 `original` calls into a switch + 3 dispatches;
  // each scan chain: 3 dispatches + 2 `original`s. The 3 calls:
  // main->print and the two calls of scan.
  EXPECT_EQ(Refinements, 17u);
  EXPECT_NE(Dot.find("Base#ColorScan#Logging"), std::string::npos);

  std::string ML;
  llvm::raw_string_ostream MLOS(ML);
  writeGraphML(G, MLOS);
  size_t MLNodes = 0, MLEdges = 0;
  for (size_t At = ML.find("<node "); At != std::string::npos;
       At = ML.find("<node ", At + 1))
    ++MLNodes;
  for (size_t At = ML.find("<edge "); At != std::string::npos;
       At = ML.find("<edge ", At + 1))
    ++MLEdges;
  EXPECT_EQ(MLNodes, 21u);
  EXPECT_EQ(MLEdges, 20u);
  EXPECT_NE(ML.find("self_s"), std::string::npos);
}

} // namespace

namespace {

TEST(CallGraph, ForkChildrenAddToTheirParentsRun) {
  auto Make = [](std::string Path, int64_t Pid, int64_t ParentPid, bool Child,
                 double Ns) {
    TraceBuilder B("", Path);
    uint32_t Main = B.region(RegionKind::Function, "main", "1");
    uint32_t Work = B.region(RegionKind::Function, "work", "1");
    B.trace().Pid = Pid;
    B.trace().ParentPid = ParentPid;
    B.trace().ForkChild = Child;
    B.node(B.node(-1, Main, Child ? 0 : 1, Ns), Work, 1, Ns);
    return B.trace();
  };
  // The child's file comes first, as a glob sorts calltrace.43.json before
  // calltrace.json.
  CallGraph G = build({Make("calltrace.43.json", 43, 42, true, 3e9),
                       Make("calltrace.json", 42, 1, false, 1e9)});
  ASSERT_EQ(G.runs().size(), 1u);
  EXPECT_EQ(G.runs()[0].Path, "calltrace.json");
  EXPECT_DOUBLE_EQ(G[1].SelfNs, 4e9); // summed, not averaged
  EXPECT_EQ(G[1].Runs, 1u);
}

} // namespace
