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
// Unsupported patterns are refused with a located error naming them.
//
//===----------------------------------------------------------------------===//

#include "test/common/FeatureModels.h"
#include "test/common/FirstPasses.h"
#include "test/common/RewriteHarness.h"

#include "rewrite/DirectiveScanner.h"
#include "rewrite/FeatureSetup.h"
#include "rewrite/ProjectLayout.h"
#include "rewrite/templates/TemplateLowering.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <cstdio>
#include <optional>
#include <sys/wait.h>

using namespace varsim::rewrite;
using namespace varsim::rewrite::test;
namespace tpl = varsim::rewrite::templates;

namespace {

std::string model(std::initializer_list<std::string> Names,
                  const std::string &Alternatives = "") {
  return varsim::test::optionalFeaturesModel(Names, Alternatives);
}

/// What the lowering reads (it must outlive the call).
using LoweringEnv = varsim::test::ScannedProject;

/// The lowering of P's project, as the rewriter runs it.
llvm::Expected<tpl::LoweringResult> lowerProject(const TempProject &P,
                                                 LoweringEnv &Env) {
  if (llvm::Error Err = varsim::test::scanProject(P.compileCommands(),
                                                  P.root() + "/model.xml", Env))
    return Err;
  return tpl::lowerTemplateVariability(
      {Env.Layout, *Env.Features, Env.Texts, 2, nullptr});
}

unsigned countLines(llvm::StringRef S) {
  return static_cast<unsigned>(std::count(S.begin(), S.end(), '\n'));
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

/// A site used where no function can become a template over it is left to
/// the later stages: the lowering changes nothing, and the whole rewrite
/// either makes a simulator that behaves as every variant (the file-scope
/// pass made variants of what uses it) or refuses with an error located in
/// main.cpp.
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

const char *RuntimeConstants = R"(#ifndef CONFIG_HPP
#define CONFIG_HPP
#ifdef TRACE
inline constexpr bool kTrace = true;
#else
inline constexpr bool kTrace = false;
#endif
namespace app {
#ifdef FAST
constexpr int kStep = 8;
#else
constexpr int kStep = 2;
#endif
} // namespace app
#endif
)";

const char *RuntimeConstantsMain = R"(#include "config.hpp"
#include <cstdio>
class Counter {
public:
  int add(int X) {
    if constexpr (kTrace)
      std::printf("add %d\n", X);
    Total += X * app::kStep;
    return Total;
  }
  int total() const { return Total + (kTrace ? 1 : 0); }

private:
  int Total = 0;
};
int main() {
  Counter C;
  for (int I = 0; I < 3; ++I)
    C.add(I);
  const int Step = app::kStep;
  std::printf("%d %d\n", C.total(), Step);
  return 0;
}
)";

TEST(TemplateLowering, ConstantsReadAtRunTimeInMemberFunctionsAndMain) {
  tpl::LoweringResult R =
      expectLoweredEquivalent({{"config.hpp", RuntimeConstants},
                               {"main.cpp", RuntimeConstantsMain},
                               {"model.xml", model({"TRACE", "FAST"})}},
                              2);
  bool Plain = false;
  for (const auto &[File, Text] : R.Files)
    if (llvm::StringRef(File).ends_with("main.cpp"))
      Plain = llvm::StringRef(Text).contains("if  (kTrace__varsim_value())");
  EXPECT_TRUE(Plain) << "the if constexpr in a member function becomes a "
                        "plain if on the value function";
}

TEST(TemplateLowering, UseInASignatureIsLeftToLaterStages) {
  expectLeftToLaterStages(
      {{"main.cpp", "#ifdef WIDE\nusing Num = long;\n#else\nusing Num = "
                    "short;\n#endif\nstatic Num twice(Num X) { return 2 * X; "
                    "}\nint main() { return twice(2) == 4 ? 0 : 1; }\n"},
       {"model.xml", model({"WIDE"})}});
}

TEST(TemplateLowering, UseInAMemberIsLeftToLaterStages) {
  expectLeftToLaterStages(
      {{"caches.h", Caches},
       {"main.cpp", "#include \"caches.h\"\n#ifdef USE_LRU\nusing Cache = "
                    "LruCache<int>;\n#else\nusing Cache = FifoCache<int>;\n"
                    "#endif\nstruct Server {\n  Cache C{4};\n};\n"
                    "int main() { Server S; return S.C.access(1); }\n"},
       {"model.xml", model({"USE_LRU"})}});
}

TEST(TemplateLowering, ConstantNeededAsAConstantInAMemberFunctionIsLeft) {
  expectLeftToLaterStages(
      {{"main.cpp", "#ifdef FAST\nconstexpr int kN = 8;\n#else\nconstexpr "
                    "int kN = 2;\n#endif\nstruct S {\n  int f() { int A[kN] = "
                    "{}; return A[0] + kN; }\n};\nint main() { return "
                    "S().f(); }\n"},
       {"model.xml", model({"FAST"})}});
}

TEST(TemplateLowering, ConstantNeededAsAConstantInMainIsLeft) {
  expectLeftToLaterStages(
      {{"main.cpp", "#ifdef FAST\nconstexpr int kN = 8;\n#else\nconstexpr "
                    "int kN = 2;\n#endif\nint main() { static_assert(kN > 0); "
                    "return kN; }\n"},
       {"model.xml", model({"FAST"})}});
}

