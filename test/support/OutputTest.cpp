//===- test/support/OutputTest.cpp ----------------------------------------===//

#include "support/Output.h"
#include "support/Diagnostic.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include "gtest/gtest.h"

#include <csignal>
#include <cstdio>
#include <cstring>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace varsim;
namespace fs = llvm::sys::fs;

namespace {

class OutputTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(fs::createUniqueDirectory("varsim-output-test", Dir));
  }
  void TearDown() override { fs::remove_directories(Dir); }
  std::string path(llvm::StringRef Name) {
    llvm::SmallString<256> P(Dir);
    llvm::sys::path::append(P, Name);
    return std::string(P);
  }
  static std::string read(llvm::StringRef Path) {
    auto B = llvm::MemoryBuffer::getFile(Path);
    return B ? (*B)->getBuffer().str() : "(unreadable)";
  }
  std::vector<std::string> list() {
    std::vector<std::string> Names;
    std::error_code EC;
    for (fs::directory_iterator It(Dir, EC), End; It != End && !EC;
         It.increment(EC))
      Names.push_back(llvm::sys::path::filename(It->path()).str());
    std::sort(Names.begin(), Names.end());
    return Names;
  }
  void write(llvm::StringRef Name, llvm::StringRef Text) {
    ASSERT_FALSE(bool(writeFileAtomically(path(Name), [&](auto &OS) {
      OS << Text;
      return llvm::Error::success();
    })));
  }
  llvm::SmallString<256> Dir;
};

TEST_F(OutputTest, WritesWhole) {
  write("m.json", "{}\n");
  EXPECT_EQ(read(path("m.json")), "{}\n");
  EXPECT_EQ(list(), std::vector<std::string>{"m.json"});
}

// A full disk, simulated by a file-size limit (as `ulimit -f` does): the
// earlier file stays, no temporary is left, the error says why. Run in a
// child, since the limit and SIGXFSZ are per process.
TEST_F(OutputTest, AFullDiskLeavesTheEarlierFileAndNoTemporary) {
  write("m.json", "old\n");
  pid_t Pid = ::fork();
  ASSERT_GE(Pid, 0);
  if (Pid == 0) {
    std::signal(SIGXFSZ, SIG_IGN);
    struct rlimit L = {4096, 4096};
    ::setrlimit(RLIMIT_FSIZE, &L);
    llvm::Error E = writeFileAtomically(path("m.json"), [](auto &OS) {
      for (int I = 0; I < 100000; ++I)
        OS << "0123456789";
      return llvm::Error::success();
    });
    std::string Message = E ? errorToString(std::move(E)) : "";
    ::_exit(Message.find("m.json: error: cannot write: File too large") !=
                    std::string::npos
                ? 0
                : 1);
  }
  int Status = 0;
  ::waitpid(Pid, &Status, 0);
  ASSERT_TRUE(WIFEXITED(Status));
  EXPECT_EQ(WEXITSTATUS(Status), 0) << "no located 'File too large' error";
  EXPECT_EQ(read(path("m.json")), "old\n");
  EXPECT_EQ(list(), std::vector<std::string>{"m.json"});
}

TEST_F(OutputTest, AFifoIsWrittenNotReplaced) {
  // As `-o /dev/null` is: a rename over the node would replace it.
  std::string Fifo = path("pipe");
  ASSERT_EQ(::mkfifo(Fifo.c_str(), 0600), 0);
  pid_t Reader = ::fork();
  ASSERT_GE(Reader, 0);
  if (Reader == 0) {
    // The child reads the FIFO to its end, so that the writer can open it.
    FILE *F = std::fopen(Fifo.c_str(), "r");
    char Buf[64];
    size_t N = F ? std::fread(Buf, 1, sizeof Buf, F) : 0;
    _exit(N == 3 && std::memcmp(Buf, "{}\n", 3) == 0 ? 0 : 1);
  }
  write("pipe", "{}\n");
  int Status = 0;
  ASSERT_EQ(::waitpid(Reader, &Status, 0), Reader);
  EXPECT_TRUE(WIFEXITED(Status) && WEXITSTATUS(Status) == 0);
  fs::file_status S;
  ASSERT_FALSE(fs::status(Fifo, S));
  EXPECT_EQ(S.type(), fs::file_type::fifo_file);
  EXPECT_EQ(list(), std::vector<std::string>{"pipe"});
}

