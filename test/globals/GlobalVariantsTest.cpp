//===- test/globals/GlobalVariantsTest.cpp - File-scope variability -------===//
//
// Small C and C++ projects whose file-scope declarations differ per feature
// (a table with #ifdef'd entries, a constant or typedef per feature, a
// per-feature macro as an array bound or bit-field width). Each is
//   - lowered directly (lowerGlobalVariability): the lowered texts keep
//     the original's line numbers, and compiled with the -D flags of every
//     valid configuration they behave as the original variant;
//   - rewritten end to end (rewriteProject), the simulator built and
//     compared with every variant.
// What cannot be lowered is refused with a located error naming it; a
// project without file-scope variability is not parsed (lexical pre-check).
// Enumerations per feature are in GlobalEnumsTest.cpp, names used across
// units in GlobalCrossUnitTest.cpp, the shared checks in GlobalsHarness.h.
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

const char *CommandTable = R"(#include <stdio.h>
#include <string.h>

struct cmd {
  const char *name;
  int (*run)(int);
};

static int help(int);
static int inc(int x) { return x + 1; }
#ifdef HASH
static int hash(int x) { return x * 31 % 17; }
#endif

static const struct cmd commands[] = {
    {"help", help},
    {"inc", inc},
#ifdef HASH
    {"hash", hash},
#endif
    {NULL, NULL},
};
#define NCMDS (sizeof commands / sizeof commands[0] - 1)

static int help(int x) {
  for (const struct cmd *c = commands; c->name; ++c)
    printf("  %s\n", c->name);
  return x + (int)NCMDS;
}

int main(void) {
  int r = 0;
  for (unsigned i = 0; i < NCMDS; ++i)
    r += commands[i].run(5);
  printf("%u commands, %d\n", (unsigned)NCMDS, r);
  return r % 50;
}
)";

TEST(globals, TableWithIfdefEntries) {
  glob::GlobalsResult R = expectLoweredEquivalent(
      {{"main.c", CommandTable}, {"model.xml", model({"HASH", "VERBOSE"})}},
      false);
  ASSERT_EQ(R.Files.size(), 1u);
  const std::string &T = R.Files.begin()->second;
  // The table's in-place copy lost its #if; another copy is appended.
  EXPECT_EQ(T.find("#ifdef HASH\n    {\"hash\""), std::string::npos) << T;
  EXPECT_NE(T.find("commands__varsim_"), std::string::npos) << T;
  // main and help are dispatched per configuration.
  EXPECT_NE(T.find("the feature switch of 'main'"), std::string::npos);
  EXPECT_NE(T.find("the feature switch of 'help'"), std::string::npos);
  // Each dispatcher is on the line of its original definition (help at
  // line 25, main at 31), not past the end of the file.
  size_t Help = T.find("the feature switch of 'help'");
  ASSERT_NE(Help, std::string::npos);
  EXPECT_EQ(T.find("#line 25\nstatic int help(int x) {", Help),
            T.find('\n', Help) + 1)
      << T;
  size_t Main = T.find("the feature switch of 'main'");
  ASSERT_NE(Main, std::string::npos);
  EXPECT_EQ(T.find("#line 31\nint main(void) {", Main), T.find('\n', Main) + 1)
      << T;
}

const char *Constants = R"(#include <stdio.h>

#ifdef BIG
#define N 8
static const int limit = 40;
typedef long long acc_t;
#else
#define N 3
static const int limit = 9;
typedef short acc_t;
#endif

struct flags {
  unsigned mode : N;
};

static int buf[N];
static const int doubled = LEVEL * 2;
static struct flags fl = {1};

static int fill(void) {
  acc_t total = 0;
  for (int i = 0; i < N; ++i) {
    buf[i] = i * limit;
    total = (acc_t)(total + buf[i] * 1000);
  }
  printf("sizeof acc %u total %lld doubled %d mode %u\n",
         (unsigned)sizeof(acc_t), (long long)total, doubled, fl.mode);
  return (int)(sizeof buf / sizeof buf[0]);
}

int main(void) { return fill(); }
)";