TEST(TemplateLowering, ClassTemplatePerFeatureIsALocatedError) {
  std::string Err = loweringError(
      {{"main.cpp", "#ifdef FAST\ntemplate <class T> struct Box { T V; };\n"
                    "#else\ntemplate <class T> struct Box { T V, W; };\n"
                    "#endif\nint main() { Box<int> B{}; return B.V; }\n"},
       {"model.xml", model({"FAST"})}});
  EXPECT_NE(Err.find("main.cpp:2:27: error: 'Box' is a class template defined "
                     "per feature"),
            std::string::npos)
      << Err;
  // The hint names why (other types per configuration), not "select a
  // class instead": a class template per feature is what the user has.
  EXPECT_NE(Err.find("its instantiations are other types in each "
                     "configuration"),
            std::string::npos)
      << Err;
}

// The parses of the template pass read the texts earlier passes replaced
// (LoweringInput::Overlay): here an earlier pass widened lines 1 and 9, so
// every later offset of the file moved.
TEST(TemplateLowering, ParsesSeeTheOverlayOfEarlierPasses) {
  const char *Original = R"(#include <cstdio>
struct Fast { static int run(int n) { return n * 2; } };
struct Slow { static int run(int n) { return n + 1; } };
#ifdef FAST
using Engine = Fast;
#else
using Engine = Slow;
#endif
int compute(int n) { return Engine::run(n); }
int main() { std::printf("%d\n", compute(20)); return 0; }
)";
  std::string Overlaid = Original;
  Overlaid.insert(Overlaid.find('\n'), " /* an earlier pass was here */");
  size_t Compute = Overlaid.find("int compute");
  Overlaid.insert(Compute, "/* and here */ ");
  TempProject P({{"main.cpp", Original}, {"model.xml", model({"FAST"})}},
                /*Cxx=*/true);
  LoweringEnv Env;
  auto Plain = lowerProject(P, Env); // Sets up Env; the overlay follows.
  ASSERT_TRUE(static_cast<bool>(Plain)) << llvm::toString(Plain.takeError());
  std::string Main = P.root() + "/main.cpp";
  Env.Texts[Main] = Overlaid;
  std::map<std::string, std::string> Overlay{{Main, Overlaid}};
  auto R = tpl::lowerTemplateVariability(
      {Env.Layout, *Env.Features, Env.Texts, 2, nullptr, &Overlay});
  ASSERT_TRUE(static_cast<bool>(R)) << llvm::toString(R.takeError());
  ASSERT_EQ(R->Files.count(Main), 1u);
  const std::string &Lowered = R->Files.at(Main);
  EXPECT_NE(Lowered.find("/* an earlier pass was here */"), std::string::npos);
  EXPECT_NE(Lowered.find("using Engine__varsim_alt0 = Fast;"),
            std::string::npos)
      << Lowered;
  EXPECT_NE(Lowered.find("/* and here */ int compute(int n); template <class "
                         "Engine> int compute__varsim_t(int n)"),
            std::string::npos)
      << Lowered;
  for (const auto &[Config, Defines] :
       P.configurations(P.root() + "/model.xml")) {
    RunOutcome Want = compileAndRun({{"main.cpp", Original}}, Defines);
    RunOutcome Got = compileAndRun({{"main.cpp", Lowered}}, Defines);
    EXPECT_EQ(Want.Exit, Got.Exit) << Config << "\n" << Got.Stdout;
    EXPECT_EQ(Want.Stdout, Got.Stdout) << Config;
  }
}

// Messages name files by absolute path, as the rest of the rewriter does.
TEST(TemplateLowering, MessagesNameAbsolutePaths) {
  std::map<std::string, std::string> Files{
      {"main.cpp", "#ifdef FAST\ntemplate <class T> struct Box { T V; };\n"
                   "#else\ntemplate <class T> struct Box { T V, W; };\n"
                   "#endif\nint main() { Box<int> B{}; return B.V; }\n"},
      {"model.xml", model({"FAST"})}};
  TempProject P(Files, /*Cxx=*/true);
  LoweringEnv Env;
  auto R = lowerProject(P, Env);
  ASSERT_FALSE(static_cast<bool>(R));
  std::string Err = llvm::toString(R.takeError());
  EXPECT_EQ(Err.rfind(P.root() + "/main.cpp:2:27: error: ", 0), 0u) << Err;
}

} // namespace

namespace {

const char *PolicyOfThreeWithAFlag = R"(#include "caches.h"

template <class K> class NoCache {
public:
  explicit NoCache(std::size_t) {}
  bool access(const K &) { return false; }
  static const char *name() { return "none"; }
};

#if defined(USE_LRU)
using Cache = LruCache<int>;
#elif defined(USE_FIFO)
using Cache = FifoCache<int>;
#else
using Cache = NoCache<int>;
#endif

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

int main() {
  std::vector<int> Trace{1, 2, 3, 1, 4, 1, 2, 5, 1, 2, 3, 4, 5, 1};
  return hits(Trace) % 5;
}
)";

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
const char *PolicyWithAClassTemplateFlag = R"(#include "caches.h"

#include <string>

template <class K> class NoCache {
public:
  explicit NoCache(std::size_t) {}
  bool access(const K &) { return false; }
  static const char *name() { return "none"; }
};

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

#if defined(USE_LRU)
using Cache = LruCache<int>;
#elif defined(USE_FIFO)
using Cache = FifoCache<int>;
#else
using Cache = NoCache<int>;
#endif

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

int main() {
  std::vector<int> Trace{1, 2, 3, 1, 4, 1, 2, 5, 1, 2, 3, 4, 5, 1};
  return run(Trace) % 5;
}
)";

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
