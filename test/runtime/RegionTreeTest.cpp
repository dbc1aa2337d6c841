//===- test/runtime/RegionTreeTest.cpp - Trees, counts, times -------------===//
//
// With VARSIM_TEST_CLOCK every clock read is one tick (1 ns) later and each
// enter and each exit reads the clock once, so a node's inclusive time is
// exactly calls + 2 * (visits of its descendants): the tests check that
// identity on every node as well as the shape and the counts.
//
//===----------------------------------------------------------------------===//

#include "RuntimeHarness.h"

#include "gtest/gtest.h"

namespace varsim::runtime::test {
namespace {

void expectTestClockTimes(const TraceThread &T) {
  // A sampled descendant's untimed visits read no clock; a sampled node's
  // time is that of its timed visits only (checked in SamplingTest).
  for (size_t I = 0; I != T.Nodes.size(); ++I) {
    if (T.Nodes[I].Timed != T.Nodes[I].Calls)
      continue;
    EXPECT_EQ(T.Nodes[I].InclusiveNs,
              T.Nodes[I].Calls + 2 * T.descendantTimed(I))
        << "node " << I;
  }
}

Trace runAndRead(Sandbox &Box, const std::string &Exe,
                 const Environment &Env = {}) {
  RunResult R = Box.run(Exe, Env);
  EXPECT_EQ(R.ExitCode, 0) << R.Err;
  auto T = readTrace(Box.path("calltrace.json"));
  if (!T) {
    ADD_FAILURE() << llvm::toString(T.takeError());
    return Trace();
  }
  return *T;
}

class RegionTreeTest : public ::testing::TestWithParam<Toolchain> {};

TEST_P(RegionTreeTest, ControlFlowLeavesEveryScope) {
  bool IsC = GetParam().Standard.find("++") == std::string::npos;
  Sandbox Box;
  ASSERT_EQ(Box.build(GetParam(), IsC ? "shapes.c" : "shapes.cpp", "shapes"),
            "");
  Trace T = runAndRead(Box, "shapes");
  ASSERT_EQ(T.Threads.size(), 1u);
  const TraceThread &Main = T.Threads[0];
  EXPECT_TRUE(Main.Main);
  EXPECT_EQ(Main.Name, "main");
  EXPECT_EQ(Main.OpenScopes, 0u);
  EXPECT_EQ(Main.Repaired, 0u);
  auto Nodes = Main.byPath();
  std::map<std::string, uint64_t> Calls;
  for (const auto &[Path, Node] : Nodes)
    Calls[Path] = Node.Calls;
  std::map<std::string, uint64_t> Expected;
  if (IsC) // early(0..2), loop body i = 0..4, jumper(1), jumper(0)
    Expected = {{"0", 1},       {"0/2", 3},   {"0/2/3", 2},
                {"0/2/3/1", 1}, {"0/4", 5},   {"0/4/1", 3},
                {"0/5", 2},     {"0/5/6", 2}, {"0/5/6/1", 1}};
  else // thrower(-2..1): two of them throw out of leaf and both scopes
    Expected = {{"0", 1},   {"0/2", 4}, {"0/2/3", 4}, {"0/2/3/1", 4},
                {"0/4", 1}, {"0/5", 1}, {"0/6", 1}};
  EXPECT_EQ(Calls, Expected);
  expectTestClockTimes(Main);
  EXPECT_EQ(T.ClockSource, "test");
  EXPECT_DOUBLE_EQ(T.InnerNs, 1.0);
  EXPECT_DOUBLE_EQ(T.OuterNs, 1.0);
}

INSTANTIATE_TEST_SUITE_P(
    Compilers, RegionTreeTest,
    ::testing::Values(Toolchain{"gcc", "-std=c99"},
                      Toolchain{"clang-19", "-std=c11"},
                      Toolchain{"g++", "-std=c++11"},
                      Toolchain{"clang++-19", "-std=c++17"},
                      Toolchain{"gcc", "-std=gnu11 -O0 -g"},
                      Toolchain{"g++", "-std=gnu++20 -O0 -g"}),
    [](const ::testing::TestParamInfo<Toolchain> &Info) {
      std::string Name = Info.param.Driver + Info.param.Standard;
      for (char &C : Name)
        if (!std::isalnum(static_cast<unsigned char>(C)))
          C = '_';
      return Name;
    });

TEST(RegionTreeTest, ExitFromDeepInsideCountsTheOpenScopes) {
  Sandbox Box;
  ASSERT_EQ(Box.build({"gcc", "-std=c99"}, "exit_deep.c", "exit_deep"), "");
  RunResult R = Box.run("exit_deep");
  EXPECT_EQ(R.ExitCode, 3);
  EXPECT_EQ(R.Out, "leaving\n");
  auto T = readTrace(Box.path("calltrace.json"));
  ASSERT_TRUE(static_cast<bool>(T)) << llvm::toString(T.takeError());
  const TraceThread *Main = T->mainThread();
  ASSERT_NE(Main, nullptr);
  EXPECT_EQ(Main->OpenScopes, 3u);
  auto Nodes = Main->byPath();
  ASSERT_EQ(Nodes.size(), 3u);
  EXPECT_EQ(Nodes["0"].Calls, 1u);
  EXPECT_EQ(Nodes["0/1"].Calls, 1u);
  EXPECT_EQ(Nodes["0/1/2"].Calls, 1u);
  // Each open scope lasts until the trace is written.
  EXPECT_GT(Nodes["0"].InclusiveNs, Nodes["0/1"].InclusiveNs);
  EXPECT_GT(Nodes["0/1"].InclusiveNs, Nodes["0/1/2"].InclusiveNs);
  EXPECT_GE(Nodes["0/1/2"].InclusiveNs, 1u);
}

TEST(RegionTreeTest, LongjmpOutOfScopesIsRepairedAtTheNextExit) {
  Sandbox Box;
  ASSERT_EQ(Box.build({"clang-19", "-std=c99"}, "jump.c", "jump"), "");
  Trace T = runAndRead(Box, "jump");
  EXPECT_EQ(T.Repaired, 2u);
  const TraceThread *Main = T.mainThread();
  ASSERT_NE(Main, nullptr);
  EXPECT_EQ(Main->OpenScopes, 0u);
  EXPECT_EQ(Main->Repaired, 2u);
  auto Nodes = Main->byPath();
  EXPECT_EQ(Nodes["0"].Calls, 1u);
  EXPECT_EQ(Nodes["0/1"].Calls, 1u);
  EXPECT_EQ(Nodes["0/1/2"].Calls, 1u);
  // The abandoned scopes are closed when main's scope exits.
  EXPECT_EQ(Nodes["0/1"].InclusiveNs, Nodes["0/1/2"].InclusiveNs + 1);
  EXPECT_EQ(Nodes["0"].InclusiveNs, Nodes["0/1"].InclusiveNs + 1);
}

// Past 2048 open scopes visits are counted as dropped; the tree (and its
// hash table, grown several times on the way) stays exact above.
TEST(RegionTreeTest, DepthLimitDropsVisitsAndKeepsTheTree) {
  Sandbox Box;
  ASSERT_EQ(Box.build({"gcc", "-std=c99"}, "deep.c", "deep"), "");
  RunResult R = Box.run("deep", {}, "3000");
  ASSERT_EQ(R.ExitCode, 0) << R.Err;
  EXPECT_EQ(R.Out, "3000\n");
  auto T = readTrace(Box.path("calltrace.json"));
  ASSERT_TRUE(static_cast<bool>(T)) << llvm::toString(T.takeError());
  const TraceThread &Main = T->Threads.at(0);
  ASSERT_EQ(Main.Nodes.size(), 2048u); // main + 2047 levels of down()
  for (size_t I = 0; I != Main.Nodes.size(); ++I) {
    EXPECT_EQ(Main.Nodes[I].Parent, static_cast<int64_t>(I) - 1);
    EXPECT_EQ(Main.Nodes[I].Calls, 1u);
  }
  // 3001 visits of down(), 2047 recorded.
  EXPECT_EQ(Main.Dropped, 3001u - 2047u);
  EXPECT_EQ(T->Dropped, Main.Dropped);
  EXPECT_EQ(Main.OpenScopes, 0u);
}

TEST(RegionTreeTest, RealClockTimesArePlausible) {
  Sandbox Box;
  ASSERT_EQ(Box.build({"gcc", "-std=c99"}, "sleeper.c", "sleeper", ""), "");
  Trace T = runAndRead(Box, "sleeper");
  const TraceThread *Main = T.mainThread();
  ASSERT_NE(Main, nullptr);
  auto Nodes = Main->byPath();
  EXPECT_EQ(Nodes["0/1"].Calls, 3u);
  // Three sleeps of 20 ms; generous upper bounds for a loaded machine.
  EXPECT_GE(Nodes["0/1"].InclusiveNs, 60'000'000u);
  EXPECT_LT(Nodes["0/1"].InclusiveNs, 3'000'000'000u);
  EXPECT_GE(Nodes["0"].InclusiveNs, Nodes["0/1"].InclusiveNs);
  EXPECT_GE(T.WallNs, Nodes["0"].InclusiveNs);
  EXPECT_LT(T.WallNs, 10'000'000'000u);
#if defined(__x86_64__)
  EXPECT_EQ(T.ClockSource, "tsc");
#endif
  EXPECT_GT(T.TicksPerNs, 0.1);
  EXPECT_GT(T.InnerNs, 0.0);
  EXPECT_LT(T.InnerNs, 10'000.0);
  EXPECT_LT(T.OuterNs, 10'000.0);
}

} // namespace
} // namespace varsim::runtime::test
