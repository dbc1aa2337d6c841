//===- test/foreign/ForeignFeaturesTest.cpp - Features read outside -------===//
//
// lowerForeignFeatureTests (docs/foreign.md): the detection of feature
// macros tested by headers varsim does not rewrite (<assert.h>, the C
// library's feature-test macros, a vendored header), the lowering of NDEBUG
// around assert (the overlay text, its lines, the manifest sites), the
// refusals, and the simulator against every variant, including one whose
// assert fails (abort).
//
//===----------------------------------------------------------------------===//

#include "rewrite/ForeignFeatures.h"

#include "rewrite/FeatureSetup.h"
#include "support/Diagnostic.h"
#include "test/common/FeatureModels.h"
#include "test/common/FirstPasses.h"
#include "test/common/RewriteHarness.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <optional>

using namespace varsim::rewrite;
using varsim::rewrite::test::TempProject;
namespace fs = llvm::sys::fs;

namespace {

std::string model(const std::vector<std::string> &Features) {
  return varsim::test::optionalFeaturesModel(Features);
}

/// What the pass reads, as the rewriter sets it up.
struct Env : varsim::test::ScannedProject {
  explicit Env(const TempProject &P) {
    if (llvm::Error E = varsim::test::scanProject(
            P.compileCommands(), P.root() + "/model.xml", *this))
      ADD_FAILURE() << llvm::toString(std::move(E));
  }

  ForeignFeatureInput input() const {
    return {Layout, *Features, Texts, Structures, 2, nullptr};
  }
};

unsigned lines(llvm::StringRef S) {
  return static_cast<unsigned>(std::count(S.begin(), S.end(), '\n'));
}

const char *SideEffectAssert = R"(#include <assert.h>
#include <stdio.h>
static int checks;
static int valid(int x) { ++checks; return x >= 0; }
int main(void) {
  int sum = 0;
  for (int i = 0; i < 5; ++i) {
#ifdef NEGATIVE
    int v = i == 3 ? -1 : i;
#else
    int v = i;
#endif
    assert(valid(v));
    sum += v;
  }
  printf("sum %d, checks %d\n", sum, checks);
  return checks;
}
)";

TEST(ForeignDetection, NdebugInAssertHeaderFromTheIncludingLine) {
  TempProject P({{"main.c", SideEffectAssert},
                 {"model.xml", model({"NDEBUG", "NEGATIVE"})}});
  Env E(P);
  std::vector<ForeignTest> Tests = detectForeignTests(E.input());
  ASSERT_FALSE(Tests.empty());
  for (const ForeignTest &T : Tests) {
    EXPECT_EQ(T.Macro, "NDEBUG");
    EXPECT_EQ(llvm::sys::path::filename(T.Header), "assert.h") << T.Header;
    EXPECT_EQ(T.From, P.root() + "/main.c");
    EXPECT_EQ(T.FromLine, 1u);
    EXPECT_GT(T.HeaderLine, 0u);
  }
}

TEST(ForeignDetection, ThroughAProjectHeaderAndNotForProjectTests) {
  TempProject P({{"main.c", "#include \"util.h\"\n#ifdef FAST\nint f;\n#endif\n"
                            "int main(void) { assert(1); return 0; }\n"},
                 {"util.h", "#ifndef UTIL_H\n#define UTIL_H\n#ifdef NDEBUG\n"
                            "#endif\n#include <assert.h>\n#endif\n"},
                 {"model.xml", model({"NDEBUG", "FAST"})}});
  Env E(P);
  std::vector<ForeignTest> Tests = detectForeignTests(E.input());
  ASSERT_FALSE(Tests.empty());
  for (const ForeignTest &T : Tests) {
    EXPECT_EQ(T.Macro, "NDEBUG"); // FAST is tested by the project only.
    EXPECT_EQ(T.From, P.root() + "/util.h");
    EXPECT_EQ(T.FromLine, 5u);
  }
}

