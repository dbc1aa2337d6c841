//===- test/callgraph/WallTimeTest.cpp - Wall-time view, process launch ---===//

#include "callgraph/WallTime.h"
#include "callgraph/CallGraph.h"
#include "test/callgraph/TraceBuilder.h"

#include "support/Diagnostic.h"

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

/// Function name -> self time summed over its contexts.
std::map<std::string, double> selfByFunction(const CallGraph &G) {
  std::map<std::string, double> Out;
  for (Vertex V = 0; V < G.size(); ++V)
    Out[G.regions()[G[V].Region].Function] += G[V].SelfNs;
  return Out;
}

double total(const CallGraph &G) {
  double Sum = 0;
  for (Vertex V = 0; V < G.size(); ++V)
    Sum += G[V].SelfNs;
  return Sum;
}

/// The threads sample in miniature: main reads (30), starts workers that
/// decode (D each) and optionally blur (Blur each), joins them in main.
/// Worker K lives [30, 30 + busy]; main ends at 30 + the longest + Tail.
struct Pool {
  TraceBuilder B{"BLUR"};
  uint32_t Main, Read, Worker, Blur;
  Pool() {
    Main = B.region(RegionKind::Function, "main", "1", 1);
    Read = B.region(RegionKind::Function, "read", "1", 2);
    Worker = B.region(RegionKind::Function, "worker", "1", 3);
    Blur = B.region(RegionKind::Function, "blur", "BLUR", 4);
    B.feature("BLUR", 1);
  }
  /// Adds main: its node 0 is main(), node 1 read().
  void main(double Incl) {
    int64_t M = B.node(-1, Main, 1, Incl);
    B.node(M, Read, 1, 30);
    B.lifetime(0, 0, Incl);
  }
  void worker(size_t Thread, double Start, double Decode, double BlurNs,
              int64_t MainNode = 0) {
    int64_t W = B.node(-1, Worker, 1, Decode + BlurNs, Thread);
    if (BlurNs > 0)
      B.node(W, Blur, 1, BlurNs, Thread);
    B.lifetime(Thread, Start, Start + Decode + BlurNs, MainNode);
  }
};

TEST(WallTime, BalancedWorkersCountOnce) {
  Pool P;
  P.main(30 + 40 + 5); // read, the parallel phase, 5 of main's own
  P.worker(1, 30, 30, 10);
  P.worker(2, 30, 30, 10);
  WallTimeView V = computeWallTimeView(P.B.trace());
  ASSERT_TRUE(V.Applied);
  ASSERT_EQ(V.Phases.size(), 1u);
  EXPECT_DOUBLE_EQ(V.Phases[0].lengthNs(), 40);
  EXPECT_EQ(V.Phases[0].MainNode, 0);
  EXPECT_DOUBLE_EQ(V.Phases[0].WaitNs, 40);
  EXPECT_DOUBLE_EQ(V.ThreadScale[1], 0.5);
  EXPECT_DOUBLE_EQ(V.ThreadScale[2], 0.5);

  CallGraph G = build({P.B.trace()});
  std::map<std::string, double> Self = selfByFunction(G);
  EXPECT_DOUBLE_EQ(Self["main"], 5);    // not the 40 of waiting
  EXPECT_DOUBLE_EQ(Self["worker"], 30); // one worker's decoding
  EXPECT_DOUBLE_EQ(Self["blur"], 10);   // one worker's blurring
  EXPECT_DOUBLE_EQ(total(G), 75);       // main's wall time
  EXPECT_DOUBLE_EQ(G.runs()[0].CorrectedTotalNs, 75);
  EXPECT_EQ(G.runs()[0].ParallelPhases, 1u);
  EXPECT_DOUBLE_EQ(G.runs()[0].MainWaitNs, 40);

  // The threads' sum, as before, when asked for.
  GraphOptions Sum;
  Sum.WallTime = false;
  CallGraph S = build({P.B.trace()}, Sum);
  EXPECT_DOUBLE_EQ(total(S), 75 + 80);
}

