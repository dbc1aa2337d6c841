//===- test/callgraph/TraceArgumentsTest.cpp ------------------------------===//

#include "callgraph/CallTrace.h"
#include "support/Diagnostic.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

using namespace varsim;
using namespace varsim::callgraph;

namespace {

class TraceArgumentsTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(
        llvm::sys::fs::createUniqueDirectory("varsim-trace-args", Dir));
    Traces = path("traces");
    ASSERT_FALSE(llvm::sys::fs::create_directory(Traces));
    write(Traces + "/run-1.json", "{\"format\": \"varsim-calltrace\"}");
    write(Traces + "/run-2.json", "{\"format\": \"varsim-calltrace\"}");
    write(Traces + "/index.json",
          "{\"format\": \"varsim-run-index\", \"runs\": ["
          "{\"run\": 1, \"trace\": \"run-1.json\"},"
          "{\"run\": 2, \"trace\": \"run-2.json\"}]}");
  }
  void TearDown() override { llvm::sys::fs::remove_directories(Dir); }

  std::string path(llvm::StringRef Name) const {
    llvm::SmallString<256> P(Dir);
    llvm::sys::path::append(P, Name);
    return std::string(P);
  }
  static void write(const std::string &Path, llvm::StringRef Text) {
    std::error_code EC;
    llvm::raw_fd_ostream OS(Path, EC);
    ASSERT_FALSE(EC);
    OS << Text;
  }

  llvm::SmallString<256> Dir;
  std::string Traces;
};

TEST_F(TraceArgumentsTest, TraceFilesStandForThemselves) {
  auto Got = expandTraceArguments({Traces + "/run-2.json"});
  ASSERT_TRUE(static_cast<bool>(Got)) << errorToString(Got.takeError());
  EXPECT_EQ(*Got, std::vector<std::string>{Traces + "/run-2.json"});
}

TEST_F(TraceArgumentsTest, IndexExpandsToItsTracesOnce) {
  // What a shell glob over OUT/traces/*.json passes.
  auto Got = expandTraceArguments(
      {Traces + "/index.json", Traces + "/run-1.json", Traces + "/run-2.json"});
  ASSERT_TRUE(static_cast<bool>(Got)) << errorToString(Got.takeError());
  EXPECT_EQ(*Got, (std::vector<std::string>{Traces + "/run-1.json",
                                            Traces + "/run-2.json"}));
}

TEST_F(TraceArgumentsTest, DirectoryMeansItsIndex) {
  auto FromTraces = expandTraceArguments({Traces});
  ASSERT_TRUE(static_cast<bool>(FromTraces))
      << errorToString(FromTraces.takeError());
  EXPECT_EQ(FromTraces->size(), 2u);
  auto FromOut = expandTraceArguments({std::string(Dir)});
  ASSERT_TRUE(static_cast<bool>(FromOut)) << errorToString(FromOut.takeError());
  EXPECT_EQ(*FromOut, *FromTraces);
}

TEST_F(TraceArgumentsTest, DirectoryWithoutIndexIsAnError) {
  std::string Empty = path("empty");
  ASSERT_FALSE(llvm::sys::fs::create_directory(Empty));
  auto Got = expandTraceArguments({Empty});
  ASSERT_FALSE(static_cast<bool>(Got));
  EXPECT_NE(errorToString(Got.takeError()).find("without a run index"),
            std::string::npos);
}

TEST_F(TraceArgumentsTest, MissingFileIsAnError) {
  auto Got = expandTraceArguments({path("nosuch.json")});
  ASSERT_FALSE(static_cast<bool>(Got));
  EXPECT_NE(errorToString(Got.takeError()).find("nosuch.json"),
            std::string::npos);
}

} // namespace
