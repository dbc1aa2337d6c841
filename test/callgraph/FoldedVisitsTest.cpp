//===- test/callgraph/FoldedVisitsTest.cpp - Counted folds in traces ------===//
//
// A folded function under a feature condition: the trace counts its later
// visits per context ("folded_nodes", since session 22) and per thread
// ("folded"), and lists the nodes its sampled visits were recorded in
// ("fold_samples"). The reader adds the counts per context exactly (older
// traces: spreads the thread's count over those nodes, an estimate per
// context), keeps the exact count per thread, and marks the counts that
// are not exact; the call graph then finds no count witness in them.
//
//===----------------------------------------------------------------------===//

#include "callgraph/CallGraph.h"
#include "callgraph/CallTrace.h"
#include "test/callgraph/TraceBuilder.h"

#include "support/Diagnostic.h"

#include <gtest/gtest.h>

#include <string>

using namespace varsim;
using namespace varsim::callgraph;
using varsim::callgraph::test::TraceBuilder;

namespace {

// Regions: 0 main, 1 run (loop), 2 f (under A: counted fold), 3 g (called
// by f and by run), 4 h (calls f), 5 k (under main only).
// Thread 0: main > run > f > g, run > g, run > h > f, main > k.
// Thread 1 (a worker): h alone, and folded visits of f without a node.
const char *const Folded = R"({
  "format": "varsim-calltrace", "version": 1, "config": "A",
  "features": [{"name": "A", "kind": "bool", "value": 1}],
  "regions": [
    {"id": 0, "kind": "function", "function": "main", "condition": "1",
     "file": "m.c", "line": 1, "end_line": 9},
    {"id": 1, "kind": "function", "function": "run", "condition": "1",
     "file": "m.c", "line": 10, "end_line": 19},
    {"id": 2, "kind": "function", "function": "f", "condition": "A",
     "file": "m.c", "line": 20, "end_line": 29},
    {"id": 3, "kind": "function", "function": "g", "condition": "1",
     "file": "m.c", "line": 30, "end_line": 39},
    {"id": 4, "kind": "function", "function": "h", "condition": "1",
     "file": "m.c", "line": 40, "end_line": 49},
    {"id": 5, "kind": "function", "function": "k", "condition": "1",
     "file": "m.c", "line": 50, "end_line": 59}],
  "clock": {"source": "tsc", "unit": "ns"},
  "calibration": {"inner_ns": 0, "outer_ns": 0},
  "folding": {"enabled": true, "folded_regions": [2], "counted_regions": [2]},
  "wall_ns": 100000,
  "threads": [{"tid": 7, "name": "main", "main": true,
               "nodes": [[-1, 0, 1, 100000], [0, 1, 1, 90000],
                         [1, 2, 300, 3000], [2, 3, 300, 600],
                         [1, 3, 50, 100], [1, 4, 10, 1000],
                         [5, 2, 100, 1000], [0, 5, 4, 400]],
               "folded": [[2, 10000]],
               "fold_samples": [[2, 30], [6, 10]]},
              {"tid": 8, "name": "worker",
               "nodes": [[-1, 4, 2, 700]],
               "folded": [[2, 500]]}],
  "dropped": 0
})";

CallTrace parsed(llvm::StringRef Text) {
  llvm::Expected<CallTrace> T = parseCallTrace(Text, "t.json");
  if (!T) {
    ADD_FAILURE() << errorToString(T.takeError());
    std::abort();
  }
  return std::move(*T);
}

std::string errorOf(const std::string &Text) {
  llvm::Expected<CallTrace> T = parseCallTrace(Text, "t.json");
  if (T)
    return "";
  return errorToString(T.takeError());
}

std::string replaced(std::string Text, const std::string &From,
                     const std::string &To) {
  size_t At = Text.find(From);
  EXPECT_NE(At, std::string::npos) << From;
  if (At != std::string::npos)
    Text.replace(At, From.size(), To);
  return Text;
}

