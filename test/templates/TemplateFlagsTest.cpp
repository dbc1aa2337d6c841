//===- test/templates/TemplateFlagsTest.cpp - Flags read at run time -----===//
//
// A feature constant or a class template's bool flag used only as the
// condition of `if constexpr` beside a policy: read at run time, so the
// function is a template over the policy only (FlagLowering.h).
//
//===----------------------------------------------------------------------===//

#include "test/templates/LoweringHarness.h"

#include "rewrite/DirectiveScanner.h"
#include "rewrite/FeatureSetup.h"
#include "rewrite/ProjectLayout.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <cstdio>
#include <optional>
#include <string>

using namespace varsim::rewrite;
using namespace varsim::rewrite::test;
using namespace varsim::rewrite::test::lowering;

namespace {

// The pieces both programs share: a cache that never hits (the third
// policy), the policy alias the features choose, and a main that feeds a
// fixed trace to Entry.
const std::string NoCacheClass = R"(template <class K> class NoCache {
public:
  explicit NoCache(std::size_t) {}
  bool access(const K &) { return false; }
  static const char *name() { return "none"; }
};
)";

const std::string CacheByPolicy = R"(#if defined(USE_LRU)
using Cache = LruCache<int>;
#elif defined(USE_FIFO)
using Cache = FifoCache<int>;
#else
using Cache = NoCache<int>;
#endif
)";

std::string mainFeeding(const std::string &Entry) {
  return R"(int main() {
  std::vector<int> Trace{1, 2, 3, 1, 4, 1, 2, 5, 1, 2, 3, 4, 5, 1};
  return )" +
         Entry + R"((Trace) % 5;
}
)";
}

const std::string PolicyOfThreeWithAFlag = R"(#include "caches.h"

)" + NoCacheClass + "\n" + CacheByPolicy +
                                           R"(
#ifdef STATS
constexpr bool kStats = true;
#else
constexpr bool kStats = false;
#endif

static int hits(const std::vector<int> &Trace) {
  Cache C(3);
  int N = 0;
  for (int K : Trace)
    N += C.access(K);
  if constexpr (kStats) {
    std::printf("%s: %d hits of %zu\n", Cache::name(), N, Trace.size());
  }
  return N;
}

)" + mainFeeding("hits");

// `if constexpr` on a feature constant that is only read (not a type, not
// a constant expression) becomes a run-time `if` through the constant's
// value function: the function is a template over the policy only, three
// instantiations, not six, and the flag's branch is a region of its own.
TEST(TemplateLowering, IfConstexprOnAFlagIsARunTimeIfBesideAPolicy) {
  tpl::LoweringResult R = expectLoweredEquivalent(
      {{"caches.h", Caches},
       {"main.cpp", PolicyOfThreeWithAFlag},
       {"model.xml",
        model({"STATS"}, "      <alt abstract=\"true\" mandatory=\"true\" "
                         "name=\"Policy\">\n"
                         "        <feature name=\"USE_LRU\"/>\n"
                         "        <feature name=\"USE_FIFO\"/>\n"
                         "        <feature name=\"USE_NONE\"/>\n"
                         "      </alt>\n")}},
      2);
  ASSERT_EQ(R.Files.size(), 1u);
  const std::string &Main = R.Files.begin()->second;
  EXPECT_NE(Main.find("template <class Cache> static int hits__varsim_t("),
            std::string::npos)
      << Main;
  EXPECT_EQ(Main.find("bool kStats>"), std::string::npos) << Main;
  EXPECT_NE(Main.find("if  (kStats__varsim_value())"), std::string::npos)
      << Main;
  EXPECT_NE(Main.find("hits__varsim_t< ::Cache__varsim_alt2>"),
            std::string::npos)
      << Main;
}

