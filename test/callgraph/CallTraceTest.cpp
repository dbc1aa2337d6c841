//===- test/callgraph/CallTraceTest.cpp -----------------------------------===//

#include "callgraph/CallTrace.h"

#include "support/Diagnostic.h"

#include "llvm/Support/MemoryBuffer.h"

#include <gtest/gtest.h>

using namespace varsim;
using namespace varsim::callgraph;

namespace {

const char *const Minimal = R"({
  "format": "varsim-calltrace", "version": 1, "config": "A",
  "features": [{"name": "A", "kind": "bool", "value": 1},
               {"name": "LEVEL", "kind": "numeric", "value": 2}],
  "regions": [
    {"id": 0, "kind": "function", "function": "main", "condition": "1",
     "file": "m.c", "line": 3, "end_line": 9},
    {"id": 1, "kind": "region", "function": "main", "condition": "A && LEVEL > 1",
     "file": "m.c", "line": 5, "end_line": 6}],
  "clock": {"source": "tsc", "unit": "ns"},
  "calibration": {"inner_ns": 4.5, "outer_ns": 2},
  "wall_ns": 1000,
  "threads": [{"tid": 7, "name": "main", "main": true,
               "nodes": [[-1, 0, 1, 1000], [0, 1, 3, 600.5]]}],
  "dropped": 0
})";

std::string errorOf(llvm::StringRef Text) {
  llvm::Expected<CallTrace> T = parseCallTrace(Text, "t.json");
  if (T)
    return "";
  return errorToString(T.takeError());
}

std::string replaced(std::string Text, llvm::StringRef From,
                     llvm::StringRef To) {
  size_t At = Text.find(From.str());
  EXPECT_NE(At, std::string::npos) << From.str();
  if (At != std::string::npos)
    Text.replace(At, From.size(), To.str());
  return Text;
}

TEST(CallTrace, ReadsEveryField) {
  llvm::Expected<CallTrace> T = parseCallTrace(Minimal, "t.json");
  ASSERT_TRUE(static_cast<bool>(T)) << errorToString(T.takeError());
  EXPECT_EQ(T->Config, "A");
  ASSERT_EQ(T->Features.size(), 2u);
  EXPECT_TRUE(T->Features[1].Numeric);
  EXPECT_EQ(T->featureValue("LEVEL"), 2);
  ASSERT_EQ(T->Regions.size(), 2u);
  EXPECT_EQ(T->Regions[1].Kind, RegionKind::Region);
  EXPECT_EQ(condition::printCondition(*T->Regions[1].Cond), "A && LEVEL > 1");
  EXPECT_EQ(T->Regions[1].Line, 5u);
  EXPECT_DOUBLE_EQ(T->InnerNs, 4.5);
  EXPECT_DOUBLE_EQ(T->OuterNs, 2);
  ASSERT_EQ(T->Threads.size(), 1u);
  EXPECT_TRUE(T->Threads[0].Main);
  ASSERT_EQ(T->Threads[0].Nodes.size(), 2u);
  EXPECT_EQ(T->Threads[0].Nodes[1].Parent, 0);
  EXPECT_EQ(T->Threads[0].Nodes[1].Calls, 3u);
  EXPECT_DOUBLE_EQ(T->Threads[0].Nodes[1].InclusiveNs, 600.5);
}