TEST(FoldedVisits, SpreadBySamplesAndTimedAtTheRegionsMean) {
  CallTrace T = parsed(Folded);
  EXPECT_EQ(T.FoldedRegions, std::vector<uint32_t>{2});
  EXPECT_EQ(T.CountedFoldRegions, std::vector<uint32_t>{2});
  const std::vector<TraceNode> &N = T.Threads[0].Nodes;
  // 30 of the 40 samples in run > f, 10 in run > h > f.
  EXPECT_EQ(N[2].Calls, 300u + 7500u);
  EXPECT_EQ(N[2].FoldedCalls, 7500u);
  EXPECT_EQ(N[6].Calls, 100u + 2500u);
  EXPECT_EQ(N[6].recordedCalls(), 100u);
  // f's self time over its 400 recorded visits: (3000 - 600) + 1000.
  double Mean = 3400.0 / 400;
  EXPECT_DOUBLE_EQ(N[2].InclusiveNs, 3000 + 7500 * Mean);
  EXPECT_DOUBLE_EQ(N[6].InclusiveNs, 1000 + 2500 * Mean);
  // The exact visits per thread stay, those of the worker too (it has no
  // node of f to spread them over).
  ASSERT_EQ(T.Threads[0].Folded.size(), 1u);
  EXPECT_EQ(T.Threads[0].Folded[0].Visits, 10000u);
  ASSERT_EQ(T.Threads[1].Folded.size(), 1u);
  EXPECT_EQ(T.Threads[1].Folded[0].Visits, 500u);
  EXPECT_TRUE(T.Threads[0].FoldSamples.empty());
}

// A folded visit costs its caller the calibrated folded_ns (the lookup of
// the caller's node and the count), which Equation 2 takes out of the
// caller's self time with the instrumentation's other costs; traces
// without the field cost nothing.
TEST(FoldedVisits, EachFoldedVisitCostsItsCallerTheCalibratedCost) {
  CallTrace Old = parsed(Folded);
  EXPECT_DOUBLE_EQ(Old.FoldedNs, 0.0);
  EXPECT_DOUBLE_EQ(Old.outerOverheadNs(Old.Threads[0].Nodes[2]), 0.0);
  CallTrace T = parsed(replaced(Folded, R"("inner_ns": 0, "outer_ns": 0})",
                                R"("inner_ns": 0, "outer_ns": 0,
                                    "folded_ns": 0.5})"));
  EXPECT_DOUBLE_EQ(T.FoldedNs, 0.5);
  const std::vector<TraceNode> &N = T.Threads[0].Nodes;
  EXPECT_DOUBLE_EQ(T.outerOverheadNs(N[2]), 7500 * 0.5);
  EXPECT_DOUBLE_EQ(T.outerOverheadNs(N[6]), 2500 * 0.5);
  // run's self time: its inclusive less its children's inclusive and
  // what their folded visits cost it.
  auto SelfOfRun = [](CallTrace Trace) {
    std::vector<CallTrace> Traces;
    Traces.push_back(std::move(Trace));
    llvm::Expected<CallGraph> G = CallGraph::build(Traces, GraphOptions{});
    if (!G) {
      ADD_FAILURE() << errorToString(G.takeError());
      return -1.0;
    }
    for (Vertex V = 0; V < G->size(); ++V)
      if ((*G)[V].Region == 1)
        return (*G)[V].SelfNs;
    return -1.0;
  };
  EXPECT_DOUBLE_EQ(SelfOfRun(std::move(Old)) - SelfOfRun(std::move(T)),
                   7500 * 0.5);
}

TEST(FoldedVisits, MarksTheCountsThatAreEstimates) {
  CallTrace T = parsed(Folded);
  const std::vector<TraceNode> &N = T.Threads[0].Nodes;
  std::vector<bool> Estimated;
  for (const TraceNode &Node : N)
    Estimated.push_back(Node.CountEstimated);
  // f's nodes (their split), g under f (recorded in f's sampled visits
  // only), g under run (f's folded visits call g there); main, run, h and
  // k count exactly.
  EXPECT_EQ(Estimated, (std::vector<bool>{false, false, true, true, true, false,
                                          true, false}));
  // The worker ran no f, nor anything f calls.
  EXPECT_FALSE(T.Threads[1].Nodes[0].CountEstimated);

  // Without folded visits every count is exact, samples or not.
  CallTrace Exact =
      parsed(replaced(replaced(Folded, R"("folded": [[2, 10000]],)", ""),
                      R"([[-1, 4, 2, 700]],
               "folded": [[2, 500]]})",
                      "[[-1, 4, 2, 700]]}"));
  for (const TraceThread &Th : Exact.Threads)
    for (const TraceNode &Node : Th.Nodes)
      EXPECT_FALSE(Node.CountEstimated);
  EXPECT_EQ(Exact.Threads[0].Nodes[2].Calls, 300u);
}

