//===- test/templates/TemplateLoweringLimitsTest.cpp - Sites left or refused
//===//
//
// Template variability the lowering does not make templates of: constants
// read at run time (through their value functions), sites used where no
// function can become a template over them (left to the later stages),
// class templates per feature (a located error), and the lowering's parses
// seeing the texts of earlier passes.
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
    RunOutcome Want =
        compileAndRun({{"main.cpp", Original}}, Defines, /*Cxx=*/true);
    RunOutcome Got =
        compileAndRun({{"main.cpp", Lowered}}, Defines, /*Cxx=*/true);
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
