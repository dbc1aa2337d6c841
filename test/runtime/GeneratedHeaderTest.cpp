//===- test/runtime/GeneratedHeaderTest.cpp - SimulatorTables.cpp ---------===//

#include "RuntimeHarness.h"

#include "runtime/BuildFingerprint.h"

#include "gtest/gtest.h"

#include <fstream>

namespace varsim::runtime::test {
namespace {

std::string generated(const SimulatorTables &T) {
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  writeGeneratedHeader(T, OS);
  return Text;
}

TEST(SimulatorTablesTest, SpellingsOfTheEmittedCode) {
  EXPECT_EQ(regionKindName(RegionKind::Function), "function");
  EXPECT_EQ(regionKindName(RegionKind::Region), "region");
  EXPECT_EQ(regionKindName(RegionKind::Switch), "switch");
  FeatureDesc F;
  F.Name = "Logging";
  F.Macro = "LOGGING";
  EXPECT_EQ(featureValueExpr(F), "VARSIM_F_LOGGING");
  F.Macro = "A-B.c";
  EXPECT_EQ(featureValueExpr(F), "VARSIM_F_A_B_c");
  // A use of the macro as a value has the type of the variant's literal:
  // an int while every value fits one.
  F.Macro = "LEVEL";
  F.Min = -5;
  F.Max = 2147483647;
  EXPECT_EQ(featureValueUse(F), "VARSIM_INT(VARSIM_F_LEVEL)");
  F.Max = 2147483648;
  EXPECT_EQ(featureValueUse(F), "(VARSIM_F_LEVEL)");
  EXPECT_EQ(regionMarker(RegionKind::Function, 3), "VARSIM_REGION(3);");
  EXPECT_EQ(regionMarker(RegionKind::Switch, 12), "VARSIM_REGION(12);");
}

TEST(SimulatorTablesTest, ForkChildTracePath) {
  EXPECT_EQ(forkChildTracePath("calltrace.json", 42), "calltrace.42.json");
  EXPECT_EQ(forkChildTracePath("/a/b.json/t", 7), "/a/b.json/t.7.json");
  EXPECT_EQ(forkChildTracePath(".json", 7), ".json.7.json");
  EXPECT_EQ(forkChildTracePath("", 7), "");
}

// The C++ constants are the values the C header uses.
TEST(SimulatorTablesTest, ConstantsMatchTheRuntimeHeader) {
  llvm::StringRef Text = runtimeHeaderText();
  EXPECT_TRUE(Text.contains("#define VARSIM_EXIT_BAD_CONFIG " +
                            std::to_string(BadConfigExitCode) + "\n"));
  EXPECT_TRUE(Text.contains("#define VARSIM_EXIT_NO_MEMORY " +
                            std::to_string(NoMemoryExitCode) + "\n"));
  EXPECT_TRUE(Text.contains("#define VARSIM_TRACE_DEFAULT \"" +
                            DefaultTraceName.str() + "\"\n"));
  for (llvm::StringRef Var :
       {ConfigEnvVar, TraceEnvVar, ChromeTraceEnvVar, ChromeEventsEnvVar})
    EXPECT_TRUE(Text.contains(("getenv(\"" + Var + "\")").str())) << Var.str();
}

TEST(SimulatorTablesTest, EmbeddedRuntimeHeaderIsTheSourceFile) {
  std::string OnDisk = readFile(VARSIM_RUNTIME_HEADER_PATH);
  ASSERT_FALSE(OnDisk.empty());
  EXPECT_EQ(runtimeHeaderText().str(), OnDisk);
}

TEST(SimulatorTablesTest, GeneratedHeaderDefinesReadsAndTables) {
  std::string Text = generated(testTables());
  EXPECT_NE(Text.find("#include \"varsim_runtime.h\""), std::string::npos);
  EXPECT_NE(Text.find("#define VARSIM_F_GZIP ((long long)"
                      "VARSIM_FEATURE_READS[3])"),
            std::string::npos);
  EXPECT_NE(Text.find("\"src/\\\"quoted\\\"\\\\file.c\""), std::string::npos);
  EXPECT_NE(Text.find("!(VARSIM_F_GZIP && VARSIM_F_LZ4)"), std::string::npos);
  EXPECT_NE(Text.find("\"LOGGING,LEVEL=2\""), std::string::npos);
}

TEST(BuildFingerprintTest, SameInputsSameIdAnyChangeAnother) {
  auto Id = [](std::vector<std::pair<std::string, std::string>> Inputs) {
    BuildFingerprint P;
    for (const auto &[Name, Bytes] : Inputs)
      P.add(Name, Bytes);
    return P.finish();
  };
  std::string A = Id({{"src/a.c", "int a;"}, {"src/b.c", "int b;"}});
  EXPECT_EQ(A.size(), 16u);
  EXPECT_EQ(A.find_first_not_of("0123456789abcdef"), std::string::npos) << A;
  EXPECT_EQ(A, Id({{"src/a.c", "int a;"}, {"src/b.c", "int b;"}}));
  EXPECT_NE(A, Id({{"src/a.c", "int a;"}, {"src/b.c", "int c;"}}));
  EXPECT_NE(A, Id({{"src/a.c", "int a;"}, {"src/c.c", "int b;"}}));
  // Framed: moving bytes between a name and its contents is a change.
  EXPECT_NE(Id({{"ab", "c"}}), Id({{"a", "bc"}}));
  EXPECT_NE(Id({{"a", ""}, {"", "b"}}), Id({{"a", "b"}}));
}

// The simulator writes the build id compiled into it into every trace.
TEST(SimulatorTablesTest, BuildIdReachesTheTrace) {
  SimulatorTables T = testTables();
  T.BuildId = "0123456789abcdef";
  EXPECT_NE(generated(T).find("\"0123456789abcdef\"};"), std::string::npos);
  Sandbox Box(T);
  ASSERT_EQ(Box.build({"gcc", "-std=c99"}, "config.c", "config"), "");
  RunResult R = Box.run("config");
  ASSERT_EQ(R.ExitCode, 0) << R.Err;
  std::string Trace = readFile(Box.path("calltrace.json"));
  EXPECT_NE(Trace.find("\"build_id\": \"0123456789abcdef\""), std::string::npos)
      << Trace.substr(0, 300);
}

// Edge cases of the tables must still give a header that C and C++ accept.
TEST(SimulatorTablesTest, GeneratedHeaderCompilesInCAndCxx) {
  SimulatorTables Empty;
  SimulatorTables Odd = testTables();
  Odd.Regions[1].Function = "ns::f<\"x\\n\">\n\t\x01\x7f";
  Odd.Features[6].Min = INT64_MIN;
  Odd.Features[6].Max = INT64_MAX;
  for (const SimulatorTables *T : {&Empty, &Odd}) {
    Sandbox Box(*T);
    std::ofstream(Box.path("probe.c")) << "#include \"varsim_generated.h\"\n"
                                       << "int probe(void);\n"
                                       << "int probe(void) { VARSIM_REGION(0);"
                                       << " return 0; }\n";
    std::ofstream(Box.path("probe.cpp"))
        << "#include \"varsim_generated.h\"\n"
        << "int probe();\nint probe() { VARSIM_REGION(0); return 0; }\n";
    const char *Flags = " -Wall -Wextra -Wpedantic -Werror "
                        "-DVARSIM_NO_SYSTEM_HEADER -fsyntax-only ";
    std::string Out;
    EXPECT_EQ(Box.shell(std::string("gcc -std=c99") + Flags + "probe.c", &Out),
              0)
        << Out;
    EXPECT_EQ(
        Box.shell(std::string("clang-19 -std=c11") + Flags + "probe.c", &Out),
        0)
        << Out;
    EXPECT_EQ(
        Box.shell(std::string("g++ -std=c++11") + Flags + "probe.cpp", &Out), 0)
        << Out;
    EXPECT_EQ(
        Box.shell(std::string("clang++-19 -std=c++20") + Flags + "probe.cpp",
                  &Out),
        0)
        << Out;
  }
}

// A numeric feature compared with an unsigned value, as Lua's
// `size_t l <= LUAI_MAXSHORTLEN`: the variant compares a non-negative
// literal (no warning), the simulator the run-time value, a long long.
// The simulator must still build under -Werror, in C and C++, with GCC
// and Clang; VARSIM_KEEP_SIGN_COMPARE restores the warning (so the probe
// does compare signed with unsigned).
TEST(SimulatorTablesTest, FeatureComparedWithAnUnsignedValueBuildsUnderWerror) {
  Sandbox Box(testTables());
  const char *Probe = "#include \"varsim_generated.h\"\n"
                      "#include <stddef.h>\n"
                      "int probe(size_t l);\n"
                      "int probe(size_t l) { VARSIM_REGION(0);"
                      " return l <= VARSIM_F_LEVEL; }\n";
  std::ofstream(Box.path("probe.c")) << Probe;
  std::ofstream(Box.path("probe.cpp")) << Probe;
  const char *Flags = " -Wall -Wextra -Werror -fsyntax-only ";
  for (const char *Compile : {"gcc -std=c99", "clang-19 -std=c11",
                              "g++ -std=c++11", "clang++-19 -std=c++17"}) {
    std::string Source = std::string(Compile).find("++") == std::string::npos
                             ? "probe.c"
                             : "probe.cpp";
    std::string Out;
    EXPECT_EQ(Box.shell(Compile + std::string(Flags) + Source, &Out), 0)
        << Compile << "\n"
        << Out;
    EXPECT_NE(Box.shell(Compile + std::string(Flags) +
                            "-DVARSIM_KEEP_SIGN_COMPARE " + Source,
                        &Out),
              0)
        << Compile;
    EXPECT_NE(Out.find("sign-compare"), std::string::npos) << Out;
  }
}

} // namespace
} // namespace varsim::runtime::test
