//===- test/validation/ShellProcessTest.cpp - Timed shell commands --------===//

#include "model/validation/ShellProcess.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <fstream>
#include <thread>

using namespace varsim::validation;

namespace {

class ShellProcessTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("varsim-shell", Dir));
  }
  void TearDown() override { llvm::sys::fs::remove_directories(Dir); }
  std::string path(llvm::StringRef Name) {
    llvm::SmallString<128> P(Dir);
    llvm::sys::path::append(P, Name);
    return std::string(P);
  }
  std::string read(llvm::StringRef Name) {
    auto B = llvm::MemoryBuffer::getFile(path(Name));
    return B ? (*B)->getBuffer().str() : "<missing>";
  }
  llvm::SmallString<128> Dir;
};

/// A killed process whose new parent has not reaped it yet.
bool isZombie(int Pid) {
  auto B = llvm::MemoryBuffer::getFileAsStream("/proc/" + std::to_string(Pid) +
                                               "/stat");
  return B && (*B)->getBuffer().contains(") Z ");
}

} // namespace

TEST_F(ShellProcessTest, CapturesOutputAndEnvironment) {
  ShellCommand C;
  C.Command = "echo \"out $VARSIM_CONFIG\"; echo err >&2";
  C.StdoutPath = path("out");
  C.StderrPath = path("err");
  C.Environment = {{"VARSIM_CONFIG", "A,B"}};
  ShellResult R = runShell(C);
  EXPECT_TRUE(R.succeeded()) << R.describe();
  EXPECT_EQ(read("out"), "out A,B\n");
  EXPECT_EQ(read("err"), "err\n");
}

TEST_F(ShellProcessTest, SameFileForBothStreams) {
  ShellCommand C;
  C.Command = "echo one; echo two >&2";
  C.StdoutPath = C.StderrPath = path("log");
  EXPECT_TRUE(runShell(C).succeeded());
  EXPECT_EQ(read("log"), "one\ntwo\n");
}

TEST_F(ShellProcessTest, ReportsExitCodeAndSignal) {
  ShellCommand C;
  C.Command = "exit 3";
  ShellResult R = runShell(C);
  EXPECT_FALSE(R.succeeded());
  EXPECT_EQ(R.ExitCode, 3);
  EXPECT_EQ(R.describe(), "exit code 3");

  C.Command = "kill -SEGV $$";
  R = runShell(C);
  EXPECT_FALSE(R.succeeded());
  EXPECT_EQ(R.Signal, SIGSEGV);
  EXPECT_NE(R.describe().find("signal 11"), std::string::npos);
}