std::string levelModel() {
  return R"(<vm name="Root">
  <binaryOptions>
    <configurationOption><name>root</name><outputString>root</outputString>
      <parent></parent><impliedOptions /><excludedOptions />
      <optional>False</optional></configurationOption>
    <configurationOption><name>BIG</name><outputString>BIG</outputString>
      <parent>root</parent><impliedOptions /><excludedOptions />
      <optional>True</optional></configurationOption>
  </binaryOptions>
  <numericOptions>
    <configurationOption><name>LEVEL</name><outputString>LEVEL</outputString>
      <parent>root</parent><minValue>1</minValue><maxValue>2</maxValue>
      <stepFunction>LEVEL + 1</stepFunction></configurationOption>
  </numericOptions>
</vm>
)";
}

TEST(globals, ConstantsTypedefsBoundsAndWidthsPerFeature) {
  glob::GlobalsResult R = expectLoweredEquivalent(
      {{"main.c", Constants}, {"model.xml", levelModel()}}, false);
  std::set<std::string> Kinds;
  for (const auto &S : R.Sites)
    Kinds.insert(S.Idiom);
  EXPECT_TRUE(Kinds.count("variable"));
  EXPECT_TRUE(Kinds.count("typedef"));
  EXPECT_TRUE(Kinds.count("record"));
}

TEST(globals, CxxNamespacedConstantAndTemplateArgument) {
  expectLoweredEquivalent({{"main.cpp", R"(#include <array>
#include <cstdio>
#include <string>

namespace geo {
namespace units {
#ifdef METRIC
constexpr const char *name = "km";
#define CELLS 4
#else
constexpr const char *name = "mi";
#define CELLS 2
#endif
} // namespace units
static std::array<int, CELLS> grid{};
static_assert(CELLS % 2 == 0, "even");
static const std::string labels[] = {
    "a",
#ifdef METRIC
    "m",
#endif
    "z"};
} // namespace geo

static int show(int v) {
  for (std::size_t i = 0; i < geo::grid.size(); ++i)
    geo::grid[i] = v + static_cast<int>(i);
  for (const std::string &l : geo::labels)
    std::printf("%s ", l.c_str());
  std::printf("%d %s\n", geo::grid.back(), geo::units::name);
  return static_cast<int>(geo::grid.size());
}

int main() { return show(3); }
)"},
                           {"model.xml", model({"METRIC"})}},
                          true);
}

TEST(globals, TypedefInASignatureRenamesTheFunctionAndItsCallers) {
  expectLoweredEquivalent(
      {{"main.c", "#include <stdio.h>\n#ifdef W\ntypedef long long n_t;\n"
                  "#else\ntypedef signed char n_t;\n#endif\n"
                  "static n_t grow(n_t x, int i) { return (n_t)(x * 3 + i); }\n"
                  "static int run(void) {\n  n_t v = 1;\n"
                  "  for (int i = 0; i < 30; ++i)\n    v = grow(v, i);\n"
                  "  printf(\"%d %lld\\n\", (int)sizeof v, (long long)v);\n"
                  "  return (int)(v & 63);\n}\n"
                  "int main(void) { return run(); }\n"},
       {"model.xml", model({"W"})}},
      false);
}

TEST(globals, EnumWithTrailingEnumeratorsIsTheUnion) {
  glob::GlobalsResult R = expectLoweredEquivalent(
      {{"main.c", "#include <stdio.h>\nenum mode {\n  M_READ,\n  M_WRITE,\n"
                  "#ifdef APPEND\n  M_APPEND,\n#endif\n};\n"
                  "int main(void) {\n  enum mode m = M_WRITE;\n"
                  "#ifdef APPEND\n  m = M_APPEND;\n#endif\n"
                  "  printf(\"%d\\n\", (int)m);\n  return (int)m;\n}\n"},
       {"model.xml", model({"APPEND"})}},
      false);
  ASSERT_EQ(R.Sites.size(), 1u);
  EXPECT_EQ(R.Sites.front().Idiom, "enum (union)");
}

// A member array whose bound is a macro per feature: the record keeps one
// definition with the largest bound; the bound's macro is read at run time
// elsewhere; allocation sizes are fine.
const char *MemberBound = R"(#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef BIG
#define SLOTS 6
#else
#define SLOTS 3
#endif
struct ring {
  int slot[SLOTS];
#ifdef STATS
  int drops;
#endif
  int head;
};
void ring_put(struct ring *r, int v);
void ring_put(struct ring *r, int v) {
  r->slot[r->head] = v;
  r->head = (r->head + 1) % SLOTS;
}
int main(void) {
  struct ring *r = calloc(1, sizeof *r);
  int sum = 0;
  memset(r, 0, sizeof(struct ring));
  for (int i = 0; i < 20; ++i)
    ring_put(r, i);
  for (int i = 0; i < SLOTS; ++i)
    sum += r->slot[i];
  printf("%d %d\n", sum, r->head);
  free(r);
  return 0;
}
)";

