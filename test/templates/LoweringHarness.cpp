//===- test/templates/LoweringHarness.cpp - Template lowering tests -------===//

#include "test/templates/LoweringHarness.h"

#include "test/common/FeatureModels.h"
#include "test/common/LoweringChecks.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <algorithm>

namespace varsim::rewrite::test::lowering {
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

  // Every original line is still there, on its own line number: the
  // generated dispatchers come after the last one.
  expectLoweringKeepsBehaviour(
      P, Files, R->Files, /*Cxx=*/true, [](llvm::StringRef L) {
        return L.find("// varsim: the feature switch of");
      });
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