// A class template's bool flag bound to a feature constant and used only as
// the condition of `if constexpr` whose branches compile for either value
// (a metrics library's "normalize" flag): the flag is read at run time
// inside one instantiation, so the function using it is a template over
// the policy only (three instantiations, not six).
const std::string PolicyWithAClassTemplateFlag = R"(#include "caches.h"

#include <string>

)" + NoCacheClass + R"(

template <class C, bool Verbose> class Meter {
public:
  explicit Meter(std::size_t N) : Cache(N) {}
  int feed(const std::vector<int> &Trace) {
    int N = 0;
    for (int K : Trace)
      N += Cache.access(K);
    if constexpr (Verbose) {
      std::string Line = "hits ";
      Line += std::to_string(N);
      std::printf("%s\n", Line.c_str());
    } else {
      Quiet += N;
    }
    return N;
  }
  int Quiet = 0;

private:
  C Cache;
};

)" + CacheByPolicy + R"(
#ifdef VERBOSE
constexpr bool kVerbose = true;
#else
constexpr bool kVerbose = false;
#endif

static int run(const std::vector<int> &Trace) {
  Meter<Cache, kVerbose> M(3);
  int N = M.feed(Trace) + M.feed(Trace);
  std::printf("%s%s: %d (%d)\n", Cache::name(), kVerbose ? " verbose" : "", N,
              M.Quiet);
  return N;
}

)" + mainFeeding("run");

const char *PolicyModelWithVerbose = R"(<?xml version="1.0"?>
<featureModel>
  <struct>
    <and abstract="true" mandatory="true" name="Root">
      <alt abstract="true" mandatory="true" name="Policy">
        <feature name="USE_LRU"/>
        <feature name="USE_FIFO"/>
        <feature name="USE_NONE"/>
      </alt>
      <feature name="VERBOSE"/>
    </and>
  </struct>
</featureModel>
)";

TEST(TemplateLowering, ClassTemplateFlagIsARunTimeIf) {
  tpl::LoweringResult R =
      expectLoweredEquivalent({{"caches.h", Caches},
                               {"main.cpp", PolicyWithAClassTemplateFlag},
                               {"model.xml", PolicyModelWithVerbose}},
                              2);
  ASSERT_EQ(R.Files.size(), 1u);
  const std::string &Main = R.Files.begin()->second;
  EXPECT_NE(Main.find("if  (kVerbose__varsim_value())"), std::string::npos)
      << Main;
  EXPECT_NE(Main.find("static inline bool kVerbose__varsim_value(); "
                      "template <class C, bool Verbose> class Meter"),
            std::string::npos)
      << Main;
  EXPECT_NE(Main.find("Meter<Cache, false> M(3);"), std::string::npos) << Main;
  EXPECT_NE(Main.find("template <class Cache> static int run__varsim_t("),
            std::string::npos)
      << Main;
  EXPECT_EQ(Main.find("bool kVerbose>"), std::string::npos) << Main;
}

// The same flag where a branch names something of the policy (a dependent
// expression: varsim cannot tell that it compiles for the other value):
// the flag stays a template argument.
TEST(TemplateLowering, ClassTemplateFlagWithDependentBranchStaysATemplate) {
  std::string Text = PolicyWithAClassTemplateFlag;
  std::string From = "      Quiet += N;";
  Text.replace(Text.find(From), From.size(),
               "      Quiet += N + static_cast<int>(C::name()[0] == 'n');");
  tpl::LoweringResult R =
      expectLoweredEquivalent({{"caches.h", Caches},
                               {"main.cpp", Text},
                               {"model.xml", PolicyModelWithVerbose}},
                              2);
  ASSERT_EQ(R.Files.size(), 1u);
  const std::string &Main = R.Files.begin()->second;
  EXPECT_NE(Main.find("if constexpr (Verbose)"), std::string::npos) << Main;
  EXPECT_NE(Main.find("Meter<Cache, kVerbose> M(3);"), std::string::npos)
      << Main;
}

} // namespace