TEST(globals, MemberArrayBoundPerFeatureIsTheLargest) {
  glob::GlobalsResult R = expectLoweredEquivalent(
      {{"main.c", MemberBound}, {"model.xml", model({"BIG", "STATS"})}}, false);
  bool Largest = false;
  for (const auto &S : R.Sites) {
    Largest = Largest || S.Idiom == "record (largest array bound)";
    EXPECT_NE(S.Idiom, "function signature") << S.Line;
  }
  EXPECT_TRUE(Largest);
  ASSERT_EQ(R.Files.size(), 1u);
  EXPECT_NE(R.Files.begin()->second.find("int slot[6];"), std::string::npos)
      << R.Files.begin()->second;
}

TEST(globals, ObservedExtentOfALargestBoundIsALocatedError) {
  std::string Src = MemberBound;
  Src.replace(Src.find("i < SLOTS; ++i)\n    sum"), 9,
              "i < (int)(sizeof r->slot / sizeof r->slot[0])");
  std::string Err = loweringError(
      {{"main.c", Src}, {"model.xml", model({"BIG", "STATS"})}}, false);
  EXPECT_NE(Err.find("main.c:27:"), std::string::npos) << Err;
  EXPECT_NE(Err.find("extent of the member array 'slot'"), std::string::npos)
      << Err;
}

TEST(globals, ObservedSizeOfARecordWithALargestBoundIsALocatedError) {
  std::string Src = MemberBound;
  Src.replace(Src.find("printf(\"%d %d\\n\", sum, r->head);"), 32,
              "printf(\"%d %d %u\\n\", sum, r->head, (unsigned)sizeof *r);");
  std::string Err =
      loweringError({{"main.c", Src}, {"model.xml", model({"BIG"})}}, false);
  EXPECT_NE(Err.find("main.c:29:"), std::string::npos) << Err;
  EXPECT_NE(Err.find("sizeof"), std::string::npos) << Err;
  EXPECT_NE(Err.find("'slot'"), std::string::npos) << Err;
}

TEST(globals, TableInAHeaderOfTwoUnits) {
  glob::GlobalsResult R = expectLoweredEquivalent(
      {{"names.h", "#ifndef NAMES_H\n#define NAMES_H\n#include <stdio.h>\n"
                   "static const char *const names[] = {\n  \"a\",\n"
                   "#ifdef B\n  \"b\",\n#endif\n  \"c\"};\n"
                   "static inline int count(void) {\n"
                   "  return (int)(sizeof names / sizeof names[0]);\n}\n"
                   "#endif\n"},
       {"other.c", "#include \"names.h\"\nint other(void) {\n"
                   "  printf(\"%s\\n\", names[count() - 1]);\n"
                   "  return count();\n}\n"},
       {"main.c", "#include \"names.h\"\nint other(void);\n"
                  "int main(void) { return count() * 10 + other(); }\n"},
       {"model.xml", model({"B"})}},
      false);
  // The header's copies are behind a guard of their own; other.c's
  // function that uses the table is dispatched.
  auto Header = std::find_if(R.Files.begin(), R.Files.end(), [](auto &F) {
    return llvm::StringRef(F.first).ends_with("/names.h");
  });
  ASSERT_NE(Header, R.Files.end());
  EXPECT_NE(Header->second.find("#ifndef VARSIM_GLOB_NAMES_H"),
            std::string::npos);
  EXPECT_EQ(R.Files.size(), 2u);
}

TEST(globals, UseInAPrototypeIsALocatedError) {
  std::string Err = loweringError(
      {{"main.c", "#ifdef W\ntypedef long n_t;\n#else\ntypedef int n_t;\n"
                  "#endif\nstatic n_t twice(int x);\n"
                  "int main(void) { return (int)twice(3); }\n"
                  "static n_t twice(int x) { return (n_t)(2 * x); }\n"},
       {"model.xml", model({"W"})}},
      false);
  EXPECT_NE(Err.find("main.c:6:8: error:"), std::string::npos) << Err;
  EXPECT_NE(Err.find("declaration of function 'twice'"), std::string::npos)
      << Err;
}

