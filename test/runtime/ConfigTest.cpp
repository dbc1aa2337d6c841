//===- test/runtime/ConfigTest.cpp - VARSIM_CONFIG ------------------------===//

#include "RuntimeHarness.h"

#include "gtest/gtest.h"

#include <memory>

namespace varsim::runtime::test {
namespace {

class ConfigTest : public ::testing::Test {
protected:
  static void SetUpTestSuite() {
    Box = std::make_unique<Sandbox>();
    BuildError = Box->build({"gcc", "-std=c99"}, "config.c", "config");
  }
  static void TearDownTestSuite() { Box.reset(); }

  void SetUp() override { ASSERT_EQ(BuildError, ""); }

  /// Runs the program with VARSIM_CONFIG=Config, or without it.
  static RunResult run(std::optional<std::string> Config) {
    Environment Env;
    if (Config)
      Env.push_back({"VARSIM_CONFIG", *Config});
    return Box->run("config", Env);
  }

  static void expectRefused(const std::string &Config,
                            const std::string &Message) {
    RunResult R = run(Config);
    EXPECT_EQ(R.ExitCode, BadConfigExitCode) << Config;
    EXPECT_EQ(R.Out, "") << "main() ran under " << Config;
    EXPECT_NE(R.Err.find(Message), std::string::npos) << R.Err;
    EXPECT_NE(R.Err.find("VARSIM_CONFIG='" + Config + "'"), std::string::npos)
        << R.Err;
  }

  static inline std::unique_ptr<Sandbox> Box;
  static inline std::string BuildError;
};

TEST_F(ConfigTest, UnsetMeansTheDefaultConfiguration) {
  RunResult R = run(std::nullopt);
  EXPECT_EQ(R.ExitCode, 0) << R.Err;
  EXPECT_EQ(R.Out, "Root=1 Core=1 Codec=0 GZIP=0 LZ4=0 LOG=1 LEVEL=2\n");
  auto T = readTrace(Box->path("calltrace.json"));
  ASSERT_TRUE(static_cast<bool>(T)) << llvm::toString(T.takeError());
  EXPECT_EQ(T->Config, "Core,LOGGING,LEVEL=2");
  EXPECT_FALSE(T->ConfigRequested.has_value());
  EXPECT_EQ(T->Features.at("LEVEL"), 2);
  EXPECT_EQ(T->Features.at("LOGGING"), 1);
}

TEST_F(ConfigTest, EmptySelectsNoOptionalFeature) {
  RunResult R = run("");
  EXPECT_EQ(R.ExitCode, 0) << R.Err;
  EXPECT_EQ(R.Out, "Root=1 Core=1 Codec=0 GZIP=0 LZ4=0 LOG=0 LEVEL=1\n");
  auto T = readTrace(Box->path("calltrace.json"));
  ASSERT_TRUE(static_cast<bool>(T)) << llvm::toString(T.takeError());
  EXPECT_EQ(T->Config, "Core,LEVEL=1");
  EXPECT_EQ(T->ConfigRequested, std::optional<std::string>(""));
}

TEST_F(ConfigTest, AbstractParentsAndMandatoryChildrenAreImplied) {
  RunResult R = run(" GZIP , LEVEL=5,");
  EXPECT_EQ(R.ExitCode, 0) << R.Err;
  EXPECT_EQ(R.Out, "Root=1 Core=1 Codec=1 GZIP=1 LZ4=0 LOG=0 LEVEL=5\n");
  R = run("LZ4,LEVEL=-0,LOGGING=1");
  EXPECT_EQ(R.Out, "Root=1 Core=1 Codec=1 GZIP=0 LZ4=1 LOG=1 LEVEL=0\n");
}

TEST_F(ConfigTest, InvalidConfigurationsStopBeforeMain) {
  expectRefused("GZIP,NOPE", "unknown feature 'NOPE'");
  expectRefused("LEVEL=9", "value out of range in 'LEVEL=9'");
  expectRefused("LEVEL=2x", "malformed value in 'LEVEL=2x'");
  expectRefused("LEVEL=99999999999999999999", "malformed value");
  expectRefused("LEVEL", "numeric feature 'LEVEL' needs a value");
  expectRefused("LOGGING=2", "malformed value in 'LOGGING=2'");
  expectRefused("GZIP,LZ4", "violates constraint 'alternative group "
                            "'Codec': at most one of GZIP, LZ4' "
                            "(!(VARSIM_F_GZIP && VARSIM_F_LZ4))");
}

TEST_F(ConfigTest, UnwritableTraceWarnsAndKeepsTheExitCode) {
  RunResult R = Box->run("config", {{"VARSIM_TRACE", "no/such/dir/t.json"}});
  EXPECT_EQ(R.ExitCode, 0);
  EXPECT_EQ(R.Out, "Root=1 Core=1 Codec=0 GZIP=0 LZ4=0 LOG=1 LEVEL=2\n");
  EXPECT_NE(R.Err.find("varsim: warning: cannot write '" + Box->dir() +
                       "/no/such/dir/t.json'"),
            std::string::npos)
      << R.Err;
}

// The program's feature reads (a const view with Clang, the array itself
// otherwise) see the values the runtime set, also where the optimizer keeps
// them in registers across a loop, and also with GCC's link-time
// optimization, which must not meet the view's assembly.
TEST_F(ConfigTest, ReadsInAnOptimizedLoopSeeTheConfiguredValues) {
  const Toolchain Toolchains[] = {{"gcc", "-std=c99 -O2"},
                                  {"clang-19", "-std=c99 -O2"},
                                  {"gcc", "-std=c99 -O2 -flto"}};
  int K = 0;
  for (const Toolchain &TC : Toolchains) {
    std::string Exe = "feature_loop" + std::to_string(K++);
    ASSERT_EQ(Box->build(TC, "feature_loop.c", Exe), "") << TC.Standard;
    EXPECT_EQ(Box->run(Exe, {{"VARSIM_CONFIG", "GZIP,LEVEL=5"}}).Out, "128 l\n")
        << TC.Driver << " " << TC.Standard;
    EXPECT_EQ(Box->run(Exe, {{"VARSIM_CONFIG", "LZ4,LEVEL=3"}}).Out, "64 l\n")
        << TC.Driver << " " << TC.Standard;
    EXPECT_EQ(Box->run(Exe, {{"VARSIM_CONFIG", "LEVEL=1"}}).Out, "0 l\n")
        << TC.Driver << " " << TC.Standard;
  }
}

} // namespace
} // namespace varsim::runtime::test