TEST(WallTime, UnbalancedWorkersCountTheirCriticalPath) {
  Pool P;
  P.main(30 + 40);
  P.worker(1, 30, 10, 0);  // [30, 40]: shares 10 ms with the other
  P.worker(2, 30, 30, 10); // [30, 70]: alone from 40 on
  WallTimeView V = computeWallTimeView(P.B.trace());
  ASSERT_EQ(V.Phases.size(), 1u);
  EXPECT_DOUBLE_EQ(V.Phases[0].lengthNs(), 40);
  // Shares: 5 and 5 + 30 = 35, of busy times 10 and 40.
  EXPECT_DOUBLE_EQ(V.ThreadScale[1], 0.5);
  EXPECT_DOUBLE_EQ(V.ThreadScale[2], 35.0 / 40.0);
  CallGraph G = build({P.B.trace()});
  std::map<std::string, double> Self = selfByFunction(G);
  EXPECT_DOUBLE_EQ(Self["main"], 0);
  EXPECT_DOUBLE_EQ(Self["worker"], 5 + 30 * 35.0 / 40.0);
  EXPECT_DOUBLE_EQ(Self["blur"], 10 * 35.0 / 40.0);
  EXPECT_DOUBLE_EQ(total(G), 70); // the slowest worker's 40 after 30
}

TEST(WallTime, SequentialPhasesWaitWhereMainWas) {
  TraceBuilder B;
  uint32_t Main = B.region(RegionKind::Function, "main", "1", 1);
  uint32_t First = B.region(RegionKind::Function, "first", "1", 2);
  uint32_t Second = B.region(RegionKind::Function, "second", "1", 3);
  uint32_t Worker = B.region(RegionKind::Function, "worker", "1", 4);
  int64_t M = B.node(-1, Main, 1, 100);
  int64_t F = B.node(M, First, 1, 15);  // waits 10 for thread 1
  int64_t S = B.node(M, Second, 1, 25); // waits 20 for thread 2
  B.lifetime(0, 0, 100);
  B.node(-1, Worker, 1, 10, 1);
  B.lifetime(1, 10, 20, F);
  B.node(-1, Worker, 1, 20, 2);
  B.lifetime(2, 40, 60, S);
  WallTimeView V = computeWallTimeView(B.trace());
  ASSERT_EQ(V.Phases.size(), 2u);
  EXPECT_EQ(V.Phases[0].MainNode, F);
  EXPECT_EQ(V.Phases[1].MainNode, S);
  EXPECT_DOUBLE_EQ(V.ThreadScale[1], 1);
  EXPECT_DOUBLE_EQ(V.ThreadScale[2], 1);
  CallGraph G = build({B.trace()});
  std::map<std::string, double> Self = selfByFunction(G);
  EXPECT_DOUBLE_EQ(Self["main"], 60);
  EXPECT_DOUBLE_EQ(Self["first"], 5);
  EXPECT_DOUBLE_EQ(Self["second"], 5);
  EXPECT_DOUBLE_EQ(Self["worker"], 30);
  EXPECT_DOUBLE_EQ(total(G), 100);
}

TEST(WallTime, MainWorkingDuringThePhaseKeepsItsWork) {
  // Main spends the phase (40) in work() of its own (35) and waits 5 in
  // main(): only those 5 are replaced, by the workers' shares.
  Pool P;
  uint32_t Work = P.B.region(RegionKind::Function, "work", "1", 5);
  P.main(30 + 40);
  P.B.node(0, Work, 1, 35);
  P.worker(1, 30, 40, 0);
  P.worker(2, 30, 40, 0);
  WallTimeView V = computeWallTimeView(P.B.trace());
  ASSERT_EQ(V.Phases.size(), 1u);
  EXPECT_DOUBLE_EQ(V.Phases[0].WaitNs, 5);
  EXPECT_DOUBLE_EQ(V.ThreadScale[1], 5.0 / 2 / 40);
  CallGraph G = build({P.B.trace()});
  std::map<std::string, double> Self = selfByFunction(G);
  EXPECT_DOUBLE_EQ(Self["main"], 0);
  EXPECT_DOUBLE_EQ(Self["work"], 35);
  EXPECT_DOUBLE_EQ(Self["worker"], 5);
  EXPECT_DOUBLE_EQ(total(G), 70);
}

TEST(WallTime, WithoutWorkersOrLifetimesTimesStayAsRecorded) {
  Pool NoThreads;
  NoThreads.main(50);
  EXPECT_FALSE(computeWallTimeView(NoThreads.B.trace()).Applied);
  CallGraph G = build({NoThreads.B.trace()});
  EXPECT_DOUBLE_EQ(selfByFunction(G)["main"], 20);
  EXPECT_DOUBLE_EQ(total(G), 50);

  // A trace of an older runtime: no lifetimes, the threads are summed.
  Pool Old;
  Old.main(70);
  Old.worker(1, 30, 40, 0);
  Old.B.trace().Threads[1].HasLifetime = false;
  EXPECT_FALSE(computeWallTimeView(Old.B.trace()).Applied);
  EXPECT_DOUBLE_EQ(total(build({Old.B.trace()})), 110);

  // The test clock: lifetimes on per-thread clocks mean nothing.
  Pool Test;
  Test.main(70);
  Test.worker(1, 30, 40, 0);
  Test.B.trace().ClockSource = "test";
  EXPECT_FALSE(computeWallTimeView(Test.B.trace()).Applied);
}

