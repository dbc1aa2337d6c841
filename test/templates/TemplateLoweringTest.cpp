//===- test/templates/TemplateLoweringTest.cpp - Template variability -----===//
//
// Small C++ projects whose features select a template argument, a trait
// class or a constant (used in `if constexpr`, as the selector of a
// specialization). Each is
//   - lowered directly (lowerTemplateVariability): the lowered texts keep
//     the original's line numbers, and compiled with the -D flags of every
//     valid configuration they behave as the original variant;
//   - rewritten end to end (rewriteProject with the lowering hooked in),
//     the simulator built and compared with every variant.
// Unsupported patterns are refused with a located error naming them
// (TemplateLoweringLimitsTest.cpp); flags read at run time are in
// TemplateFlagsTest.cpp; the shared checks in LoweringHarness.h.
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

using namespace varsim::rewrite;
using namespace varsim::rewrite::test;
using namespace varsim::rewrite::test::lowering;

namespace {

const char *PolicyByIfdef = R"(#include "caches.h"

#ifdef USE_LRU
using Cache = LruCache<int>;
#else
using Cache = FifoCache<int>;
#endif

static int hits(const std::vector<int> &Trace, std::size_t Capacity = 3) {
  Cache C(Capacity);
  int N = 0;
  for (int K : Trace)
    N += C.access(K);
  std::printf("%s: %d hits\n", Cache::name(), N);
  return N;
}

int main() {
  std::vector<int> Trace{1, 2, 3, 1, 4, 1, 2, 5, 1, 2, 3, 4, 5, 1};
  int H = hits(Trace);
#ifdef VERBOSE
  std::printf("trace of %zu keys\n", Trace.size());
#endif
  return H % 5;
}
)";

TEST(TemplateLowering, PolicyChosenByIfdef) {
  tpl::LoweringResult R =
      expectLoweredEquivalent({{"caches.h", Caches},
                               {"main.cpp", PolicyByIfdef},
                               {"model.xml", model({"USE_LRU", "VERBOSE"})}},
                              1);
  ASSERT_EQ(R.Sites.size(), 1u);
  EXPECT_EQ(R.Sites[0].Line, 3u);
  EXPECT_EQ(R.Sites[0].Idiom, "policy");
  EXPECT_EQ(R.Sites[0].Features, "USE_LRU");
  ASSERT_EQ(R.Files.size(), 1u);
  const std::string &Main = R.Files.begin()->second;
  // The function is a template over the policy on its own line, and the
  // dispatcher holds the site's #if group again.
  EXPECT_NE(Main.find("template <class Cache> static int hits__varsim_t("),
            std::string::npos)
      << Main;
  EXPECT_NE(Main.find("return hits__varsim_t< ::Cache__varsim_alt0>("),
            std::string::npos)
      << Main;
  EXPECT_NE(Main.find("using Cache__varsim_alt1 = FifoCache<int>;"),
            std::string::npos);
}

const char *ConstantsAndTraits = R"(#include <cstdio>

namespace app {
template <bool On> struct Logger {
  static void log(const char *M) { std::printf("log: %s\n", M); }
};
template <> struct Logger<false> {
  static void log(const char *) {}
};

#ifdef LOGGING
constexpr bool kLogging = true;
#else
constexpr bool kLogging = false;
#endif

#if defined(WIDE)
struct Traits {
  using Value = long long;
  static constexpr int kScale = 1000;
};
#else
struct Traits {
  using Value = int;
  static constexpr int kScale = 10;
};
#endif

int compute(int X) {
  Logger<kLogging>::log("compute");
  Traits::Value V = X;
  if constexpr (app::kLogging) {
    std::printf("x=%d\n", X);
  } else {
    V += 1;
  }
  return static_cast<int>(V * Traits::kScale % 97);
}

int twice(int X) { return 2 * compute(X); }
} // namespace app

int main() {
  int R = app::twice(7);
  std::printf("%d\n", R);
  return R % 3;
}
)";

TEST(TemplateLowering, FeatureConstantTraitClassAndIfConstexpr) {
  tpl::LoweringResult R =
      expectLoweredEquivalent({{"main.cpp", ConstantsAndTraits},
                               {"model.xml", model({"LOGGING", "WIDE"})}},
                              2);
  ASSERT_EQ(R.Files.size(), 1u);
  const std::string &Main = R.Files.begin()->second;
  // A type named through the trait class is a dependent name now.
  EXPECT_NE(Main.find("typename Traits::Value V = X;"), std::string::npos)
      << Main;
  // The qualified use of the constant names the template parameter.
  EXPECT_NE(Main.find("if constexpr (kLogging)"), std::string::npos);
  // `twice` only calls compute: it stays a plain function.
  EXPECT_EQ(Main.find("twice__varsim_t"), std::string::npos);
}

