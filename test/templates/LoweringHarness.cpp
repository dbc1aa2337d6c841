//===- test/templates/LoweringHarness.cpp - Template lowering tests -------===//

#include "test/templates/LoweringHarness.h"

#include "test/common/FeatureModels.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <algorithm>

namespace varsim::rewrite::test::lowering {
namespace {

unsigned countLines(llvm::StringRef S) {
  return static_cast<unsigned>(std::count(S.begin(), S.end(), '\n'));
}

} // namespace

std::string model(std::initializer_list<std::string> Names,
                  const std::string &Alternatives) {
  return varsim::test::optionalFeaturesModel(Names, Alternatives);
}

/// The lowering of P's project, as the rewriter runs it.
llvm::Expected<tpl::LoweringResult> lowerProject(const TempProject &P,
                                                 LoweringEnv &Env) {
  if (llvm::Error Err = varsim::test::scanProject(P.compileCommands(),
                                                  P.root() + "/model.xml", Env))
    return Err;
  return tpl::lowerTemplateVariability(
      {Env.Layout, *Env.Features, Env.Texts, 2, nullptr});
}

/// Compiles the .cpp files of Files (relative path -> text) in a new
/// directory with Defines and runs the program.
RunOutcome compileAndRun(const std::map<std::string, std::string> &Files,
                         const std::vector<std::string> &Defines) {
  llvm::SmallString<128> Dir;
  llvm::sys::fs::createUniqueDirectory("varsim-tpl-test", Dir);
  std::string Cmd = "c++ -std=c++17 -I" + std::string(Dir);
  for (const std::string &D : Defines)
    Cmd += " " + D;
  for (const auto &[Rel, Text] : Files) {
    std::string Path = std::string(Dir) + "/" + Rel;
    std::error_code EC;
    llvm::raw_fd_ostream OS(Path, EC);
    OS << Text;
    if (llvm::StringRef(Rel).ends_with(".cpp"))
      Cmd += " " + Path;
  }
  std::string Exe = std::string(Dir) + "/a.out";
  RunOutcome Build = shell(Cmd + " -o " + Exe + " 2>&1");
  RunOutcome R = Build.Exit == 0 ? shell(Exe) : Build;
  if (Build.Exit != 0)
    R.Stdout = "does not compile: " + Build.Stdout;
  llvm::sys::fs::remove_directories(Dir);
  return R;
}

/// Lowers Files directly and checks (1) line numbers are kept, (2) the
/// lowered sources behave as the originals in every configuration; then
/// rewrites them end to end and checks the simulator against every
/// variant. Returns the lowering for further checks.
tpl::LoweringResult
expectLoweredEquivalent(const std::map<std::string, std::string> &Files,
                        size_t ExpectedSites) {
  TempProject P(Files, /*Cxx=*/true);
  LoweringEnv Env;
  auto R = lowerProject(P, Env);
  if (!R) {
    ADD_FAILURE() << llvm::toString(R.takeError());
    return {};
  }
  EXPECT_EQ(R->Sites.size(), ExpectedSites);
  EXPECT_FALSE(R->Files.empty());

  std::map<std::string, std::string> Lowered;
  for (const auto &[Rel, Text] : Files) {
    std::string Abs = P.root() + "/" + Rel;
    auto It = R->Files.find(Abs);
    Lowered[Rel] = It == R->Files.end() ? Text : It->second;
    if (It == R->Files.end())
      continue;
    // Every original line is still there, on its own line number: the
    // generated dispatchers come after the last one.
    llvm::StringRef L(It->second);
    size_t Appended = L.find("// varsim: the feature switch of");
    llvm::StringRef Kept =
        Appended == llvm::StringRef::npos ? L : L.take_front(Appended);
    EXPECT_EQ(countLines(Kept), countLines(Text)) << Rel << ":\n" << L.str();
  }

  for (const auto &[Config, Defines] :
       P.configurations(P.root() + "/model.xml")) {
    RunOutcome Original = compileAndRun(Files, Defines);
    RunOutcome Low = compileAndRun(Lowered, Defines);
    EXPECT_EQ(Original.Exit, Low.Exit) << "configuration '" << Config << "'\n"
                                       << Low.Stdout;
    EXPECT_EQ(Original.Stdout, Low.Stdout)
        << "configuration '" << Config << "'";
  }

  std::string Err = P.rewrite();
  EXPECT_EQ(Err, "");
  if (!Err.empty())
    for (const auto &[File, Text] : R->Files)
      ADD_FAILURE() << "lowered " << File << ":\n" << Text;
  if (Err.empty()) {
    EXPECT_EQ(P.checkAllConfigurations(P.root() + "/model.xml"), "");
  }
  return std::move(*R);
}

std::string loweringError(const std::map<std::string, std::string> &Files) {
  TempProject P(Files, /*Cxx=*/true);
  LoweringEnv Env;
  auto R = lowerProject(P, Env);
  if (R)
    return "";
  return llvm::toString(R.takeError());
}

void expectLeftToLaterStages(const std::map<std::string, std::string> &Files) {
  TempProject P(Files, /*Cxx=*/true);
  LoweringEnv Env;
  auto R = lowerProject(P, Env);
  ASSERT_TRUE(static_cast<bool>(R)) << llvm::toString(R.takeError());
  EXPECT_TRUE(R->Files.empty());
  EXPECT_TRUE(R->Sites.empty());
  std::string Err = P.rewrite();
  if (Err.empty())
    EXPECT_EQ(P.checkAllConfigurations(P.root() + "/model.xml"), "");
  else
    EXPECT_NE(Err.find("main.cpp:"), std::string::npos) << Err;
}

const char *Caches = R"(#include <algorithm>
#include <optional>
#include <cstddef>
#include <cstdio>
#include <deque>
#include <vector>

template <class K> class LruCache {
public:
  explicit LruCache(std::size_t Cap) : Cap(Cap) {}
  bool access(const K &Key) {
    auto It = std::find(Keys.begin(), Keys.end(), Key);
    bool Hit = It != Keys.end();
    if (Hit)
      Keys.erase(It);
    else if (Keys.size() == Cap)
      Keys.pop_back();
    Keys.insert(Keys.begin(), Key);
    return Hit;
  }
  static const char *name() { return "lru"; }

private:
  std::size_t Cap;
  std::vector<K> Keys;
};

template <class K> class FifoCache {
public:
  explicit FifoCache(std::size_t Cap) : Cap(Cap) {}
  bool access(const K &Key) {
    if (std::find(Keys.begin(), Keys.end(), Key) != Keys.end())
      return true;
    if (Keys.size() == Cap)
      Keys.pop_front();
    Keys.push_back(Key);
    return false;
  }
  static const char *name() { return "fifo"; }

private:
  std::size_t Cap;
  std::deque<K> Keys;
};
)";

} // namespace varsim::rewrite::test::lowering