TEST(globals, UseInAMemberFunctionIsALocatedError) {
  std::string Err = loweringError(
      {{"main.cpp", "static const int table[] = {1,\n#ifdef X\n2,\n#endif\n"
                    "3};\nstruct S {\n  int get() const;\n};\n"
                    "int S::get() const { return table[1]; }\n"
                    "int main() { return S().get(); }\n"},
       {"model.xml", model({"X"})}},
      true);
  EXPECT_NE(Err.find("main.cpp:9"), std::string::npos) << Err;
  EXPECT_NE(Err.find("member function"), std::string::npos) << Err;
}

TEST(globals, TooManyConfigurationsIsALocatedError) {
  // A small table may have up to MaxSmallItemCopies copies (CopyBudget.h);
  // eight features need 256. (Its bytes are read, so it cannot be filled
  // at start-up instead: AScalarTableOfManyOptionsIsFilledAtStartup.)
  std::string Src = "static const int t[] = {0,\n";
  const char *Fs[] = {"A", "B", "C", "D", "E", "F", "G", "H"};
  for (const char *F : Fs)
    Src += std::string("#ifdef ") + F + "\n1,\n#endif\n";
  Src += "};\nint main(void) { return (int)sizeof t; }\n";
  std::string Err = loweringError(
      {{"main.c", Src},
       {"model.xml", model({"A", "B", "C", "D", "E", "F", "G", "H"})}},
      false);
  EXPECT_NE(Err.find("main.c:1:18: error:"), std::string::npos) << Err;
  EXPECT_NE(Err.find("more than the 128 allowed"), std::string::npos) << Err;
  // The item copied is a table, not a function (SQLite's
  // sqlite3azCompileOpt read "duplicating the function per configuration").
  EXPECT_NE(Err.find("'t' (variable) differs per configuration of A, B, C, "
                     "D, E, F, G, H: a copy per configuration of the "
                     "features A, B, C, D, E, F, G, H needs 256 copies"),
            std::string::npos)
      << Err;
}

// A record with members under features is the #if rewriter's union: it
// does not differ per configuration, so a prototype may use it (R1).
TEST(globals, RecordWithIfdefMembersInAPrototypeIsTheUnion) {
  glob::GlobalsResult R = expectLoweredEquivalent(
      {{"main.c",
        "#include <stdio.h>\n"
        "static const char *const names[] = {\"hit\",\n"
        "#ifdef STATS\n  \"miss\",\n#endif\n};\n"
        "struct counter {\n  int hits;\n#ifdef STATS\n  int misses;\n"
        "#endif\n};\n"
        "typedef struct {\n  int a;\n#ifdef STATS\n  int b;\n#endif\n"
        "} pair_t;\n"
        "void bump(struct counter *c, int hit);\nint pa(pair_t *p);\n"
        "int pa(pair_t *p) { return p->a; }\n"
        "void bump(struct counter *c, int hit) {\n  if (hit)\n"
        "    c->hits++;\n#ifdef STATS\n  else\n    c->misses++;\n#endif\n}\n"
        "int main(void) {\n  struct counter c = {0};\n  pair_t p = {3};\n"
        "  for (int i = 0; i < 10; ++i)\n    bump(&c, i % 3 == 0);\n"
        "  printf(\"%s %d %u %d\\n\", names[0], c.hits,\n"
        "         (unsigned)(sizeof names / sizeof names[0]), pa(&p));\n"
        "  return c.hits;\n}\n"},
       {"model.xml", model({"STATS"})}},
      false);
  for (const auto &S : R.Sites) {
    EXPECT_NE(S.Idiom, "record") << S.Line;
    EXPECT_NE(S.Idiom, "typedef") << S.Line;
    EXPECT_NE(S.Idiom, "function signature") << S.Line;
  }
}