TEST(ForeignDetection, NothingWithoutForeignTests) {
  TempProject P({{"main.c", "#include <stdio.h>\nint main(void) {\n#ifdef A\n"
                            "  puts(\"a\");\n#endif\n  return 0;\n}\n"},
                 {"model.xml", model({"A"})}});
  Env E(P);
  EXPECT_TRUE(detectForeignTests(E.input()).empty());
  auto R = lowerForeignFeatureTests(E.input());
  ASSERT_TRUE(static_cast<bool>(R)) << llvm::toString(R.takeError());
  EXPECT_TRUE(R->Files.empty());
  EXPECT_TRUE(R->Sites.empty());
}

TEST(ForeignLowering, AssertUsesReadTheFlagOnTheirLines) {
  const char *Text = R"x(#include <assert.h>
#define CHECK(x) assert((x) > 0)
/* assert(comment) */
struct s { int (*assert_cb)(int); };
int f(int a) {
  static_assert(sizeof(int) >= 2, "int");
  const char *m = "assert(no)";
  assert(a > 0 &&
         (a < 100));
  CHECK(a);
  (void)m;
  return a;
}
)x";
  auto FS = scanDirectives("f.c", Text);
  ASSERT_TRUE(static_cast<bool>(FS));
  std::vector<unsigned> Offsets;
  auto Out =
      lowerAssertUses("f.c", Text, *FS, "VARSIM_F_NDEBUG", nullptr, Offsets);
  ASSERT_TRUE(Out.has_value());
  EXPECT_EQ(Offsets.size(), 2u);
  EXPECT_EQ(lines(*Out), lines(Text));
  EXPECT_NE(Out->find("#define CHECK(x) (VARSIM_F_NDEBUG ? (void)0 : "
                      "assert((x) > 0))\n"),
            std::string::npos)
      << *Out;
  EXPECT_NE(Out->find("  (VARSIM_F_NDEBUG ? (void)0 : assert(a > 0 &&\n"
                      "         (a < 100)));\n"),
            std::string::npos)
      << *Out;
  EXPECT_NE(Out->find("/* assert(comment) */"), std::string::npos);
  EXPECT_NE(Out->find("\"assert(no)\""), std::string::npos);
  EXPECT_NE(Out->find("  static_assert(sizeof"), std::string::npos);
}

TEST(ForeignLowering, OverlayAndSites) {
  TempProject P({{"main.c", SideEffectAssert},
                 {"model.xml", model({"NDEBUG", "NEGATIVE"})}});
  Env E(P);
  auto R = lowerForeignFeatureTests(E.input());
  ASSERT_TRUE(static_cast<bool>(R)) << llvm::toString(R.takeError());
  std::string Main = P.root() + "/main.c";
  ASSERT_EQ(R->Files.count(Main), 1u);
  // Lines kept; after the last one, the group that makes the rewriter
  // include the generated header (where the flag is declared).
  llvm::StringRef Text = R->Files.at(Main);
  size_t Tail = Text.find("/* varsim: this file reads NDEBUG at run time");
  ASSERT_NE(Tail, llvm::StringRef::npos) << Text.str();
  EXPECT_EQ(lines(Text.take_front(Tail)), lines(SideEffectAssert));
  EXPECT_TRUE(Text.ends_with("\n#ifdef NDEBUG\n#endif\n")) << Text.str();
  EXPECT_NE(R->Files.at(Main).find(
                "    (VARSIM_F_NDEBUG ? (void)0 : assert(valid(v)));\n"),
            std::string::npos)
      << R->Files.at(Main);
  ASSERT_EQ(R->Sites.size(), 1u);
  EXPECT_EQ(R->Sites[0].File, Main);
  EXPECT_EQ(R->Sites[0].Line, 13u);
  EXPECT_EQ(R->Sites[0].Idiom, "assert");
  EXPECT_EQ(R->Sites[0].Features, "NDEBUG");
}