// Runtimes since session 22 count the folded visits per context too
// ("folded_nodes"): the counts are added exactly, and f's own contexts
// count exactly (those under f and of what f calls still do not).
TEST(FoldedVisits, CountsPerContextAreAddedExactly) {
  CallTrace T = parsed(replaced(Folded, R"("fold_samples": [[2, 30], [6, 10]])",
                                R"("folded_nodes": [[2, 9000], [6, 1000]],
               "fold_samples": [[2, 30], [6, 10]])"));
  const std::vector<TraceNode> &N = T.Threads[0].Nodes;
  EXPECT_EQ(N[2].Calls, 300u + 9000u);
  EXPECT_EQ(N[2].FoldedCalls, 9000u);
  EXPECT_EQ(N[6].Calls, 100u + 1000u);
  double Mean = 3400.0 / 400;
  EXPECT_DOUBLE_EQ(N[2].InclusiveNs, 3000 + 9000 * Mean);
  EXPECT_DOUBLE_EQ(N[6].InclusiveNs, 1000 + 1000 * Mean);
  std::vector<bool> Estimated;
  for (const TraceNode &Node : N)
    Estimated.push_back(Node.CountEstimated);
  EXPECT_EQ(Estimated, (std::vector<bool>{false, false, false, true, true,
                                          false, false, false}));
  EXPECT_TRUE(T.Threads[0].FoldedNodes.empty());
  ASSERT_EQ(T.Threads[0].Folded.size(), 1u);
  EXPECT_EQ(T.Threads[0].Folded[0].Visits, 10000u);
  // Per-context counts that do not add up to the thread's total (a
  // snapshot of a running thread): spread by the samples as before.
  CallTrace Short =
      parsed(replaced(Folded, R"("fold_samples": [[2, 30], [6, 10]])",
                      R"("folded_nodes": [[2, 9000]],
               "fold_samples": [[2, 30], [6, 10]])"));
  EXPECT_EQ(Short.Threads[0].Nodes[2].Calls, 300u + 7500u);
  EXPECT_TRUE(Short.Threads[0].Nodes[2].CountEstimated);
  EXPECT_NE(
      errorOf(replaced(Folded, R"("fold_samples": [[2, 30], [6, 10]])",
                       R"("folded_nodes": [[8, 9000]])"))
          .find("thread 0 folded_nodes: node 8 is not in the thread's tree"),
      std::string::npos);
}

TEST(FoldedVisits, BadEntriesAreLocatedErrors) {
  EXPECT_NE(errorOf(replaced(Folded, "[[2, 10000]]", "[[9, 10000]]"))
                .find("thread 0 folded: region id 9 is not in the region "
                      "table"),
            std::string::npos);
  EXPECT_NE(errorOf(replaced(Folded, "[[2, 30], [6, 10]]", "[[2, 30], [8, 1]]"))
                .find("thread 0 fold_samples: node 8 is not in the thread's "
                      "tree"),
            std::string::npos);
  EXPECT_NE(errorOf(replaced(Folded, "[[2, 10000]]", "[[2]]"))
                .find("expected [region, visits]"),
            std::string::npos);
  EXPECT_NE(errorOf(replaced(Folded, "[[2, 10000]]", "[[2, -1]]")), "");
}

/// Two configurations that differ in B and run f (under A) from two
/// contexts, run > f and run > h > f, with the same visits in all: only
/// the random samples, by which the reader splits the folded visits, put
/// them elsewhere. Plus g under run, which f calls. Nodes: 0 main, 1 run,
/// 2 f under run, 3 g under f, 4 g under run, 5 h, 6 f under h; the folded
/// visits not yet applied.
CallTrace twoContexts(const std::string &Config, uint64_t UnderRunCalls,
                      uint64_t UnderHCalls) {
  TraceBuilder B(Config, Config + ".json");
  B.feature("A", 1).feature("B", Config == "B");
  uint32_t Main = B.region(RegionKind::Function, "main", "1", 1);
  uint32_t Run = B.region(RegionKind::Function, "run", "1", 10);
  uint32_t F = B.region(RegionKind::Function, "f", "A", 20);
  uint32_t G = B.region(RegionKind::Function, "g", "1", 30);
  uint32_t H = B.region(RegionKind::Function, "h", "1", 40);
  int64_t M = B.node(-1, Main, 1, 1e9);
  int64_t R = B.node(M, Run, 1, 9e8);
  int64_t UnderRun = B.node(R, F, UnderRunCalls, 1e5);
  B.node(UnderRun, G, UnderRunCalls, 1e4);
  B.node(R, G, 10, 1e3);
  int64_t Hn = B.node(R, H, 10, 1e6);
  B.node(Hn, F, UnderHCalls, 1e4);
  CallTrace &T = B.trace();
  T.FoldedRegions = T.CountedFoldRegions = {F};
  return T;
}

CallTrace sampledRun(const std::string &Config, uint64_t SamplesUnderRun,
                     uint64_t SamplesUnderH) {
  CallTrace T = twoContexts(Config, 128 + SamplesUnderRun, SamplesUnderH);
  T.Threads[0].Folded.push_back({2, 40000});
  T.Threads[0].FoldSamples.push_back({2, SamplesUnderRun});
  T.Threads[0].FoldSamples.push_back({6, SamplesUnderH});
  applyFoldedVisits(T);
  return T;
}

/// As sampledRun, with the folded visits counted per context.
CallTrace countedRun(const std::string &Config, uint64_t UnderRun,
                     uint64_t UnderH) {
  CallTrace T = twoContexts(Config, 128 + 100, 50);
  T.Threads[0].FoldedNodes = {{2, UnderRun}, {6, UnderH}};
  T.Threads[0].Folded = {{2, UnderRun + UnderH}};
  applyFoldedVisits(T);
  return T;
}

TEST(FoldedVisits, ExactCountsPerContextAreWitnesses) {
  // f's visits per context differ exactly between the configurations.
  std::vector<CallTrace> Traces = {countedRun("", 30000, 10000),
                                   countedRun("B", 20000, 20000)};
  ASSERT_EQ(Traces[0].Threads[0].Nodes[2].Region, 2u);
  EXPECT_EQ(Traces[0].Threads[0].Nodes[2].Calls, 228u + 30000u);
  EXPECT_FALSE(Traces[0].Threads[0].Nodes[2].CountEstimated);
  EXPECT_FALSE(Traces[0].Threads[0].Nodes[6].CountEstimated);
  llvm::Expected<CallGraph> G = CallGraph::build(Traces, GraphOptions{});
  ASSERT_TRUE(static_cast<bool>(G)) << errorToString(G.takeError());
  unsigned Witnesses = 0;
  for (Vertex V = 0; V < G->size(); ++V) {
    const ContextNode &N = (*G)[V];
    // f's contexts count exactly; g's (under f, under run) do not.
    EXPECT_EQ(N.CallsDeterministic, N.Region != 3) << "context " << V;
    Witnesses += N.CountWitness;
    if (N.CountWitness) {
      EXPECT_NE(N.Region, 3u);
    }
  }
  EXPECT_GT(Witnesses, 0u);
}

TEST(FoldedVisits, AnEstimatedSplitWitnessesNothingPerContext) {
  // 100 vs 60 samples under run, 50 vs 90 under h: the contexts' counts
  // differ between the configurations, the configurations do not.
  std::vector<CallTrace> Traces = {sampledRun("", 100, 50),
                                   sampledRun("B", 60, 90)};
  ASSERT_NE(Traces[0].Threads[0].Nodes[2].Calls,
            Traces[1].Threads[0].Nodes[2].Calls);
  llvm::Expected<CallGraph> G = CallGraph::build(Traces, GraphOptions{});
  ASSERT_TRUE(static_cast<bool>(G)) << errorToString(G.takeError());
  unsigned Seen = 0;
  for (Vertex V = 0; V < G->size(); ++V) {
    const ContextNode &N = (*G)[V];
    EXPECT_FALSE(N.CountWitness) << "context " << V;
    // f's contexts, g's under f and under run: estimates; main, run, h:
    // exact.
    bool Estimated = N.Region == 2 || N.Region == 3;
    EXPECT_EQ(N.CallsDeterministic, !Estimated) << "context " << V;
    Seen += Estimated;
  }
  EXPECT_EQ(Seen, 4u);
  for (const DataFlowSuspect &S : G->dataFlowSuspects())
    EXPECT_FALSE(S.CountWitness);

  // The same traces with every visit recorded (no folded visits): counts
  // that differ are an exact witness again.
  std::vector<CallTrace> Recorded = Traces;
  for (CallTrace &T : Recorded)
    for (TraceNode &N : T.Threads[0].Nodes)
      N.CountEstimated = false;
  llvm::Expected<CallGraph> R = CallGraph::build(Recorded, GraphOptions{});
  ASSERT_TRUE(static_cast<bool>(R)) << errorToString(R.takeError());
  bool AnyWitness = false;
  for (Vertex V = 0; V < R->size(); ++V)
    AnyWitness |= (*R)[V].CountWitness;
  EXPECT_TRUE(AnyWitness);
}

} // namespace