// A record whose member's type is an enumeration whose values change per
// feature: the enumeration stays one type (only its values are lowered),
// so the record and the prototype that uses it do not vary.
TEST(globals, EnumUsedAsAMemberTypeKeepsOneType) {
  glob::GlobalsResult R = expectLoweredEquivalent(
      {{"main.cpp",
        "#include <cstdio>\n"
        "static const int table[] = {1,\n#ifdef C\n  2,\n#endif\n  3};\n"
        "enum class Tok {\n  Word,\n#ifdef C\n  Comment,\n#endif\n  End\n};\n"
        "struct Token {\n  Tok kind;\n  int line;\n};\n"
        "int count(const Token *t);\n"
        "int count(const Token *t) { return t->line + (t->kind == Tok::End); "
        "}\n"
        "int main() {\n  Token t{Tok::End, 2};\n"
        "  std::printf(\"%d %d %d\\n\", count(&t), (int)(sizeof table / "
        "sizeof table[0]), static_cast<int>(t.kind));\n  return 0;\n}\n"},
       {"model.xml", model({"C"})}},
      true);
  for (const auto &S : R.Sites) {
    EXPECT_NE(S.Idiom, "record") << S.Line;
    EXPECT_NE(S.Idiom, "function signature") << S.Line;
  }
}

// #ifs in the bodies of member functions defined in a class are the #if
// rewriter's: the class does not differ per configuration.
TEST(globals, IfInAnInClassConstructorIsNotThisPasss) {
  TempProject P({{"main.cpp", "#include <cstdio>\n"
                              "static const int table[] = {1,\n#ifdef F\n"
                              "  2,\n#endif\n  3};\n"
                              "#ifdef F\n#define STEP 2\n#else\n"
                              "#define STEP 1\n#endif\n"
                              "class Meter {\npublic:\n"
                              "  Meter(int base) : v(base * STEP) {\n"
                              "#ifdef F\n    v *= 2;\n#endif\n  }\n"
                              "  int get() const { return v + STEP; }\n"
                              "private:\n  int v;\n};\n"
                              "Meter make(int b);\n"
                              "Meter make(int b) { return Meter(b); }\n"
                              "int main() {\n  std::printf(\"%d %d\\n\", "
                              "make(4).get(),\n    (int)(sizeof table / "
                              "sizeof table[0]));\n  return 0;\n}\n"},
                 {"model.xml", model({"F"})}},
                true);
  Env E;
  auto R = lowerProject(P, E);
  ASSERT_TRUE(static_cast<bool>(R)) << llvm::toString(R.takeError());
  for (const auto &S : R->Sites)
    EXPECT_NE(S.Idiom, "record") << S.Line;
}

// A unit that does not compile is not lowered (and does not crash the
// pass): the #if rewriter reports the error at its location.
TEST(globals, UnitThatDoesNotCompileIsLeftAlone) {
  TempProject P({{"main.c", "static const int t[] = {1,\n#ifdef A\n2,\n"
                            "#endif\n};\nstruct s { int x; };\n"
                            "int main(void) { struct s v; return v.y + "
                            "undeclared + (int)sizeof t; }\n"},
                 {"model.xml", model({"A"})}},
                false);
  Env E;
  auto R = lowerProject(P, E);
  ASSERT_TRUE(static_cast<bool>(R)) << llvm::toString(R.takeError());
  EXPECT_TRUE(R->Files.empty());
}

TEST(globals, NothingToLowerIsNotParsed) {
  const char *Text = "#include <stdio.h>\nstatic int counter;\n"
                     "#ifdef A\nstatic int extra;\n#endif\n"
                     "int main(void) {\n#ifdef A\n  puts(\"a\");\n#endif\n"
                     "  return counter;\n}\n";
  TempProject P({{"main.c", Text}, {"model.xml", model({"A"})}}, false);
  Env E;
  auto R = lowerProject(P, E);
  ASSERT_TRUE(static_cast<bool>(R)) << llvm::toString(R.takeError());
  EXPECT_TRUE(R->Files.empty());
  // The lexical pre-check alone says so (no parse).
  const std::string File = P.root() + "/main.c";
  FileGroups G = analyzeGroups(E.Structures.at(File), *E.Features);
  EXPECT_FALSE(glob::mayHaveFileScopeVariability(
      E.Texts.at(File), E.Structures.at(File), G, {"A"}, {}, {}));
}