TEST(CallTrace, ReadsLifetimesAndProcessTimes) {
  // Fields of the runtime since lifetimes were recorded, and the process
  // times that `varsim run` adds.
  std::string Text = replaced(Minimal, R"("wall_ns": 1000,)",
                              R"("wall_ns": 1000,
  "monotonic": {"init_ns": 5000, "start_ns": 5200, "write_ns": 6300},)");
  Text = replaced(Text, R"("main": true,)",
                  R"("main": true, "start_ns": 10, "end_ns": 1010,
               "main_node_at_end": -1,)");
  Text = replaced(Text, R"("nodes": [[-1, 0, 1, 1000], [0, 1, 3, 600.5]]}])",
                  R"("nodes": [[-1, 0, 1, 1000], [0, 1, 3, 600.5]]},
              {"tid": 8, "name": "w", "main": false, "start_ns": 100,
               "end_ns": 700, "main_node_at_end": 1, "nodes": [[-1, 1, 1, 5]]},
              {"tid": 9, "name": "w", "main": false, "start_ns": 100,
               "end_ns": 700, "main_node_at_end": 2, "nodes": [[-1, 1, 1, 5]]}])");
  Text = replaced(Text, R"("dropped": 0)", R"("dropped": 0,
  "process": {"launch_ns": 4000, "exit_ns": 6700})");
  llvm::Expected<CallTrace> T = parseCallTrace(Text, "t.json");
  ASSERT_TRUE(static_cast<bool>(T)) << errorToString(T.takeError());
  EXPECT_EQ(T->ClockSource, "tsc");
  ASSERT_EQ(T->Threads.size(), 3u);
  EXPECT_TRUE(T->Threads[1].HasLifetime);
  EXPECT_DOUBLE_EQ(T->Threads[1].StartNs, 100);
  EXPECT_DOUBLE_EQ(T->Threads[1].EndNs, 700);
  EXPECT_EQ(T->Threads[1].MainNodeAtEnd, 1);
  EXPECT_EQ(T->Threads[2].MainNodeAtEnd, -1); // main has no node 2
  EXPECT_DOUBLE_EQ(T->Times.InitNs, 5000);
  EXPECT_DOUBLE_EQ(T->Times.WriteNs, 6300);
  EXPECT_DOUBLE_EQ(T->Times.LaunchNs, 4000);
  // (5000 - 4000) + (1000 - 1000) + (6700 - 6300)
  ASSERT_TRUE(T->untracedNs().has_value());
  EXPECT_DOUBLE_EQ(*T->untracedNs(), 1400);

  // Without them (older traces): no lifetimes, no untraced time.
  llvm::Expected<CallTrace> Old = parseCallTrace(Minimal, "t.json");
  ASSERT_TRUE(static_cast<bool>(Old)) << errorToString(Old.takeError());
  EXPECT_FALSE(Old->Threads[0].HasLifetime);
  EXPECT_FALSE(Old->untracedNs().has_value());
}

TEST(CallTrace, ReadsTheNativeReferenceTimes) {
  // `varsim run --native-build` adds the native runs around this one.
  std::string Text = replaced(Minimal, R"("dropped": 0)", R"("dropped": 0,
  "process": {"launch_ns": 4000, "exit_ns": 6700},
  "native": {"config": "A,LEVEL=2", "before_ns": 900, "after_ns": 1100})");
  llvm::Expected<CallTrace> T = parseCallTrace(Text, "t.json");
  ASSERT_TRUE(static_cast<bool>(T)) << errorToString(T.takeError());
  ASSERT_TRUE(T->Native.has_value());
  EXPECT_EQ(T->Native->Config, "A,LEVEL=2");
  EXPECT_DOUBLE_EQ(T->Native->speedNs(), 900);
  EXPECT_FALSE(parseCallTrace(Minimal, "t.json")->Native.has_value());
  // A time that is not positive is no measurement.
  std::string Bad = replaced(Text, R"("before_ns": 900)", R"("before_ns": 0)");
  llvm::Expected<CallTrace> B = parseCallTrace(Bad, "t.json");
  ASSERT_FALSE(static_cast<bool>(B));
  EXPECT_NE(errorToString(B.takeError()).find("\"native\""), std::string::npos);
}

TEST(CallTrace, ReadsTheGoldenFile) {
  llvm::Expected<CallTrace> T =
      readCallTrace(VARSIM_TRACE_DATA "/printer.json");
  ASSERT_TRUE(static_cast<bool>(T)) << errorToString(T.takeError());
  EXPECT_EQ(T->Threads[0].Nodes.size(), 21u);
}

TEST(CallTrace, MissingFile) {
  llvm::Expected<CallTrace> T = readCallTrace("/nonexistent/trace.json");
  ASSERT_FALSE(static_cast<bool>(T));
  EXPECT_NE(errorToString(T.takeError())
                .find("/nonexistent/trace.json: error: cannot read"),
            std::string::npos);
}

