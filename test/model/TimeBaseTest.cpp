//===- test/model/TimeBaseTest.cpp - The CPU time base --------------------===//
//
// Runs on a loaded machine: each run is preempted for a different share of
// its wall time, which stretches every context of it alike. The runtime's
// "cpu" figures (process CPU and wall time over the run) bring each run
// back to its on-CPU time: the model then predicts the designed times,
// while on wall time it is off by the preemption. Traces without the
// figures, and runs whose process CPU time sums several threads, are
// refused when the CPU time base is asked for and make the default fall
// back to wall time with a warning.
//
//===----------------------------------------------------------------------===//

#include "model/TimeBase.h"
#include "test/callgraph/TraceBuilder.h"
#include "test/model/ModelTestUtil.h"

#include <cmath>

using namespace varsim;
using namespace varsim::model;
using namespace varsim::model::test;
using varsim::callgraph::RegionKind;
using varsim::callgraph::test::TraceBuilder;

namespace {

constexpr double Ms = 1e6;

/// Designed on-CPU time, ms: main's own 20 ms, a region under A of 30 ms,
/// one under B of 10 ms.
double designedMs(bool A, bool B) { return 20 + (A ? 30 : 0) + (B ? 10 : 0); }

/// A run of (A, B) that was on a CPU for Share of its wall time; the
/// runtime's "cpu" figures are written unless Old.
callgraph::CallTrace run(bool A, bool B, double Share, std::string Path,
                         bool Old = false) {
  std::string Config = A && B ? "A,B" : A ? "A" : B ? "B" : "";
  TraceBuilder T(Config, std::move(Path));
  T.feature("A", A).feature("B", B);
  uint32_t Main = T.region(RegionKind::Function, "main", "1", 1, "m.c");
  uint32_t InA = T.region(RegionKind::Region, "main", "A", 3, "m.c");
  uint32_t InB = T.region(RegionKind::Region, "main", "B", 5, "m.c");
  double Stretch = Ms / Share;
  int64_t M = T.node(-1, Main, 1, designedMs(A, B) * Stretch);
  if (A)
    T.node(M, InA, 1, 30 * Stretch);
  if (B)
    T.node(M, InB, 1, 10 * Stretch);
  callgraph::CallTrace Out = T.trace();
  Out.WallNs = designedMs(A, B) * Stretch;
  if (!Old) {
    Out.Cpu.Present = true;
    Out.Cpu.WallNs = Out.WallNs;
    Out.Cpu.CpuNs = designedMs(A, B) * Ms;
    Out.Cpu.ThreadNs = Out.Cpu.CpuNs;
    Out.Cpu.Threads = 1;
    Out.Cpu.MainWrites = true;
  }
  return Out;
}

/// Four configurations, each preempted for a different share (load 8-26
/// on two cores: a run gets 35-95 % of a CPU).
std::vector<callgraph::CallTrace> loaded() {
  return {run(false, false, 0.95, "r1.json"), run(true, false, 0.40, "r2.json"),
          run(false, true, 0.70, "r3.json"), run(true, true, 0.35, "r4.json")};
}

double mape(const PerformanceModel &M) {
  double Sum = 0;
  for (int Bits = 0; Bits < 4; ++Bits) {
    bool A = Bits & 1, B = Bits & 2;
    std::set<std::string> On;
    if (A)
      On.insert("A");
    if (B)
      On.insert("B");
    double Want = designedMs(A, B) * 1e-3;
    Sum += 100 * std::abs(predictSelected(M, On) - Want) / Want;
  }
  return Sum / 4;
}

TEST(TimeBase, ScalesEachRunByItsOnCpuShare) {
  std::vector<callgraph::CallTrace> Traces = loaded();
  llvm::Expected<TimeBaseChoice> C =
      applyTimeBase(Traces, TimeBase::Cpu, /*Explicit=*/true);
  ASSERT_TRUE(static_cast<bool>(C)) << errorToString(C.takeError());
  EXPECT_EQ(C->Used, TimeBase::Cpu);
  EXPECT_NEAR(C->LowestShare, 0.35, 1e-12);
  EXPECT_NEAR(C->HighestShare, 0.95, 1e-12);
  // Run 2 (A, 40 % on a CPU): main 50 ms and A's region 30 ms again.
  const callgraph::TraceThread &Main = Traces[1].Threads[0];
  EXPECT_NEAR(Main.Nodes[0].InclusiveNs, 50 * Ms, 1e-3);
  EXPECT_NEAR(Main.Nodes[1].InclusiveNs, 30 * Ms, 1e-3);
  EXPECT_NEAR(Traces[1].WallNs, 50 * Ms, 1e-3);
  EXPECT_NE(C->describe().find("cpu"), std::string::npos);
}

TEST(TimeBase, CpuTimeModelIsFreeOfPreemption) {
  std::vector<callgraph::CallTrace> Wall = loaded(), Cpu = loaded();
  ASSERT_TRUE(static_cast<bool>(applyTimeBase(Cpu, TimeBase::Cpu, true)));
  double WallMape = mape(modelOf(graphOf(Wall), Simplification::Full));
  double CpuMape = mape(modelOf(graphOf(Cpu), Simplification::Full));
  EXPECT_LT(CpuMape, 0.01);
  EXPECT_GT(WallMape, 30); // the preemption, up to 1 / 0.35
}

TEST(TimeBase, WallLeavesTracesAlone) {
  std::vector<callgraph::CallTrace> Traces = loaded();
  double Before = Traces[3].Threads[0].Nodes[0].InclusiveNs;
  llvm::Expected<TimeBaseChoice> C =
      applyTimeBase(Traces, TimeBase::Wall, true);
  ASSERT_TRUE(static_cast<bool>(C));
  EXPECT_EQ(C->Used, TimeBase::Wall);
  EXPECT_DOUBLE_EQ(Traces[3].Threads[0].Nodes[0].InclusiveNs, Before);
}

TEST(TimeBase, OldTraceRefusedWhenAskedAndWallByDefault) {
  std::vector<callgraph::CallTrace> Traces = loaded();
  Traces.push_back(run(true, false, 0.5, "old.json", /*Old=*/true));
  llvm::Expected<TimeBaseChoice> Asked =
      applyTimeBase(Traces, TimeBase::Cpu, /*Explicit=*/true);
  ASSERT_FALSE(static_cast<bool>(Asked));
  std::string Message = errorToString(Asked.takeError());
  EXPECT_NE(Message.find("old.json"), std::string::npos) << Message;
  EXPECT_NE(Message.find("no process CPU time"), std::string::npos);

  double Before = Traces[0].Threads[0].Nodes[0].InclusiveNs;
  llvm::Expected<TimeBaseChoice> Default =
      applyTimeBase(Traces, TimeBase::Cpu, /*Explicit=*/false);
  ASSERT_TRUE(static_cast<bool>(Default));
  EXPECT_EQ(Default->Used, TimeBase::Wall);
  EXPECT_NE(Default->Warning.find("old.json"), std::string::npos);
  // Nothing scaled: all runs stay on one time base.
  EXPECT_DOUBLE_EQ(Traces[0].Threads[0].Nodes[0].InclusiveNs, Before);
}

TEST(TimeBase, MultiThreadedRunsAreRefused) {
  // Two threads ran instrumented code.
  std::vector<callgraph::CallTrace> Traces = loaded();
  Traces[2].Cpu.Threads = 2;
  llvm::Expected<TimeBaseChoice> C = applyTimeBase(Traces, TimeBase::Cpu, true);
  ASSERT_FALSE(static_cast<bool>(C));
  std::string Message = errorToString(C.takeError());
  EXPECT_NE(Message.find("r3.json"), std::string::npos) << Message;
  EXPECT_NE(Message.find("2 threads"), std::string::npos) << Message;

  // An uninstrumented worker: the count says 1, but the process used more
  // CPU than the main thread did.
  Traces = loaded();
  Traces[1].Cpu.ThreadNs = Traces[1].Cpu.CpuNs / 2;
  C = applyTimeBase(Traces, TimeBase::Cpu, true);
  ASSERT_FALSE(static_cast<bool>(C));
  Message = errorToString(C.takeError());
  EXPECT_NE(Message.find("threads other than main"), std::string::npos)
      << Message;
  llvm::Expected<TimeBaseChoice> Default =
      applyTimeBase(Traces, TimeBase::Cpu, false);
  ASSERT_TRUE(static_cast<bool>(Default));
  EXPECT_EQ(Default->Used, TimeBase::Wall);
  EXPECT_NE(Default->Warning.find("r2.json"), std::string::npos);
}

TEST(TimeBase, NativeReferenceTakesItsCpuTimes) {
  std::vector<callgraph::CallTrace> Traces = loaded();
  for (callgraph::CallTrace &T : Traces)
    T.Native = callgraph::NativeReferenceTimes{"", 40 * Ms, 42 * Ms, 0, 0};
  // Native times without CPU times (an older varsim run): refused.
  llvm::Expected<TimeBaseChoice> C = applyTimeBase(Traces, TimeBase::Cpu, true);
  ASSERT_FALSE(static_cast<bool>(C));
  EXPECT_NE(errorToString(C.takeError()).find("native reference"),
            std::string::npos);
  for (callgraph::CallTrace &T : Traces)
    T.Native =
        callgraph::NativeReferenceTimes{"", 40 * Ms, 42 * Ms, 18 * Ms, 19 * Ms};
  C = applyTimeBase(Traces, TimeBase::Cpu, true);
  ASSERT_TRUE(static_cast<bool>(C)) << errorToString(C.takeError());
  EXPECT_DOUBLE_EQ(Traces[0].Native->BeforeNs, 18 * Ms);
  EXPECT_DOUBLE_EQ(Traces[0].Native->AfterNs, 19 * Ms);
}

TEST(TimeBase, ParsesItsNames) {
  EXPECT_EQ(parseTimeBase("cpu"), TimeBase::Cpu);
  EXPECT_EQ(parseTimeBase("wall"), TimeBase::Wall);
  EXPECT_FALSE(parseTimeBase("user").has_value());
  EXPECT_EQ(timeBaseName(TimeBase::Cpu), "cpu");
}

} // namespace