const char *HeaderConstant = R"(#ifndef SCALE_H
#define SCALE_H
#ifdef BIG
constexpr int kFactor = 100;
#else
constexpr int kFactor = 2;
#endif
inline int scaled(int X) { return X * kFactor; }
int other(int X);
#endif
)";

TEST(TemplateLowering, InlineFunctionInAHeaderOfTwoUnits) {
  expectLoweredEquivalent(
      {{"scale.h", HeaderConstant},
       {"other.cpp", "#include \"scale.h\"\nint other(int X) { return "
                     "scaled(X) + 1; }\n"},
       {"main.cpp", "#include \"scale.h\"\n#include <cstdio>\nint main() {\n"
                    "  std::printf(\"%d %d\\n\", scaled(3), other(4));\n"
                    "  return 0;\n}\n"},
       {"model.xml", model({"BIG"})}},
      1);
}

const char *AlternativeGroup = R"(#include <cstdio>
enum class Codec { Raw, Rle, Delta };
template <Codec C> struct Encoder {
  static int size(int N) { return N; }
};
template <> struct Encoder<Codec::Rle> {
  static int size(int N) { return N / 3 + 1; }
};
template <> struct Encoder<Codec::Delta> {
  static int size(int N) { return N / 2; }
};
#if defined(RLE)
constexpr Codec kCodec = Codec::Rle;
#elif defined(DELTA)
constexpr Codec kCodec = Codec::Delta;
#else
constexpr Codec kCodec = Codec::Raw;
#endif
int encodedSize(int N) { return Encoder<kCodec>::size(N); }
int main() {
  std::printf("%d\n", encodedSize(90));
  return 0;
}
)";

TEST(TemplateLowering, SpecializationSelectedByAnEnumConstant) {
  const char *Alt = "      <alt name=\"Codecs\">\n"
                    "        <feature name=\"RLE\"/>\n"
                    "        <feature name=\"DELTA\"/>\n"
                    "        <feature name=\"RAW\"/>\n"
                    "      </alt>\n";
  tpl::LoweringResult R = expectLoweredEquivalent(
      {{"main.cpp", AlternativeGroup}, {"model.xml", model({}, Alt)}}, 1);
  ASSERT_EQ(R.Sites.size(), 1u);
  EXPECT_EQ(R.Sites[0].Idiom, "feature constant");
  EXPECT_EQ(R.Sites[0].Features, "DELTA,RLE");
}

const char *PolicyMacro = R"(#include <cstdio>
struct Jacobi {
  static const char *name() { return "jacobi"; }
  static int sweep(int X) { return X / 2 + 1; }
};
struct GaussSeidel {
  static const char *name() { return "gauss-seidel"; }
  static int sweep(int X) { return X / 3 + 2; }
};
template <class Smoother, int Sweeps> struct Solver {
  static int solve(int X) {
    for (int I = 0; I < Sweeps; ++I)
      X = Smoother::sweep(X);
    return X;
  }
};
#ifdef GS
#define SMOOTHER GaussSeidel
#define SWEEPS 3
#else
#define SMOOTHER Jacobi
#define SWEEPS 5
#endif
int relax(int X) {
  std::printf("%s\n", SMOOTHER::name());
  return Solver<SMOOTHER, 4>::solve(X) + SWEEPS;
}
int main() {
  std::printf("%d\n", relax(1000));
  return SWEEPS;
}
)";

TEST(TemplateLowering, PolicyMacroAsTemplateArgument) {
  // SMOOTHER names a type: lowered. SWEEPS stands for a value: left to the
  // #if rewriter (a run-time expression), also used in main.
  tpl::LoweringResult R = expectLoweredEquivalent(
      {{"main.cpp", PolicyMacro}, {"model.xml", model({"GS"})}}, 1);
  ASSERT_EQ(R.Sites.size(), 1u);
  EXPECT_EQ(R.Sites[0].Idiom, "policy macro");
  ASSERT_EQ(R.Files.size(), 1u);
  const std::string &Main = R.Files.begin()->second;
  EXPECT_EQ(Main.find("#define SMOOTHER"), std::string::npos) << Main;
  EXPECT_NE(Main.find("#define SWEEPS 3"), std::string::npos) << Main;
  EXPECT_NE(Main.find("return relax__varsim_t< GaussSeidel>("),
            std::string::npos)
      << Main;
}

