//===- test/globals/GlobalEnumsTest.cpp - Enumerations per feature --------===//
//
// Enumerations whose enumerators or values differ per feature: one type
// whose shifting enumerators get a value per configuration (the functions
// and tables using them copied per configuration), and the located errors
// where that cannot be done.
//
//===----------------------------------------------------------------------===//

#include "test/globals/GlobalsHarness.h"

#include "rewrite/DirectiveScanner.h"
#include "rewrite/FeatureGroups.h"
#include "rewrite/FeatureSetup.h"
#include "rewrite/ProjectLayout.h"
#include "rewrite/globals/LexicalScan.h"

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
using namespace varsim::rewrite::test::globaltest;

namespace {

// An unscoped enumeration whose enumerators shift per feature stays one
// type; the shifting enumerators get one value per configuration, and the
// functions and tables that use them are copied per configuration: case
// labels, a local array bound, designated table indices, a macro body.
const char *HttpStates = R"(#ifndef STATES_H
#define STATES_H
enum state {
  S_IDLE,
  S_HEAD,
#ifdef CHUNKED
  S_CHUNK,
  S_TRAILER,
#endif
  S_DONE,
  S_COUNT
};
#define IS_FINAL(s) ((s) == S_DONE)
const char *state_name(enum state s);
#endif
)";

const char *HttpStatesC = R"(#include "states.h"
static const char *const names[S_COUNT] = {
    [S_IDLE] = "idle", [S_HEAD] = "head",
#ifdef CHUNKED
    [S_CHUNK] = "chunk", [S_TRAILER] = "trailer",
#endif
    [S_DONE] = "done"};
const char *state_name(enum state s) {
  switch (s) {
  case S_IDLE:
  case S_HEAD:
    return names[s];
#ifdef CHUNKED
  case S_CHUNK:
  case S_TRAILER:
    return names[s];
#endif
  case S_DONE:
    return IS_FINAL(s) ? "final" : "?";
  default:
    return "count";
  }
}
)";

const char *HttpMain = R"(#include <stdio.h>
#include "states.h"
static enum state step(enum state s) {
  printf("%s: ", __func__);
  if (s == S_HEAD) {
#ifdef CHUNKED
    return S_CHUNK;
#else
    return S_DONE;
#endif
  }
  return (enum state)(s + 1);
}
int main(void) {
  unsigned long seen[S_COUNT + 1] = {0};
  enum state s = S_IDLE;
  int n = 0;
  while (!IS_FINAL(s) && n++ < 10) {
    seen[s]++;
    printf("%d %s\n", (int)s, state_name(s));
    s = step(s);
  }
  printf("%s %d %u\n", state_name(s), (int)S_COUNT,
         (unsigned)(sizeof seen / sizeof seen[0]));
  return (int)S_DONE;
}
)";

TEST(globals, UnscopedEnumWhoseValuesShiftIsLoweredByValues) {
  glob::GlobalsResult R =
      expectLoweredEquivalent({{"states.h", HttpStates},
                               {"states.c", HttpStatesC},
                               {"main.c", HttpMain},
                               {"model.xml", model({"CHUNKED", "VERBOSE"})}},
                              false);
  bool Values = false;
  for (const auto &S : R.Sites)
    Values = Values || S.Idiom == "enum values";
  EXPECT_TRUE(Values);
  auto Header = std::find_if(R.Files.begin(), R.Files.end(), [](auto &F) {
    return llvm::StringRef(F.first).ends_with("/states.h");
  });
  ASSERT_NE(Header, R.Files.end());
  // One type: the per-configuration values are its enumerators.
  EXPECT_NE(Header->second.find("S_DONE__varsim_CHUNKED"), std::string::npos)
      << Header->second;
  EXPECT_NE(Header->second.find("S_DONE__varsim_not_CHUNKED"),
            std::string::npos);
  EXPECT_EQ(Header->second.find("#ifdef CHUNKED"), std::string::npos);
}

TEST(globals, AnonymousEnumWithExplicitValuesAndAMacroPerFeature) {
  expectLoweredEquivalent(
      {{"main.c", "#include <stdio.h>\n#ifdef WIDE\n#define BASE 100\n"
                  "#else\n#define BASE 10\n#endif\n"
                  "typedef enum {\n  K_A = 3,\n#ifdef EXTRA\n  K_X,\n"
                  "#endif\n  K_B,\n  K_C = BASE,\n  K_D,\n  K_E = K_B * 2\n"
                  "} kind_t;\n"
                  "static int code(kind_t k) {\n  switch (k) {\n"
                  "  case K_A: return 1;\n  case K_B: return 2;\n"
                  "  case K_C: return 3;\n  case K_D: return 4;\n"
                  "  default: return 0;\n  }\n}\n"
                  "int main(void) {\n  int t[K_D + 1];\n"
                  "  printf(\"%d %d %d %d %d %u\\n\", code(K_B), (int)K_B,"
                  " (int)K_D, (int)K_E, code(K_D),\n"
                  "         (unsigned)(sizeof t / sizeof t[0]));\n"
                  "  return (int)K_A;\n}\n"},
       {"model.xml", model({"WIDE", "EXTRA"})}},
      false);
}

TEST(globals, ScopedEnumWhoseValuesChangeIsLoweredByValues) {
  expectLoweredEquivalent(
      {{"main.cpp",
        "#include <cstdio>\nnamespace io {\nenum class Cmd {\n  Open,\n"
        "#ifdef SEEK\n  Seek,\n#endif\n  Close,\n  Count\n};\n}\n"
        "static int code(io::Cmd c) { return static_cast<int>(c); }\n"
        "int main() {\n  std::printf(\"%d %d\\n\", code(io::Cmd::Close),"
        " static_cast<int>(io::Cmd::Count));\n"
        "  return code(io::Cmd::Count);\n}\n"},
       {"model.xml", model({"SEEK"})}},
      true);
}

TEST(globals, UnscopedEnumInAMemberFunctionIsALocatedError) {
  std::string Err = loweringError(
      {{"main.cpp", "enum cmd {\n  C_OPEN,\n#ifdef SEEK\n  C_SEEK,\n#endif\n"
                    "  C_COUNT\n};\nstruct S {\n  int n() const;\n};\n"
                    "int S::n() const { return C_COUNT; }\n"
                    "int main() { return S().n(); }\n"},
       {"model.xml", model({"SEEK"})}},
      true);
  EXPECT_NE(Err.find("main.cpp:11"), std::string::npos) << Err;
  EXPECT_NE(Err.find("member function"), std::string::npos) << Err;
  EXPECT_NE(Err.find("enumeration 'cmd'"), std::string::npos) << Err;
}

TEST(globals, UnscopedEnumDefinedInTwoBranchesIsALocatedError) {
  std::string Err = loweringError(
      {{"main.c", "#ifdef SEEK\nenum cmd { C_OPEN, C_SEEK, C_COUNT };\n#else\n"
                  "enum cmd { C_OPEN, C_COUNT };\n#endif\n"
                  "int main(void) { return C_COUNT; }\n"},
       {"model.xml", model({"SEEK"})}},
      false);
  EXPECT_NE(Err.find("main.c:2:6: error:"), std::string::npos) << Err;
  EXPECT_NE(Err.find("unscoped enumeration"), std::string::npos) << Err;
}

} // namespace