TEST(WallTime, WorkersWithoutAWaitingMainKeepTheirShares) {
  Pool P;
  P.main(100);
  P.worker(1, 30, 40, 0, /*MainNode=*/-1);
  P.worker(2, 30, 40, 0, /*MainNode=*/-1);
  WallTimeView V = computeWallTimeView(P.B.trace());
  ASSERT_EQ(V.Phases.size(), 1u);
  EXPECT_EQ(V.Phases[0].MainNode, -1);
  EXPECT_DOUBLE_EQ(V.Phases[0].WaitNs, 0);
  EXPECT_DOUBLE_EQ(V.ThreadScale[1], 0.5);
  CallGraph G = build({P.B.trace()});
  EXPECT_DOUBLE_EQ(selfByFunction(G)["main"], 70);
  EXPECT_DOUBLE_EQ(selfByFunction(G)["worker"], 40);
}

/// A trace of one run: main() of MainNs, launched at 1000 and exiting
/// ExitAfter after the write; the runtime's start-up took 300 (of which
/// InitNs - Launch = 200 before it).
CallTrace launched(std::string Path, double MainNs, double Untraced,
                   std::string Config = "") {
  TraceBuilder B(std::move(Config), std::move(Path));
  uint32_t Main = B.region(RegionKind::Function, "main", "1");
  B.node(-1, Main, 1, MainNs);
  // Launch 1000, init 1200, start 1500; wall = main + 100 (static
  // destructors); the write 50 later (the runtime's clock-rate wait);
  // the exit Untraced - 300 after the write.
  double Wall = MainNs + 100;
  double Write = 1500 + Wall + 50;
  B.times(1000, 1200, 1500, Wall, Write, Write + Untraced - 300);
  return B.trace();
}

TEST(ProcessLaunch, UntracedTimeLeavesOutTheRuntimesOwn) {
  CallTrace T = launched("r.json", 5000, 900);
  ASSERT_TRUE(T.untracedNs().has_value());
  EXPECT_DOUBLE_EQ(*T.untracedNs(), 900);
  T.Times.LaunchNs = T.Times.ExitNs = 0; // not run by `varsim run`
  EXPECT_FALSE(T.untracedNs().has_value());
}

TEST(ProcessLaunch, SmallestOverTheRunsIsBaseTimeOfEveryRun) {
  CallGraph G = build({launched("a.json", 5000, 900, "A"),
                       launched("b.json", 5000, 5000, "B"),
                       launched("c.json", 7000, 1000, "C")});
  ASSERT_TRUE(G.processRegion().has_value());
  const TraceRegion &R = G.regions()[*G.processRegion()];
  EXPECT_EQ(R.Function, ProcessRegionName);
  EXPECT_EQ(R.ConditionText, "1");
  std::map<std::string, double> Self = selfByFunction(G);
  EXPECT_DOUBLE_EQ(Self[std::string(ProcessRegionName)], 900);
  EXPECT_DOUBLE_EQ(Self["main"], 17000.0 / 3);
  for (Vertex V = 0; V < G.size(); ++V)
    if (G[V].Region == *G.processRegion()) {
      EXPECT_EQ(G.sequenceText(G[V].Term), "Base");
      EXPECT_EQ(G[V].Runs, 3u);
    }
  EXPECT_DOUBLE_EQ(G.runs()[2].CorrectedTotalNs, 7900);
  EXPECT_DOUBLE_EQ(*G.runs()[1].UntracedNs, 5000);

  EXPECT_DOUBLE_EQ(G.processLaunchNs(), 900);
  // A graph of one run can be given the value of all runs.
  GraphOptions Given;
  Given.ProcessLaunchNs = 900;
  CallGraph One = build({launched("b.json", 5000, 5000)}, Given);
  EXPECT_DOUBLE_EQ(selfByFunction(One)[std::string(ProcessRegionName)], 900);

  // Traces without the launch times: no such context.
  CallTrace Plain = launched("p.json", 5000, 900);
  Plain.Times = {};
  EXPECT_FALSE(build({Plain}).processRegion().has_value());
  GraphOptions Off;
  Off.ProcessLaunch = false;
  EXPECT_FALSE(
      build({launched("a.json", 5000, 900)}, Off).processRegion().has_value());
}

} // namespace