const char *CrtpPerFeature = R"(#include <cstdio>
template <class D> struct Stage {
  int run(int X) { return static_cast<D &>(*this).step(X) + 1; }
};
template <class D> struct Counted {
  int Calls = 0;
  void count() { ++Calls; }
};
#ifdef COUNT
struct Decoder : Stage<Decoder>, Counted<Decoder> {
  explicit Decoder(int S) : Scale(S) {}
  int step(int X) { count(); return X * Scale; }
  int calls() const { return Calls; }
  int Scale;
};
#else
struct Decoder : Stage<Decoder> {
  explicit Decoder(int S) : Scale(S) {}
  int step(int X) { return X * Scale; }
  int calls() const { return -1; }
  int Scale;
};
#endif
static int decodeAll(int N) {
  Decoder D(3);
  int Sum = 0;
  for (int I = 0; I < N; ++I)
    Sum += D.run(I);
  std::printf("calls %d\n", D.calls());
  return Sum;
}
int main() {
  std::printf("%d\n", decodeAll(5));
  return 0;
}
)";

TEST(TemplateLowering, CrtpClassWithMixinPerFeature) {
  tpl::LoweringResult R = expectLoweredEquivalent(
      {{"main.cpp", CrtpPerFeature}, {"model.xml", model({"COUNT"})}}, 1);
  ASSERT_EQ(R.Files.size(), 1u);
  const std::string &Main = R.Files.begin()->second;
  // The class, its CRTP bases and its constructor are renamed per branch.
  EXPECT_NE(Main.find("struct Decoder__varsim_alt0 : Stage<Decoder__varsim_"
                      "alt0>, Counted<Decoder__varsim_alt0> {"),
            std::string::npos)
      << Main;
  EXPECT_NE(Main.find("explicit Decoder__varsim_alt1(int S)"),
            std::string::npos)
      << Main;
  // A first declaration: `decodeAll` is declared on the template's line.
  EXPECT_NE(Main.find("static int decodeAll(int N); template <class Decoder> "
                      "static int decodeAll__varsim_t(int N) {"),
            std::string::npos)
      << Main;
}

const char *NestedUses = R"(#include "caches.h"
#ifdef USE_LRU
using Cache = LruCache<int>;
#else
using Cache = FifoCache<int>;
#endif
static int probe(Cache &C, int K) { return C.access(K) ? 1 : 0; }
static int hits(const std::vector<int> &Trace) {
  Cache C(2);
  int N = 0;
  for (int K : Trace)
    N += probe(C, K);
  return N;
}
int main() {
  int H = hits({1, 2, 1, 3, 1, 2, 4, 2});
  std::printf("%d\n", H);
  return H;
}
)";

TEST(TemplateLowering, CallsBetweenLoweredFunctionsDispatchOnce) {
  // probe's signature names the site: left to the later stages.
  expectLeftToLaterStages({{"caches.h", Caches},
                           {"main.cpp", NestedUses},
                           {"model.xml", model({"USE_LRU"})}});

  std::string Helper = NestedUses;
  Helper.replace(Helper.find("static int probe(Cache &C, int K) { return "
                             "C.access(K) ? 1 : 0; }"),
                 std::string("static int probe(Cache &C, int K) { return "
                             "C.access(K) ? 1 : 0; }")
                     .size(),
                 "static int probe(int K) { static Cache C(2); return "
                 "C.access(K); }");
  Helper.replace(Helper.find("probe(C, K)"), 11, "probe(K)");
  tpl::LoweringResult R =
      expectLoweredEquivalent({{"caches.h", Caches},
                               {"main.cpp", Helper},
                               {"model.xml", model({"USE_LRU"})}},
                              1);
  ASSERT_EQ(R.Files.size(), 1u);
  const std::string &Main = R.Files.begin()->second;
  EXPECT_NE(Main.find("N += probe__varsim_t<Cache>(K);"), std::string::npos)
      << Main;
}

TEST(TemplateLowering, NothingToLowerLeavesTheProjectAlone) {
  TempProject P({{"main.cpp", "#include <cstdio>\nint main() {\n#ifdef A\n"
                              "  std::puts(\"a\");\n#endif\n  return 0;\n}\n"},
                 {"model.xml", model({"A"})}},
                true);
  LoweringEnv Env;
  auto R = lowerProject(P, Env);
  ASSERT_TRUE(static_cast<bool>(R)) << llvm::toString(R.takeError());
  EXPECT_TRUE(R->Files.empty());
  EXPECT_TRUE(R->Sites.empty());
}

} // namespace