TEST(globals, PreCheckSeesInitializersDeclarationsAndMacros) {
  auto Check = [](const std::string &Text, std::set<std::string> Watched,
                  std::set<std::string> Stringifiers = {},
                  std::set<std::string> Values = {}) {
    auto FS = scanDirectives("t.c", Text);
    EXPECT_TRUE(static_cast<bool>(FS));
    if (!FS)
      return false;
    auto F = setUpFeatures("", "/nonexistent", {{"t.c", *FS}}, {});
    EXPECT_TRUE(static_cast<bool>(F));
    if (!F)
      return false;
    FileGroups G = analyzeGroups(*FS, *F);
    return glob::mayHaveFileScopeVariability(Text, *FS, G, Watched,
                                             Stringifiers, Values);
  };
  EXPECT_TRUE(Check("int t[] = {1,\n#ifdef A\n2,\n#endif\n};\n", {"A"}));
  EXPECT_TRUE(
      Check("#ifdef A\nint x = 1;\n#else\nint x = 2;\n#endif\n", {"A"}));
  EXPECT_TRUE(Check("static char b[N];\n", {"A", "N"}));
  // Function bodies and single-branch declarations are not this pass's.
  EXPECT_FALSE(Check("int f(void) {\n#ifdef A\n  return N;\n#endif\n"
                     "  return 0;\n}\n",
                     {"A", "N"}));
  // A group inside a function's head: a return type or name per feature.
  EXPECT_TRUE(Check("static int\n#ifdef A\nf(int a) { return a; }\n#else\n"
                    "f(void) { return 0; }\n#endif\n",
                    {"A"}));
  EXPECT_TRUE(Check("#ifdef A\nlong\n#else\nshort\n#endif\nf(void) "
                    "{ return 0; }\n",
                    {"A"}));
  EXPECT_FALSE(Check("#ifdef A\nint f(void) { return 1; }\n#else\n"
                     "int f(void) { return 2; }\n#endif\n",
                     {"A"}));
  // A watched name stringified in a function body: its string is a
  // constant per configuration (copies of the function); in another
  // macro's arguments it is the #if rewriter's run-time read.
  const std::string Banner =
      "const char *f(void) { return \"n=\" STR((N)); }\n";
  EXPECT_TRUE(Check(Banner, {"N"}, {"STR"}, {"N"}));
  EXPECT_FALSE(Check(Banner, {"N"}, {"MAX"}, {"N"}));
  EXPECT_FALSE(
      Check("int f(void) { return STR(x) + N; }\n", {"N"}, {"STR"}, {"N"}));
  // A watched macro whose value is not a feature's (an assertion's text).
  EXPECT_FALSE(Check(Banner, {"N"}, {"STR"}, {}));
}

/// The one lowered text of a project of main.c (Text) and Model, or the
/// lowering's error.
std::string lowerOne(const std::string &Text, const std::string &Model) {
  TempProject P({{"main.c", Text}, {"model.xml", Model}}, false);
  Env E;
  auto R = lowerProject(P, E);
  if (!R)
    return "error: " + llvm::toString(R.takeError());
  if (R->Files.size() != 1)
    return "error: " + std::to_string(R->Files.size()) + " files lowered";
  return R->Files.begin()->second;
}

TEST(globals, AFeatureValueStringifiedInABodyIsCopiedPerValue) {
  const char *Model =
      "<vm name=\"t\"><binaryOptions><configurationOption><name>root</name>"
      "<outputString>root</outputString><parent></parent><impliedOptions/>"
      "<excludedOptions/><optional>False</optional></configurationOption>"
      "</binaryOptions><numericOptions><configurationOption><name>LEVEL"
      "</name><outputString>LEVEL</outputString><parent>root</parent>"
      "<minValue>1</minValue><maxValue>3</maxValue><stepFunction>LEVEL + 1"
      "</stepFunction></configurationOption></numericOptions></vm>\n";
  const std::string Macros =
      "#include <stdio.h>\n#define STR_(x) #x\n#define STR(x) STR_(x)\n";
  // In a function: one copy per value, each spelling its value.
  std::string Out = lowerOne(
      Macros +
          "static const char *banner(void) { return \"level=\" STR(LEVEL); }\n"
          "int main(void) { puts(banner()); return 0; }\n",
      Model);
  for (const char *V : {"STR(1)", "STR(2)", "STR(3)"})
    EXPECT_NE(Out.find(V), std::string::npos) << V << " in:\n" << Out;
  EXPECT_EQ(Out.find("STR(LEVEL)"), std::string::npos) << Out;
  // At file scope, a constant string: copied per value likewise.
  Out = lowerOne(Macros +
                     "static const char *const name = \"level=\" STR(LEVEL);\n"
                     "int main(void) { puts(name); return 0; }\n",
                 Model);
  for (const char *V : {"STR(1)", "STR(2)", "STR(3)"})
    EXPECT_NE(Out.find(V), std::string::npos) << V << " in:\n" << Out;
}