TEST(CallTrace, MalformedJson) {
  std::string E =
      errorOf(replaced(Minimal, "\"config\": \"A\",", "\"config\" \"A\","));
  EXPECT_NE(E.find("t.json"), std::string::npos) << E;
  EXPECT_NE(E.find("error: "), std::string::npos) << E;
}

TEST(CallTrace, TruncatedJson) {
  std::string Text = Minimal;
  // Every cut inside the document must give an error, never a crash.
  for (size_t Cut :
       {Text.size() / 4, Text.size() / 2, Text.size() - 40, Text.size() - 2}) {
    std::string E = errorOf(Text.substr(0, Cut));
    EXPECT_EQ(E.rfind("t.json", 0), 0u) << "cut at " << Cut << ": " << E;
    EXPECT_NE(E.find("error: "), std::string::npos) << E;
  }
}

TEST(CallTrace, WrongFormatOrVersion) {
  EXPECT_NE(errorOf(replaced(Minimal, "varsim-calltrace", "chrome-trace"))
                .find("not a varsim call trace"),
            std::string::npos);
  EXPECT_NE(errorOf(replaced(Minimal, "\"version\": 1", "\"version\": 2"))
                .find("unsupported call trace version 2"),
            std::string::npos);
  EXPECT_NE(errorOf("{\"version\": 1}").find("no \"format\""),
            std::string::npos);
  EXPECT_NE(errorOf("[1, 2]").find("t.json: error:"), std::string::npos);
}

TEST(CallTrace, InconsistentNodes) {
  EXPECT_NE(errorOf(replaced(Minimal, "[0, 1, 3, 600.5]", "[0, 9, 3, 600.5]"))
                .find("region id 9 is not in the region table"),
            std::string::npos);
  EXPECT_NE(errorOf(replaced(Minimal, "[0, 1, 3, 600.5]", "[1, 1, 3, 600.5]"))
                .find("parent 1 does not come before the node"),
            std::string::npos);
  EXPECT_NE(errorOf(replaced(Minimal, "[0, 1, 3, 600.5]", "[0, 1, 3]"))
                .find("expected [parent, region, calls, inclusive_ns]"),
            std::string::npos);
  EXPECT_NE(errorOf(replaced(Minimal, "[0, 1, 3, 600.5]", "[0, \"x\", 3, 1]"))
                .find("t.json"),
            std::string::npos);
}

TEST(CallTrace, ReadsSampledNodes) {
  // A sampled node: 1000 visits, 40 of them timed, lasting 200 ns in all;
  // the untimed visits' cost in the calibration.
  std::string Text =
      replaced(Minimal, "[0, 1, 3, 600.5]", "[0, 1, 1000, 200, 40]");
  Text = replaced(Text, R"("outer_ns": 2})",
                  R"("outer_ns": 2, "untimed_ns": 1.5})");
  llvm::Expected<CallTrace> T = parseCallTrace(Text, "t.json");
  ASSERT_TRUE(static_cast<bool>(T)) << errorToString(T.takeError());
  EXPECT_DOUBLE_EQ(T->UntimedNs, 1.5);
  const TraceNode &N = T->Threads[0].Nodes[1];
  EXPECT_EQ(N.Calls, 1000u);
  EXPECT_EQ(N.Timed, 40u);
  EXPECT_DOUBLE_EQ(N.TimedNs, 200);
  EXPECT_DOUBLE_EQ(N.InclusiveNs, 200.0 / 40 * 1000);
  // Inside: every visit's inner cost; outside: none for the timed visits
  // beyond outer_ns, and untimed_ns - inner_ns for the others.
  EXPECT_DOUBLE_EQ(T->innerOverheadNs(N), 1000 * 4.5);
  EXPECT_DOUBLE_EQ(T->outerOverheadNs(N), 40 * 2 + 960 * (1.5 - 4.5));
  // An old node (four elements): every visit was timed.
  const TraceNode &Old = T->Threads[0].Nodes[0];
  EXPECT_EQ(Old.Timed, Old.Calls);
  EXPECT_DOUBLE_EQ(Old.InclusiveNs, Old.TimedNs);
  EXPECT_DOUBLE_EQ(T->outerOverheadNs(Old), 1 * 2);
}

