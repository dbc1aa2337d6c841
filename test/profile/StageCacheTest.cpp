//===- test/profile/StageCacheTest.cpp ------------------------------------===//
//
// Stage keys change with what a stage reads, and the cache remembers them
// across processes (a file in OUT), forgetting a stage that is re-run.
//
//===----------------------------------------------------------------------===//

#include "profile/StageCache.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

using namespace varsim::profile;

namespace {

std::string tempDir() {
  llvm::SmallString<128> Dir;
  EXPECT_FALSE(llvm::sys::fs::createUniqueDirectory("stagecache", Dir));
  return std::string(Dir);
}

void writeFile(const std::string &Path, llvm::StringRef Text) {
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC);
  ASSERT_FALSE(EC);
  OS << Text;
}

TEST(StageKey, FramingAndContentMatter) {
  EXPECT_NE(StageKey().add("ab").add("c").hex(),
            StageKey().add("a").add("bc").hex());
  EXPECT_EQ(StageKey().add("x").hex(), StageKey().add("x").hex());
  std::string Dir = tempDir();
  std::string F = Dir + "/a.c";
  writeFile(F, "int a;");
  std::string K1 = StageKey().addFile(F).hex();
  writeFile(F, "int b;");
  EXPECT_NE(K1, StageKey().addFile(F).hex());
  EXPECT_NE(StageKey().addFile(Dir + "/missing").hex(), K1);
  llvm::sys::fs::remove_directories(Dir);
}

TEST(StageKey, TreeSeesFilesTheFilterAcceptsOutsideSkippedDirs) {
  std::string Dir = tempDir();
  llvm::sys::fs::create_directories(Dir + "/src");
  llvm::sys::fs::create_directories(Dir + "/out");
  writeFile(Dir + "/src/a.c", "1");
  writeFile(Dir + "/notes.md", "1");
  auto IsC = [](llvm::StringRef N) { return N.ends_with(".c"); };
  std::vector<std::string> Skip = {Dir + "/out"};
  std::string K = StageKey().addTree(Dir, IsC, Skip).hex();
  writeFile(Dir + "/notes.md", "2"); // Filtered out.
  writeFile(Dir + "/out/b.c", "2");  // In a skipped directory.
  EXPECT_EQ(K, StageKey().addTree(Dir, IsC, Skip).hex());
  writeFile(Dir + "/src/new.c", "2");
  EXPECT_NE(K, StageKey().addTree(Dir, IsC, Skip).hex());
  llvm::sys::fs::remove_directories(Dir);
}

TEST(StageCache, RemembersAcrossInstancesAndForgets) {
  std::string Dir = tempDir();
  {
    StageCache C(Dir);
    EXPECT_FALSE(C.upToDate("rewrite", "k1"));
    ASSERT_FALSE(bool(C.record("rewrite", "k1")));
    ASSERT_FALSE(bool(C.record("run", "k2")));
  }
  StageCache C(Dir);
  EXPECT_TRUE(C.upToDate("rewrite", "k1"));
  EXPECT_FALSE(C.upToDate("rewrite", "k9"));
  ASSERT_FALSE(bool(C.invalidate("run")));
  EXPECT_FALSE(StageCache(Dir).upToDate("run", "k2"));
  // A corrupt file means "nothing is known", not an error.
  writeFile(Dir + "/stages.json", "{not json");
  EXPECT_FALSE(StageCache(Dir).upToDate("rewrite", "k1"));
  llvm::sys::fs::remove_directories(Dir);
}

} // namespace