// A table of scalars whose copies would exceed MaxFunctionCopies is one
// array filled at start-up (FilledTables.cpp); where its size is read
// other than by the count idiom, it is copied as before.
TEST(globals, AScalarTableOfManyOptionsIsFilledAtStartup) {
  const std::string Model = model({"A", "B", "C", "D", "E"});
  auto Table = [](const std::string &Reader) {
    std::string T = "static const char *const opts[] = {\n";
    for (const char *F : {"A", "B", "C", "D", "E"})
      T += std::string("#ifdef ") + F + "\n  \"" + F + "\",\n#endif\n";
    return T + "  \"END\"\n};\n" + Reader +
           "int main(void) { return (int)count() + (opts[0][0] == 'A'); }\n";
  };
  auto Copied = [&](const std::string &Text) {
    std::string Out = lowerOne(Text, Model);
    EXPECT_EQ(Out.rfind("error: ", 0), std::string::npos) << Out;
    EXPECT_EQ(Out.find("__varsim_fill"), std::string::npos) << Out;
    return Out;
  };
  const std::string Text =
      Table("static unsigned long count(void) {\n"
            "  return sizeof(opts) / sizeof(opts[0]);\n}\n");
  std::string Out = lowerOne(Text, Model);
  EXPECT_NE(Out.find("static const char * opts[6];"), std::string::npos) << Out;
  EXPECT_NE(Out.find("opts__varsim_fill(void)"), std::string::npos) << Out;
  EXPECT_NE(Out.find("#ifdef C\n  opts[varsim_n++] = \"C\";\n#endif"),
            std::string::npos)
      << Out;
  EXPECT_NE(Out.find("return ((__typeof__(sizeof 0))opts__varsim_count);"),
            std::string::npos)
      << Out;
  // Same lines as the original.
  EXPECT_EQ(llvm::count(Out, '\n'), llvm::count(Text, '\n'));

  // The last entries in exclusive branches, without commas; a comment
  // after an entry stays outside its assignment.
  std::string T = "static const char *const opts[] = {\n";
  for (const char *F : {"A", "B", "C", "D"})
    T += std::string("#ifdef ") + F + "\n  \"" + F + "\", /* " + F +
         " */\n#endif\n";
  T += "#ifdef E\n  \"E\" // last\n#else\n  \"NO_E\"\n#endif\n};\n"
       "unsigned long count(void) { return sizeof opts / sizeof *opts; }\n";
  Out = lowerOne(T, Model);
  for (const char *Line : {"  opts[varsim_n++] = \"A\"; /* A */",
                           "  opts[varsim_n++] = \"E\"; // last",
                           "  opts[varsim_n++] = \"NO_E\";"})
    EXPECT_NE(Out.find(Line), std::string::npos) << Line << " in:\n" << Out;

  // String literals continued across a directive line ("v1" #ifdef A
  // "-a" #endif ,): one entry, which assignments cannot split.
  T = "static const char *const opts[] = {\n  \"v1\"\n"
      "#ifdef A\n  \"-a\"\n#endif\n  ,\n";
  for (const char *F : {"B", "C", "D", "E"})
    T += std::string("#ifdef ") + F + "\n  \"" + F + "\",\n#endif\n";
  Copied(T + "};\nunsigned long count(void) { return sizeof opts / sizeof "
             "*opts; }\n");
  // `sizeof opts` alone (its bytes).
  Out = Copied(Table("static unsigned long count(void) {\n"
                     "  return sizeof opts;\n}\n"));
  EXPECT_NE(Out.find("opts__varsim_A_B_C_D_E"), std::string::npos) << Out;
  // Its count read in a function copied for another reason (it reads a
  // table that cannot be filled): the copies are made of the original
  // text.
  Copied(Table("static const int other[] = {1,\n#ifdef A\n2,\n#endif\n};\n"
               "static unsigned long count(void) {\n"
               "  return sizeof(opts) / sizeof(opts[0]) + sizeof other;\n"
               "}\n"));
  // Named in a macro's argument, which may take its size.
  Copied(Table("#define ArraySize(X) (sizeof(X) / sizeof(X[0]))\n"
               "static unsigned long count(void) {\n"
               "  return ArraySize(opts);\n}\n"));
}

} // namespace