TEST_F(OutputTest, ALinkKeepsPointingAtItsNewlyWrittenTarget) {
  write("target.json", "old\n");
  ASSERT_FALSE(fs::create_link("target.json", path("link.json")));
  write("link.json", "new\n");
  EXPECT_TRUE(fs::is_symlink_file(path("link.json")));
  EXPECT_EQ(read(path("target.json")), "new\n");
  EXPECT_EQ(list(), (std::vector<std::string>{"link.json", "target.json"}));
}

TEST_F(OutputTest, RefusesADirectory) {
  ASSERT_FALSE(fs::create_directory(path("d")));
  llvm::Error E = writeFileAtomically(
      path("d"), [](auto &) { return llvm::Error::success(); });
  EXPECT_NE(errorToString(std::move(E)).find("d: error: is a directory"),
            std::string::npos);
}

TEST_F(OutputTest, ASecondLockFailsAtOnceAndNamesTheHolder) {
  auto First = OutputLock::acquire(path("out"));
  ASSERT_TRUE(bool(First));
  pid_t Pid = ::fork();
  ASSERT_GE(Pid, 0);
  if (Pid == 0) { // flock is per open file description: another process.
    auto Second = OutputLock::acquire(path("out"));
    std::string E = Second ? "" : errorToString(Second.takeError());
    ::_exit(E.find("another varsim (process " + std::to_string(::getppid())) !=
                    std::string::npos
                ? 0
                : 1);
  }
  int Status = 0;
  ::waitpid(Pid, &Status, 0);
  EXPECT_TRUE(WIFEXITED(Status) && WEXITSTATUS(Status) == 0);
  First->reset();
  EXPECT_FALSE(fs::exists(path("out.lock")));
  auto Again = OutputLock::acquire(path("out"));
  EXPECT_TRUE(bool(Again));
}

TEST_F(OutputTest, ReplaceDirectoryKeepsOneWholeOutput) {
  ASSERT_FALSE(fs::create_directories(path("out")));
  write("out/old.txt", "old");
  ASSERT_FALSE(fs::create_directories(path("out.partial")));
  write("out.partial/new.txt", "new");
  ASSERT_FALSE(bool(replaceDirectory(path("out.partial"), path("out"))));
  EXPECT_EQ(list(), std::vector<std::string>{"out"});
  EXPECT_EQ(read(path("out/new.txt")), "new");
  EXPECT_FALSE(fs::exists(path("out/old.txt")));
}

TEST_F(OutputTest, StashPutsTheEarlierFilesBackUnlessCommitted) {
  write("run-1.json", "old 1");
  write("index.json", "old index");
  write("notes.txt", "kept");
  auto Pick = [](llvm::StringRef N) {
    return N.starts_with("run-") || N == "index.json";
  };
  {
    auto S = StashedFiles::stash(Dir, Pick);
    ASSERT_TRUE(bool(S));
    EXPECT_EQ((*S)->size(), 2u);
    EXPECT_EQ(list(), (std::vector<std::string>{".previous", "notes.txt"}));
    write("run-1.json", "new 1");
    write("run-2.json", "new 2"); // The run failed after this.
  }
  EXPECT_EQ(list(), (std::vector<std::string>{"index.json", "notes.txt",
                                              "run-1.json"}));
  EXPECT_EQ(read(path("run-1.json")), "old 1");
  {
    auto S = StashedFiles::stash(Dir, Pick);
    ASSERT_TRUE(bool(S));
    write("run-1.json", "new 1");
    (*S)->commit();
  }
  EXPECT_EQ(list(), (std::vector<std::string>{"notes.txt", "run-1.json"}));
  EXPECT_EQ(read(path("run-1.json")), "new 1");
}

TEST_F(OutputTest, ResolvedPathFollowsLinksOfMissingPaths) {
  ASSERT_FALSE(fs::create_directories(path("src")));
  ASSERT_FALSE(fs::create_link(path("src"), path("link")));
  llvm::SmallString<256> RealSrc;
  ASSERT_FALSE(fs::real_path(path("src"), RealSrc));
  EXPECT_EQ(resolvedPath(path("link") + "/out/x"),
            std::string(RealSrc) + "/out/x");
  EXPECT_TRUE(isPathUnder(resolvedPath(path("link") + "/out"), RealSrc));
  EXPECT_FALSE(isPathUnder("/a/bc", "/a/b"));
}

} // namespace