TEST(ForeignLowering, OwnAssertMacroIsNotTouched) {
  TempProject P(
      {{"main.c", "#include <assert.h>\n#include <stdio.h>\n"
                  "int main(void) {\n  assert(1 > 0);\n#undef assert\n"
                  "#define assert(x) puts(#x)\n  assert(2 > 1);\n"
                  "  return 0;\n}\n"},
       {"model.xml", model({"NDEBUG"})}});
  Env E(P);
  auto R = lowerForeignFeatureTests(E.input());
  ASSERT_TRUE(static_cast<bool>(R)) << llvm::toString(R.takeError());
  const std::string &Text = R->Files.at(P.root() + "/main.c");
  EXPECT_NE(Text.find("(VARSIM_F_NDEBUG ? (void)0 : assert(1 > 0))"),
            std::string::npos)
      << Text;
  EXPECT_NE(Text.find("\n  assert(2 > 1);"), std::string::npos) << Text;
  EXPECT_NE(Text.find("#define assert(x) puts(#x)"), std::string::npos);
}

TEST(ForeignRefusal, LibcFeatureTestMacro) {
  TempProject P({{"main.c", "#include <stdio.h>\nint main(void) {\n"
                            "#ifdef _GNU_SOURCE\n  puts(\"gnu\");\n#endif\n"
                            "  return 0;\n}\n"},
                 {"model.xml", model({"_GNU_SOURCE"})}});
  Env E(P);
  auto R = lowerForeignFeatureTests(E.input());
  ASSERT_FALSE(static_cast<bool>(R));
  std::string Msg = varsim::errorToString(R.takeError());
  EXPECT_NE(Msg.find(P.root() + "/main.c:1:1: error: feature '_GNU_SOURCE' "
                                "is tested by /usr/include/"),
            std::string::npos)
      << Msg;
  EXPECT_NE(Msg.find(", which varsim does not rewrite; the simulator cannot "
                     "select it at run time"),
            std::string::npos)
      << Msg;
}

TEST(ForeignRefusal, VendoredHeaderOutsideTheProject) {
  llvm::SmallString<128> Vendor;
  ASSERT_FALSE(fs::createUniqueDirectory("varsim-vendor", Vendor));
  std::string Header = std::string(Vendor) + "/vendor.h";
  std::ofstream(Header) << "#ifndef VENDOR_H\n#define VENDOR_H\n"
                           "#if defined(FAST) && FAST > 0\n"
                           "static int vendor_speed = 2;\n#else\n"
                           "static int vendor_speed = 1;\n#endif\n#endif\n";
  TempProject P(
      {{"main.c", "#include <stdio.h>\n\n#include \"" + Header +
                      "\"\nint main(void) { return vendor_speed; }\n"},
       {"model.xml", model({"FAST"})}});
  Env E(P);
  auto R = lowerForeignFeatureTests(E.input());
  ASSERT_FALSE(static_cast<bool>(R));
  std::string Msg = varsim::errorToString(R.takeError());
  EXPECT_NE(Msg.find(P.root() +
                     "/main.c:3:1: error: feature 'FAST' is "
                     "tested by " +
                     Header + ":3,"),
            std::string::npos)
      << Msg;
  fs::remove_directories(Vendor);
}

TEST(ForeignRefusal, NdebugTestedByAnotherHeader) {
  llvm::SmallString<128> Vendor;
  ASSERT_FALSE(fs::createUniqueDirectory("varsim-vendor", Vendor));
  std::string Header = std::string(Vendor) + "/dbg.h";
  std::ofstream(Header) << "#ifndef NDEBUG\nstatic int dbg_level = 1;\n"
                           "#else\nstatic int dbg_level = 0;\n#endif\n";
  TempProject P({{"main.c", "#include \"" + Header +
                                "\"\nint main(void) { return dbg_level; }\n"},
                 {"model.xml", model({"NDEBUG"})}});
  Env E(P);
  auto R = lowerForeignFeatureTests(E.input());
  ASSERT_FALSE(static_cast<bool>(R));
  std::string Msg = varsim::errorToString(R.takeError());
  EXPECT_NE(Msg.find("main.c:1:1: error: feature 'NDEBUG' is tested by " +
                     Header + ":1"),
            std::string::npos)
      << Msg;
  fs::remove_directories(Vendor);
}

