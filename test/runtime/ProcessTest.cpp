//===- test/runtime/ProcessTest.cpp - Threads, fork, signals, linking -----===//

#include "RuntimeHarness.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <csignal>
#include <map>
#include <set>
#include <simdjson.h>

namespace varsim::runtime::test {
namespace {

llvm::Expected<Trace> read(Sandbox &Box, const std::string &Name) {
  return readTrace(Box.path(Name));
}

TEST(ProcessTest, EachThreadHasItsOwnTree) {
  Sandbox Box;
  ASSERT_EQ(Box.build({"gcc", "-std=c99"}, "threads.c", "threads"), "");
  RunResult R = Box.run("threads");
  ASSERT_EQ(R.ExitCode, 0) << R.Err;
  auto T = read(Box, "calltrace.json");
  ASSERT_TRUE(static_cast<bool>(T)) << llvm::toString(T.takeError());
  ASSERT_EQ(T->Threads.size(), 5u);
  std::multiset<uint64_t> Steps;
  for (const TraceThread &Th : T->Threads) {
    auto Nodes = Th.byPath();
    if (Th.Main) {
      EXPECT_FALSE(Th.Exited);
      EXPECT_EQ(Nodes["0"].Calls, 1u);
      EXPECT_EQ(Nodes["0/2"].Calls, 1u);
      continue;
    }
    EXPECT_TRUE(Th.Exited);
    EXPECT_EQ(Th.Name, "worker");
    EXPECT_EQ(Nodes.size(), 2u);
    EXPECT_EQ(Nodes["1"].Calls, 1u);
    Steps.insert(Nodes["1/2"].Calls);
    EXPECT_EQ(Nodes["1"].InclusiveNs, 1 + 2 * Nodes["1/2"].Calls);
  }
  EXPECT_EQ(Steps, (std::multiset<uint64_t>{100, 101, 102, 103}));
}

TEST(ProcessTest, CpuTimesOfASleeperAndOfThreads) {
  // The sleeper sleeps 60 ms on one thread: its process was on a CPU for a
  // small share of the run's wall time (the CPU time base's scale).
  Sandbox Box;
  ASSERT_EQ(Box.build({"gcc", "-std=c99"}, "sleeper.c", "sleeper", ""), "");
  RunResult R = Box.run("sleeper");
  ASSERT_EQ(R.ExitCode, 0) << R.Err;
  auto T = read(Box, "calltrace.json");
  ASSERT_TRUE(static_cast<bool>(T)) << llvm::toString(T.takeError());
  EXPECT_EQ(T->CpuWallNs, T->WallNs);
  EXPECT_GE(T->CpuWallNs, 60000000u);
  EXPECT_GT(T->CpuNs, 0u);
  EXPECT_LT(T->CpuNs, T->CpuWallNs / 2);
  EXPECT_LE(T->ThreadCpuNs, T->CpuNs + 1000000);
  EXPECT_EQ(T->CpuThreads, 1u);
  EXPECT_TRUE(T->MainWrites);

  // Four workers and main: the process's CPU time sums five threads.
  ASSERT_EQ(Box.build({"gcc", "-std=c99"}, "threads.c", "threads"), "");
  R = Box.run("threads");
  ASSERT_EQ(R.ExitCode, 0) << R.Err;
  T = read(Box, "calltrace.json");
  ASSERT_TRUE(static_cast<bool>(T)) << llvm::toString(T.takeError());
  EXPECT_EQ(T->CpuThreads, 5u);
}

TEST(ProcessTest, StdThreadsInCxx11) {
  Sandbox Box;
  ASSERT_EQ(Box.build({"clang++-19", "-std=c++11"}, "threads.cpp", "threads"),
            "");
  RunResult R = Box.run("threads");
  ASSERT_EQ(R.ExitCode, 0) << R.Err;
  auto T = read(Box, "calltrace.json");
  ASSERT_TRUE(static_cast<bool>(T)) << llvm::toString(T.takeError());
  ASSERT_EQ(T->Threads.size(), 4u);
  std::multiset<uint64_t> Steps;
  for (const TraceThread &Th : T->Threads)
    if (!Th.Main)
      Steps.insert(Th.byPath()["1/2"].Calls);
  EXPECT_EQ(Steps, (std::multiset<uint64_t>{50, 100, 150}));
}

TEST(ProcessTest, ForkChildWritesItsOwnFile) {
  Sandbox Box;
  ASSERT_EQ(Box.build({"gcc", "-std=c99"}, "fork.c", "fork"), "");
  ASSERT_EQ(Box.shell("mkdir -p out"), 0);
  RunResult R = Box.run("fork", {{"VARSIM_TRACE", "out/run.json"}});
  ASSERT_EQ(R.ExitCode, 0) << R.Err;
  ASSERT_EQ(R.Out.rfind("child=", 0), 0u) << R.Out;
  std::string ChildPid = R.Out.substr(6, R.Out.size() - 7);
  auto Parent = read(Box, "out/run.json");
  ASSERT_TRUE(static_cast<bool>(Parent)) << llvm::toString(Parent.takeError());
  auto Child = readTrace(
      forkChildTracePath(Box.path("out/run.json"), std::stoll(ChildPid)));
  ASSERT_TRUE(static_cast<bool>(Child)) << llvm::toString(Child.takeError());
  EXPECT_FALSE(Parent->ForkChild);
  EXPECT_TRUE(Child->ForkChild);
  EXPECT_EQ(std::to_string(Child->Pid), ChildPid);
  EXPECT_EQ(Child->ParentPid, Parent->Pid);
  auto P = Parent->mainThread()->byPath();
  auto C = Child->mainThread()->byPath();
  EXPECT_EQ(P["0/1"].Calls, 1u);
  EXPECT_EQ(P["0/3"].Calls, 1u);
  EXPECT_EQ(P.count("0/2"), 0u);
  EXPECT_EQ(C["0/1"].Calls, 0u); // the parent's work, not the child's
  EXPECT_EQ(C["0/2"].Calls, 3u);
  EXPECT_EQ(C["0"].Calls, 1u);
  EXPECT_EQ(C.count("0/3"), 0u);
}

TEST(ProcessTest, SigtermWritesTheTraceThenTerminates) {
  Sandbox Box;
  ASSERT_EQ(Box.build({"clang-19", "-std=c11"}, "signal.c", "signal"), "");
  RunResult R = Box.run("signal");
  EXPECT_EQ(R.Signal, SIGTERM);
  EXPECT_EQ(R.Out, "");
  auto T = read(Box, "calltrace.json");
  ASSERT_TRUE(static_cast<bool>(T)) << llvm::toString(T.takeError());
  auto Nodes = T->mainThread()->byPath();
  EXPECT_EQ(Nodes["0"].Calls, 1u);
  EXPECT_EQ(Nodes["0/1"].Calls, 3u); // two done, the third still open
  EXPECT_EQ(T->mainThread()->OpenScopes, 2u);
}

TEST(ProcessTest, ThreadLifetimesAndWhereMainWaited) {
  Sandbox Box;
  ASSERT_EQ(Box.build({"gcc", "-std=c99"}, "lifetimes.c", "lifetimes", ""), "");
  RunResult R = Box.run("lifetimes");
  ASSERT_EQ(R.ExitCode, 0) << R.Err;
  auto T = read(Box, "calltrace.json");
  ASSERT_TRUE(static_cast<bool>(T)) << llvm::toString(T.takeError());
  ASSERT_EQ(T->Threads.size(), 4u);
  const TraceThread *Main = T->mainThread();
  ASSERT_NE(Main, nullptr);
  std::map<std::string, int64_t> MainNode; // region path -> node index
  std::vector<std::string> PathOf(Main->Nodes.size());
  for (size_t I = 0; I < Main->Nodes.size(); ++I) {
    const TraceNode &N = Main->Nodes[I];
    PathOf[I] = (N.Parent < 0 ? std::string() : PathOf[N.Parent] + "/") +
                std::to_string(N.Region);
    MainNode[PathOf[I]] = static_cast<int64_t>(I);
  }
  auto Paths = Main->byPath();
  std::vector<const TraceThread *> Phase1;
  const TraceThread *Late = nullptr;
  for (const TraceThread &Th : T->Threads) {
    if (Th.Main)
      continue;
    ASSERT_EQ(Th.Nodes.size(), 1u);
    // The lifetime covers the worker's region (which the spin makes at
    // least 10 ms long), and lies within main's.
    EXPECT_GE(Th.EndNs - Th.StartNs, Th.Nodes[0].InclusiveNs);
    EXPECT_LT(Th.EndNs - Th.StartNs, Th.Nodes[0].InclusiveNs + 5000000);
    EXPECT_GE(Th.StartNs, Main->StartNs);
    EXPECT_LE(Th.EndNs, Main->EndNs);
    if (Th.Nodes[0].Region == 5)
      Late = &Th;
    else
      Phase1.push_back(&Th);
  }
  ASSERT_EQ(Phase1.size(), 2u);
  ASSERT_NE(Late, nullptr);
  // Main waited in main() for the first two, in phase2() for the last.
  EXPECT_EQ(Phase1[0]->MainNodeAtEnd, MainNode["0"]);
  EXPECT_EQ(Phase1[1]->MainNodeAtEnd, MainNode["0"]);
  EXPECT_EQ(Late->MainNodeAtEnd, MainNode["0/4"]);
  EXPECT_GE(Late->StartNs, std::max(Phase1[0]->EndNs, Phase1[1]->EndNs));
  // Main's lifetime is its one visit of main().
  EXPECT_NEAR(static_cast<double>(Main->EndNs - Main->StartNs),
              static_cast<double>(Paths["0"].InclusiveNs), 1e6);
  EXPECT_LE(T->MonoStartNs + T->WallNs, T->MonoWriteNs);
}

TEST(ProcessTest, TheProgramsOwnSignalHandlerWins) {
  Sandbox Box;
  ASSERT_EQ(Box.build({"gcc", "-std=c99"}, "signal.c", "signal"), "");
  RunResult R = Box.run("signal", {}, "own");
  EXPECT_EQ(R.Signal, 0);
  EXPECT_EQ(R.ExitCode, 5);
  auto T = read(Box, "calltrace.json");
  ASSERT_TRUE(static_cast<bool>(T)) << llvm::toString(T.takeError());
  EXPECT_EQ(T->mainThread()->byPath()["0/1"].Calls, 3u);
}

TEST(ProcessTest, ThreadStillInARegionAtExitIsASnapshot) {
  Sandbox Box;
  ASSERT_EQ(Box.build({"gcc", "-std=c99"}, "running.c", "running"), "");
  RunResult R = Box.run("running");
  ASSERT_EQ(R.ExitCode, 0) << R.Err;
  auto T = read(Box, "calltrace.json");
  ASSERT_TRUE(static_cast<bool>(T)) << llvm::toString(T.takeError());
  ASSERT_EQ(T->Threads.size(), 2u);
  const TraceThread &Spinner =
      T->Threads[0].Main ? T->Threads[1] : T->Threads[0];
  EXPECT_FALSE(Spinner.Main);
  EXPECT_FALSE(Spinner.Exited);
  EXPECT_EQ(Spinner.OpenScopes, 1u);
  ASSERT_EQ(Spinner.Nodes.size(), 1u);
  EXPECT_EQ(Spinner.Nodes[0].Calls, 1u);
  EXPECT_EQ(T->mainThread()->OpenScopes, 1u);
}

TEST(ProcessTest, CAndCxxUnitsAndAStaticLibraryShareOneRuntime) {
  Sandbox Box;
  ASSERT_EQ(Box.compile({"gcc", "-std=c99"}, "multi/main.c", "main.o"), "");
  ASSERT_EQ(Box.compile({"g++", "-std=c++11"}, "multi/part.cpp", "part.o"), "");
  ASSERT_EQ(Box.compile({"clang-19", "-std=c11"}, "multi/lib.c", "lib.o"), "");
  std::string Out;
  ASSERT_EQ(Box.shell("ar rcs libpart.a lib.o", &Out), 0) << Out;
  ASSERT_EQ(Box.link("g++", {"main.o", "part.o", "libpart.a"}, "multi"), "");
  RunResult R = Box.run("multi", {{"VARSIM_CONFIG", "LEVEL=3"}});
  ASSERT_EQ(R.ExitCode, 0) << R.Err;
  EXPECT_EQ(R.Out, "s=22\n"); // (2 * 3 + 1) + 5 * 3
  auto T = read(Box, "calltrace.json");
  ASSERT_TRUE(static_cast<bool>(T)) << llvm::toString(T.takeError());
  ASSERT_EQ(T->Threads.size(), 1u);
  auto Nodes = T->Threads[0].byPath();
  EXPECT_EQ(Nodes.size(), 4u);
  EXPECT_EQ(Nodes["0/1/2"].Calls, 1u);
  EXPECT_EQ(Nodes["0/2"].Calls, 1u);
}

// The same units with the C library a shared object built by Clang: its
// feature reads go through the const view (SimulatorTables.cpp), whose
// first definition is the shared object's own while the array's is the
// executable's (GCC's units have no view); the copy made by its
// constructor gives it the values.
TEST(ProcessTest, AClangSharedObjectOfAGccProgramReadsTheFeatures) {
  Sandbox Box;
  ASSERT_EQ(Box.compile({"gcc", "-std=c99"}, "multi/main.c", "main.o"), "");
  ASSERT_EQ(Box.compile({"g++", "-std=c++11"}, "multi/part.cpp", "part.o"), "");
  ASSERT_EQ(Box.compile({"clang-19", "-std=c11"}, "multi/lib.c", "lib.o",
                        "-DVARSIM_TEST_CLOCK -fPIC"),
            "");
  std::string Out;
  ASSERT_EQ(Box.shell("clang-19 -shared lib.o -o libpart.so", &Out), 0) << Out;
  ASSERT_EQ(Box.link("g++", {"main.o", "part.o", "libpart.so"}, "multi"), "");
  RunResult R = Box.run(
      "multi", {{"VARSIM_CONFIG", "LEVEL=3"}, {"LD_LIBRARY_PATH", Box.dir()}});
  ASSERT_EQ(R.ExitCode, 0) << R.Err;
  EXPECT_EQ(R.Out, "s=22\n"); // (2 * 3 + 1) + 5 * 3
}

TEST(ProcessTest, ChromeTraceIsBoundedAndMarksDrops) {
  Sandbox Box;
  ASSERT_EQ(Box.build({"gcc", "-std=c99"}, "shapes.c", "shapes"), "");
  for (unsigned Cap : {1000u, 5u}) {
    RunResult R =
        Box.run("shapes", {{"VARSIM_CHROME_TRACE", "chrome.json"},
                           {"VARSIM_CHROME_EVENTS", std::to_string(Cap)}});
    ASSERT_EQ(R.ExitCode, 0) << R.Err;
    auto T = read(Box, "calltrace.json");
    ASSERT_TRUE(static_cast<bool>(T)) << llvm::toString(T.takeError());
    uint64_t Visits = 0;
    for (const TraceNode &N : T->Threads.at(0).Nodes)
      Visits += N.Calls;
    ASSERT_GT(Visits, 5u);
    simdjson::dom::parser Parser;
    simdjson::dom::element Root;
    ASSERT_FALSE(Parser.load(Box.path("chrome.json")).get(Root));
    simdjson::dom::array Events;
    ASSERT_FALSE(Root["traceEvents"].get(Events));
    size_t X = 0, Names = 0, Markers = 0;
    for (simdjson::dom::element E : Events) {
      std::string_view Ph, Name;
      ASSERT_FALSE(E["ph"].get(Ph));
      ASSERT_FALSE(E["name"].get(Name));
      EXPECT_FALSE(E["pid"].error());
      if (Ph == "X") {
        ++X;
        double Ts, Dur;
        ASSERT_FALSE(E["ts"].get(Ts));
        ASSERT_FALSE(E["dur"].get(Dur));
        EXPECT_GE(Dur, 0.0);
        EXPECT_FALSE(E["tid"].error());
      } else if (Ph == "M" && Name == "thread_name") {
        ++Names;
      } else if (Ph == "i") {
        ++Markers;
        EXPECT_NE(Name.find(std::to_string(Visits - Cap) + " events dropped"),
                  std::string_view::npos)
            << Name;
      }
    }
    EXPECT_EQ(Names, 1u);
    EXPECT_EQ(X, std::min<uint64_t>(Visits, Cap));
    EXPECT_EQ(Markers, Visits > Cap ? 1u : 0u);
  }
}

} // namespace
} // namespace varsim::runtime::test