TEST(CallTrace, RefusesMoreTimedVisitsThanCalls) {
  EXPECT_NE(
      errorOf(replaced(Minimal, "[0, 1, 3, 600.5]", "[0, 1, 3, 600.5, 4]"))
          .find("4 timed visits of only 3"),
      std::string::npos);
  EXPECT_NE(errorOf(replaced(Minimal, "[0, 1, 3, 600.5]", "[0, 1, 3, 1, 1, 1]"))
                .find("got 6 elements"),
            std::string::npos);
}

TEST(CallTrace, InconsistentRegions) {
  EXPECT_NE(errorOf(replaced(Minimal, "\"id\": 1", "\"id\": 4")).find("dense"),
            std::string::npos);
  EXPECT_NE(
      errorOf(replaced(Minimal, "\"kind\": \"region\"", "\"kind\": \"loop\""))
          .find("unknown kind \"loop\""),
      std::string::npos);
  EXPECT_NE(errorOf(replaced(Minimal, "A && LEVEL > 1", "A &&"))
                .find("region 1 (m.c:5)"),
            std::string::npos);
}

TEST(CallTrace, ReadsProcessCpuTimes) {
  // The runtime's "cpu" (start-up to write) and a native reference with
  // the CPU times that `varsim run` adds since the CPU time base.
  std::string Text = replaced(Minimal, R"("wall_ns": 1000,)",
                              R"("wall_ns": 1000,
  "cpu": {"wall_ns": 1000, "cpu_ns": 400, "thread_ns": 390, "threads": 1,
          "main_writes": true},)");
  Text = replaced(Text, R"("dropped": 0)", R"("dropped": 0,
  "native": {"config": "", "before_ns": 900, "after_ns": 950,
             "before_cpu_ns": 300, "after_cpu_ns": 310})");
  llvm::Expected<CallTrace> T = parseCallTrace(Text, "t.json");
  ASSERT_TRUE(static_cast<bool>(T)) << errorToString(T.takeError());
  EXPECT_TRUE(T->Cpu.Present);
  EXPECT_DOUBLE_EQ(T->Cpu.WallNs, 1000);
  EXPECT_DOUBLE_EQ(T->Cpu.CpuNs, 400);
  EXPECT_DOUBLE_EQ(T->Cpu.ThreadNs, 390);
  EXPECT_EQ(T->Cpu.Threads, 1);
  EXPECT_TRUE(T->Cpu.MainWrites);
  ASSERT_TRUE(T->Native.has_value());
  EXPECT_DOUBLE_EQ(T->Native->BeforeCpuNs, 300);
  EXPECT_DOUBLE_EQ(T->Native->AfterCpuNs, 310);
}

TEST(CallTrace, OldTracesHaveNoCpuTimes) {
  std::string Text = replaced(Minimal, R"("dropped": 0)", R"("dropped": 0,
  "native": {"config": "", "before_ns": 900, "after_ns": 950})");
  llvm::Expected<CallTrace> T = parseCallTrace(Text, "t.json");
  ASSERT_TRUE(static_cast<bool>(T)) << errorToString(T.takeError());
  EXPECT_FALSE(T->Cpu.Present);
  EXPECT_DOUBLE_EQ(T->Native->BeforeCpuNs, 0);
}

TEST(CallTrace, RefusesNegativeCpuTimes) {
  std::string Text = replaced(Minimal, R"("wall_ns": 1000,)",
                              R"("wall_ns": 1000,
  "cpu": {"wall_ns": 1000, "cpu_ns": -4, "thread_ns": 0, "threads": 1},)");
  EXPECT_NE(errorOf(Text).find("\"cpu\""), std::string::npos) << errorOf(Text);
  Text = replaced(Minimal, R"("wall_ns": 1000,)", R"("wall_ns": 1000,
  "cpu": {"wall_ns": "x"},)");
  EXPECT_NE(errorOf(Text).find("t.json"), std::string::npos);
}

} // namespace