TEST_F(ShellProcessTest, TimeoutKillsTheWholeProcessGroup) {
  ShellCommand C;
  // A child that would outlive its shell if only the shell were killed.
  C.Command = "sh -c 'echo $$ > " + path("pid") + "; exec sleep 30' & sleep 30";
  C.TimeoutSeconds = 0.3;
  ShellResult R = runShell(C);
  EXPECT_TRUE(R.TimedOut);
  EXPECT_FALSE(R.succeeded());
  EXPECT_LT(R.WallSeconds, 10.0);
  EXPECT_NE(R.describe(0.3).find("timed out after 0.3 s"), std::string::npos);

  int Child = std::atoi(read("pid").c_str());
  ASSERT_GT(Child, 0);
  bool Gone = false;
  for (int Try = 0; Try < 100 && !Gone; ++Try) {
    Gone = ::kill(Child, 0) != 0 || isZombie(Child);
    if (!Gone)
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  EXPECT_TRUE(Gone) << "the background child " << Child << " survived";
}

TEST_F(ShellProcessTest, MeasuresWallTime) {
  ShellCommand C;
  C.Command = "sleep 0.2";
  ShellResult R = runShell(C);
  EXPECT_TRUE(R.succeeded());
  EXPECT_GE(R.WallSeconds, 0.19);
  EXPECT_LT(R.WallSeconds, 5.0);
}

TEST_F(ShellProcessTest, SplitsSimpleCommandsLikeAShell) {
  using Words = std::vector<std::string>;
  EXPECT_EQ(splitSimpleCommand("/bin/app  in.txt\t--size=3"),
            (Words{"/bin/app", "in.txt", "--size=3"}));
  EXPECT_EQ(splitSimpleCommand("app 'two words' \"and three more\" x'y'z"),
            (Words{"app", "two words", "and three more", "xyz"}));
  EXPECT_EQ(splitSimpleCommand("app '' 'a$b'"), (Words{"app", "", "a$b"}));
  // Anything a shell would expand, redirect, chain or assign needs the shell.
  for (const char *NeedsShell :
       {"app > out", "app | wc", "a && b", "a; b", "app $HOME", "app \"$X\"",
        "app `x`", "app *.txt", "app ~/in", "X=1 app", "app # note",
        "app 'unterminated", "app \\ x", "(app)", "app {a,b}", "   ",
        "app\nother"})
    EXPECT_FALSE(splitSimpleCommand(NeedsShell)) << NeedsShell;
}

TEST_F(ShellProcessTest, LaunchesSimpleCommandsDirectly) {
  ShellCommand C;
  C.Command = "printf '%s|%s\\n' 'two words' x";
  C.StdoutPath = path("out");
  ShellResult R = runShell(C);
  EXPECT_TRUE(R.succeeded()) << R.describe();
  EXPECT_TRUE(R.Direct);
  EXPECT_EQ(read("out"), "two words|x\n");

  // Environment and exit codes as through the shell.
  C.Command = "sh -c 'echo $VARSIM_CONFIG; exit 7'";
  C.Environment = {{"VARSIM_CONFIG", "A,B"}};
  R = runShell(C);
  EXPECT_TRUE(R.Direct);
  EXPECT_EQ(R.ExitCode, 7);
  EXPECT_EQ(R.describe(), "exit code 7");
  EXPECT_EQ(read("out"), "A,B\n");

  // A signal is the program's own, not a shell's 128 + N.
  C.Command = "sh -c 'kill -TERM $$'";
  R = runShell(C);
  EXPECT_TRUE(R.Direct);
  EXPECT_EQ(R.Signal, SIGTERM);
  EXPECT_EQ(R.effectiveSignal(), SIGTERM);
}

TEST_F(ShellProcessTest, FallsBackToTheShellWhenNeeded) {
  ShellCommand C;
  C.StdoutPath = path("out");
  C.StderrPath = path("err");
  // Shell syntax.
  C.Command = "echo a | tr a b";
  ShellResult R = runShell(C);
  EXPECT_FALSE(R.Direct);
  EXPECT_TRUE(R.succeeded());
  EXPECT_EQ(read("out"), "b\n");
  // A builtin with no program of its own.
  C.Command = "cd /";
  R = runShell(C);
  EXPECT_FALSE(R.Direct);
  EXPECT_TRUE(R.succeeded()) << R.describe();
  // A program that is not found: the shell's message and code 127.
  C.Command = "no-such-program-varsim x";
  R = runShell(C);
  EXPECT_FALSE(R.Direct);
  EXPECT_EQ(R.ExitCode, 127);
  EXPECT_NE(read("err").find("not found"), std::string::npos);
  // A script without "#!": the shell runs it, as it would.
  std::string Script = path("script");
  {
    std::ofstream(Script) << "echo from-script\n";
  }
  llvm::sys::fs::setPermissions(Script, llvm::sys::fs::perms(0755));
  C.Command = Script;
  R = runShell(C);
  EXPECT_FALSE(R.Direct);
  EXPECT_TRUE(R.succeeded()) << R.describe();
  EXPECT_EQ(read("out"), "from-script\n");
  // Forced.
  C.Command = "true";
  C.Launch = LaunchMode::Shell;
  R = runShell(C);
  EXPECT_FALSE(R.Direct);
  EXPECT_TRUE(R.succeeded());
  // The shell's 128 + N is read as signal N.
  C.Command = "sh -c 'kill -SEGV $$'; exit $?";
  R = runShell(C);
  EXPECT_FALSE(R.Direct);
  EXPECT_EQ(R.ExitCode, 128 + SIGSEGV);
  EXPECT_EQ(R.effectiveSignal(), SIGSEGV);
}