// End to end: the simulator against every variant, one of which aborts.
TEST(ForeignEndToEnd, CAssertWithSideEffectsAndAFailingConfiguration) {
  TempProject P({{"main.c", SideEffectAssert},
                 {"model.xml", model({"NDEBUG", "NEGATIVE"})}});
  ASSERT_EQ(P.rewrite(), "");
  std::string Manifest = P.readOut("manifest.json");
  EXPECT_NE(Manifest.find("\"foreign_sites\""), std::string::npos);
  EXPECT_NE(Manifest.find("\"construct\": \"assert\""), std::string::npos)
      << Manifest;
  EXPECT_EQ(P.checkAllConfigurations(P.root() + "/model.xml"), "");
  auto [Variant, Simulator] = P.runBoth("NEGATIVE", {"-DNEGATIVE=1"});
  EXPECT_NE(Variant.Exit, 0); // The assert failed: abort.
  EXPECT_EQ(Variant.Exit, Simulator.Exit);
}

// The assert in a file the rewriter otherwise leaves alone (a loopless
// helper has no marker), and a translation unit that reads it only
// through a header's inline function.
TEST(ForeignEndToEnd, AssertsInFilesWithoutOtherEdits) {
  TempProject P(
      {{"half.c", "#include <assert.h>\nint half(int x) {\n"
                  "  assert(x % 2 == 0);\n  return x / 2;\n}\n"},
       {"sq.h", "#ifndef SQ_H\n#define SQ_H\n#include <assert.h>\n"
                "static inline int sq(int x) { assert(x < 50); return x * x; "
                "}\n#endif\n"},
       {"sq.c", "#include \"sq.h\"\nint sq3(int x) { return sq(x) + 3; }\n"},
       {"main.c", "#include <stdio.h>\nint half(int x);\nint sq3(int x);\n"
                  "int main(void) {\n  int s = 0;\n"
                  "  for (int i = 0; i < 4; ++i) {\n#ifdef ODD\n"
                  "    s += half(i) + sq3(i * 20);\n#else\n"
                  "    s += half(2 * i) + sq3(i);\n#endif\n  }\n"
                  "  printf(\"%d\\n\", s);\n  return 0;\n}\n"},
       {"model.xml", model({"NDEBUG", "ODD"})}});
  ASSERT_EQ(P.rewrite(), "");
  EXPECT_EQ(P.checkAllConfigurations(P.root() + "/model.xml"), "");
}

TEST(ForeignEndToEnd, CxxCassertInANamespaceAndATemplate) {
  TempProject P({{"main.cpp", R"(#include <cassert>
#include <cstdio>
namespace app {
int audits = 0;
bool audit(int v) { ++audits; return v < 40; }
template <class T> T twice(T v) {
  assert(audit(static_cast<int>(v)));
  return v + v;
}
} // namespace app
int main() {
  int total = 0;
  for (int i = 0; i < 10; ++i) {
#ifdef WIDE
    total += app::twice(i * 5);
#else
    total += app::twice(i);
#endif
  }
  std::printf("%d %d\n", total, app::audits);
  return app::audits;
}
)"},
                 {"model.xml", model({"NDEBUG", "WIDE"})}},
                /*Cxx=*/true);
  ASSERT_EQ(P.rewrite(), "");
  EXPECT_EQ(P.checkAllConfigurations(P.root() + "/model.xml"), "");
}

} // namespace
