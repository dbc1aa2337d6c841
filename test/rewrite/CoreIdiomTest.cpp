//===- test/rewrite/CoreIdiomTest.cpp - Realistic idioms of the core ------===//
//
// Idioms of real projects that the rewriter's core encodes (each rewritten,
// the simulator compared with every variant): statement macros defined per
// feature, macros defined only where they are used, members declared alike
// in several branches, constructor initializers under a feature, member
// functions defined per feature in several files, nested groups; and what
// must still be refused, with a located error.
//
//===----------------------------------------------------------------------===//

#include "test/common/FeatureModels.h"
#include "test/common/RewriteHarness.h"

#include "rewrite/FileRewriterImpl.h"

#include "llvm/Support/FileSystem.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

using namespace varsim::rewrite;
using namespace varsim::rewrite::test;
using ::testing::HasSubstr;
using ::testing::Not;

namespace {

std::string model(std::initializer_list<std::string> Names,
                  const std::string &Constraints = "") {
  return varsim::test::optionalFeaturesModel(Names, "", Constraints);
}

void expectEquivalent(std::map<std::string, std::string> Files, bool Cxx) {
  TempProject P(std::move(Files), Cxx);
  std::string Err = P.rewrite();
  ASSERT_EQ(Err, "");
  EXPECT_EQ(P.checkAllConfigurations(P.root() + "/model.xml"), "");
}

std::string refusal(std::map<std::string, std::string> Files, bool Cxx) {
  TempProject P(std::move(Files), Cxx);
  std::string Err = P.rewrite();
  EXPECT_FALSE(llvm::sys::fs::exists(P.out()));
  return Err;
}

//===--- F5: statement macros per feature ---------------------------------===//

TEST(RewriteCoreIdioms, MacroBodyShapes) {
  using detail::classifyMacroBody;
  using detail::MacroBody;
  EXPECT_EQ(classifyMacroBody("do { f(x); } while (0)").K, MacroBody::DoWhile);
  EXPECT_EQ(classifyMacroBody("do { f(x); } while (0)").Braced, "{ f(x); }");
  EXPECT_EQ(classifyMacroBody("do{}while(0)").K, MacroBody::DoWhile);
  EXPECT_EQ(classifyMacroBody("do { puts(\"}\"); } while (0)").Braced,
            "{ puts(\"}\"); }");
  EXPECT_EQ(classifyMacroBody("{ a = 1; b = 2; }").K, MacroBody::Block);
  EXPECT_EQ(classifyMacroBody("((void)0)").K, MacroBody::Void);
  EXPECT_EQ(classifyMacroBody("").K, MacroBody::Empty);
  EXPECT_EQ(classifyMacroBody("(x + 1)").K, MacroBody::Expression);
  // Not one statement: refused.
  EXPECT_EQ(classifyMacroBody("do { f(); } while (1)").K, MacroBody::Other);
  EXPECT_EQ(classifyMacroBody("{ a(); } b();").K, MacroBody::Other);
  EXPECT_EQ(classifyMacroBody("a(); b()").K, MacroBody::Other);
  EXPECT_EQ(classifyMacroBody("dox(1)").K, MacroBody::Expression);
}

// M4: the merge parenthesizes each body; a top-level list or operator
// would change meaning, the common primary shapes must not be refused.
TEST(RewriteCoreIdioms, MacroBodiesThatParenthesesWouldChange) {
  using detail::classifyMacroBody;
  using detail::MacroBody;
  for (const char *Safe : {"4096",
                           "-1",
                           "1.5e-3",
                           "0x1p+4",
                           "100u",
                           "\"a, b\"",
                           "'+'",
                           "\"tool\" \"1.0\"",
                           "limit",
                           "f(x, y)",
                           "(4096 + 1)",
                           "((a) * (b))",
                           "(int)x",
                           "a.b->c[2 * i]",
                           "!flag",
                           "~0u",
                           "x++",
                           "sizeof(int)",
                           "std::numeric_limits<int>::max()",
                           "T<int, 2>(x)",
                           "L\"wide\"",
                           "#x"})
    EXPECT_EQ(classifyMacroBody(Safe).K, MacroBody::Expression) << Safe;
  for (const char *Unsafe :
       {"4096 + 1", "443, 8443", "a ? b : c", "x = 1", "(a) - 1", "(a) * (b)",
        "f(x) | 2", "-1 * n", "sizeof(int) * 4", "a < b"}) {
    MacroBody B = classifyMacroBody(Unsafe);
    EXPECT_EQ(B.K, MacroBody::Other) << Unsafe;
    EXPECT_FALSE(B.Why.empty()) << Unsafe;
  }
  EXPECT_THAT(classifyMacroBody("443, 8443").Why,
              HasSubstr("a list cannot be selected at run time"));
  EXPECT_THAT(classifyMacroBody("4096 + 1").Why,
              HasSubstr("parenthesize the body"));
}

// Neither an expression nor a statement: each function using it is copied
// per configuration with its own definition (rewrite/CopiedMacros.cpp),
// which computes `4096 + 1 * 2` as the variant does.
TEST(RewriteCoreIdioms, UnparenthesizedMacroBodyIsCopiedPerConfiguration) {
  expectEquivalent(
      {{"main.c", "#include <stdio.h>\n#ifdef BIG\n#define BUFSZ 4096 + 1\n"
                  "#else\n#define BUFSZ 512 + 1\n#endif\nint main(void) {\n"
                  "  int total = BUFSZ * 2;\n  printf(\"%d\\n\", total);\n"
                  "  return total % 100;\n}\n"},
       {"model.xml", model({"BIG"})}},
      false);
}

TEST(RewriteCoreIdioms, MacroListPerFeatureIsCopiedPerConfiguration) {
  expectEquivalent(
      {{"main.c", "#ifdef TLS\n#define PORTS 443, 8443\n#else\n"
                  "#define PORTS 80, 8080, 8000\n#endif\nint main(void) {\n"
                  "  int ports[] = {PORTS};\n"
                  "  return (int)(sizeof ports / sizeof ports[0]);\n}\n"},
       {"model.xml", model({"TLS"})}},
      false);
}

const char *StatementMacros = R"(#include <stdio.h>
static int counter;
#ifdef TRACE
#define LOG(msg, ...)                                                          \
  do {                                                                         \
    printf("trace: " msg "\n", __VA_ARGS__);                                   \
    ++counter;                                                                 \
  } while (0)
#define STEP() do { counter += 10; } while (0)
#define CHECK(x) { if (!(x)) counter += 100; }
#define NOTE(x) ++counter
#else
#define LOG(msg, ...) do { } while (0)
#define STEP() ((void)0)
#define CHECK(x) { }
#define NOTE(x)
#endif
int main(void) {
  int v = 3;
  for (int i = 0; i < v; ++i)
    if (i % 2)
      LOG("odd %d", i);
    else
      STEP();
  CHECK(v > 5);
  NOTE(v);
  printf("%d\n", counter);
  return counter % 50;
}
)";

TEST(RewriteCoreIdioms, StatementMacrosPerFeatureC) {
  expectEquivalent(
      {{"main.c", StatementMacros}, {"model.xml", model({"TRACE"})}}, false);
}

TEST(RewriteCoreIdioms, StatementMacrosPerFeatureCxx) {
  expectEquivalent(
      {{"main.cpp", StatementMacros}, {"model.xml", model({"TRACE"})}}, true);
}

TEST(RewriteCoreIdioms, StatementMacroWithTwoStatementsIsCopied) {
  expectEquivalent(
      {{"main.c", "#include <stdio.h>\n#ifdef A\n#define M() a(); b()\n"
                  "#else\n#define M() ((void)0)\n#endif\n"
                  "void a(void) { puts(\"a\"); }\nvoid b(void) "
                  "{ puts(\"b\"); }\nint main(void) { M(); return 0; }\n"},
       {"model.xml", model({"A"})}},
      false);
}

TEST(RewriteCoreIdioms, EmptyObjectLikeMacroIsRefused) {
  std::string Err =
      refusal({{"main.c", "#ifdef A\n#define QUAL const\n#else\n"
                          "#define QUAL\n#endif\n"
                          "int main(void) { QUAL int k = 1; return k; }\n"},
               {"model.xml", model({"A"})}},
              false);
  EXPECT_THAT(Err, HasSubstr("main.c:2:1: error: macro 'QUAL'"));
}

//===--- F8: a macro defined only where it is used ------------------------===//

const char *ConfinedMacro = R"(#include <stdio.h>
#include "tile.h"
static int sum(const int *v, int n) {
  int s = 0;
#ifdef BLOCKED
  int acc[TILE] = {0};
  for (int i = 0; i < n; ++i)
    acc[i % TILE] += v[i];
  for (int t = 0; t < TILE; ++t)
    s += acc[t] * SCALE(t);
#elif defined(STRIDED)
  for (int i = 0; i < n; i += STRIDE)
    s += v[i];
#else
  for (int i = 0; i < n; ++i)
    s += v[i];
#endif
  return s;
}
int main(void) {
  int v[10] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
  printf("%d\n", sum(v, 10));
  return 0;
}
)";

const char *ConfinedHeader = R"(#ifndef TILE_H
#define TILE_H
#if defined(BLOCKED)
#define TILE 4
#define SCALE(t) ((t) + 1)
#elif defined(STRIDED)
#define STRIDE 3
#endif
#endif
)";

TEST(RewriteCoreIdioms, MacroDefinedOnlyWhereItIsUsedC) {
  expectEquivalent({{"main.c", ConfinedMacro},
                    {"tile.h", ConfinedHeader},
                    {"model.xml", model({"BLOCKED", "STRIDED"})}},
                   false);
}

TEST(RewriteCoreIdioms, MacroDefinedOnlyWhereItIsUsedCxx) {
  expectEquivalent({{"main.cpp", ConfinedMacro},
                    {"tile.h", ConfinedHeader},
                    {"model.xml", model({"BLOCKED", "STRIDED"})}},
                   true);
}

TEST(RewriteCoreIdioms, MacroUsedOutsideItsBranchIsRefused) {
  // TILE is also a variable where BLOCKED is off: keeping the definition
  // would change that code.
  std::string Err = refusal(
      {{"main.c", "#ifdef BLOCKED\n#define TILE 4\n#endif\nint main(void) {\n"
                  "#ifdef BLOCKED\n  return TILE;\n#else\n  int TILE = 2;\n"
                  "  return TILE;\n#endif\n}\n"},
       {"model.xml", model({"BLOCKED"})}},
      false);
  EXPECT_THAT(Err, HasSubstr("main.c:2:1: error: macro 'TILE' is defined "
                             "only in some branches"));
}

TEST(RewriteCoreIdioms, MacroUsedInAnotherFileOutsideItsBranchIsRefused) {
  std::string Err = refusal(
      {{"main.c", "#include \"t.h\"\nint g(void);\nint main(void) {\n"
                  "#ifdef BLOCKED\n  return TILE + g();\n#endif\n  return "
                  "g();\n}\n"},
       {"g.c", "int g(void) { return 1; }\n"
               "/* TILE in a comment is fine */\nint h(void) { return "
               "sizeof(\"TILE\"); }\nint k(int TILE) { return TILE; }\n"},
       {"t.h", "#ifdef BLOCKED\n#define TILE 4\n#endif\n"},
       {"model.xml", model({"BLOCKED"})}},
      false);
  EXPECT_THAT(Err, HasSubstr("t.h:2:1: error: macro 'TILE'"));
}

//===--- F2: a member declared alike in several branches ------------------===//

const char *RepeatedMember = R"(#include <stdio.h>
#include <string.h>
struct pool {
  int in_use;
#if defined(DEBUG) && !defined(POISON)
  unsigned long high_water;
#elif defined(POISON)
  unsigned long high_water;
  int poison_checks;
#endif
};
static void take(struct pool *p) {
  ++p->in_use;
#if defined(DEBUG) || defined(POISON)
  if ((unsigned long)p->in_use > p->high_water)
    p->high_water = (unsigned long)p->in_use;
#endif
#ifdef POISON
  ++p->poison_checks;
#endif
}
int main(void) {
  struct pool p;
  memset(&p, 0, sizeof p);
  for (int i = 0; i < 5; ++i)
    take(&p);
#if defined(DEBUG) || defined(POISON)
  printf("high %lu\n", p.high_water);
#endif
#ifdef POISON
  printf("checks %d\n", p.poison_checks);
#endif
  return p.in_use;
}
)";

TEST(RewriteCoreIdioms, MemberDeclaredAlikeInSeveralBranchesC) {
  expectEquivalent(
      {{"main.c", RepeatedMember}, {"model.xml", model({"DEBUG", "POISON"})}},
      false);
}

TEST(RewriteCoreIdioms, MemberDeclaredAlikeInSeveralBranchesCxx) {
  expectEquivalent(
      {{"main.cpp", RepeatedMember}, {"model.xml", model({"DEBUG", "POISON"})}},
      true);
}

//===--- Constructors -----------------------------------------------------===//

TEST(RewriteCoreIdioms, ConstructorInitializerUnderFeatureCxx) {
  expectEquivalent({{"main.cpp", R"(#include <cstdio>
class Bill {
public:
  Bill(int items, int cents)
      : items_(items), cents_(cents)
#ifdef TIPS
        , tip_(cents / 10)
#endif
#if defined(TAX) && !defined(TIPS)
        , tax_(cents / 5)
#elif defined(TAX)
        , tax_(cents / 4)
#endif
  {
  }
  int total() const {
    int t = cents_;
#ifdef TIPS
    t += tip_;
#endif
#ifdef TAX
    t += tax_;
#endif
    return t;
  }
  int items() const { return items_; }

private:
  int items_;
  int cents_;
#ifdef TIPS
  int tip_;
#endif
#ifdef TAX
  int tax_;
#endif
};
int main() {
  Bill b(3, 1000);
  std::printf("%d %d\n", b.items(), b.total());
  return 0;
}
)"},
                    {"model.xml", model({"TIPS", "TAX"})}},
                   true);
}

TEST(RewriteCoreIdioms, ConstructorInitializerOfUnconditionalMemberIsRefused) {
  std::string Err = refusal({{"main.cpp", R"(struct S {
  S()
      : a_(1)
#ifdef A
        , b_(2)
#endif
  {
  }
  int a_;
  int b_ = 0;
};
int main() { return S().a_; }
)"},
                             {"model.xml", model({"A"})}},
                            true);
  EXPECT_THAT(Err, HasSubstr("main.cpp:4:1: error: conditional on feature A "
                             "inside the initializer list of the "
                             "constructor 'S::S'"));
  EXPECT_THAT(Err, HasSubstr("'b_' also exists in variants without"));
}

TEST(RewriteCoreIdioms, ConstructorInitializerWithSideEffectsIsRefused) {
  std::string Err = refusal({{"main.cpp", R"(#include <cstdio>
static int next() { return std::printf("x\n"); }
struct S {
  S()
      : a_(1)
#ifdef A
        , b_(next())
#endif
  {
  }
  int a_;
#ifdef A
  int b_;
#endif
};
int main() { return S().a_; }
)"},
                             {"model.xml", model({"A"})}},
                            true);
  EXPECT_THAT(Err, HasSubstr("main.cpp:6:1: error: "));
  EXPECT_THAT(Err, HasSubstr("may have side effects"));
}

TEST(RewriteCoreIdioms, ConstructorBodyLiftedIntoCopiesCxx) {
  // An #if around part of an expression in a constructor and a
  // destructor defined in their class: their bodies are duplicated into
  // member functions that the constructor and destructor call. (A local
  // class: the file-scope pass, rewrite/globals, refuses a file-scope
  // class with such a constructor before the core sees it.)
  expectEquivalent({{"main.cpp", R"(#include <cstdio>
int main() {
  class Meter {
  public:
    explicit Meter(int base, int scale = 2) : base_(base) {
      value_ = base_ * scale
#ifdef BOOST
               + base / 2
#endif
          ;
      if (value_ > 100)
        return;
      value_ += 1;
    }
    ~Meter() {
      std::printf("closing %d"
#ifdef LOUD
                  "!"
#endif
                  "\n",
                  value_);
    }
    int value() const { return value_; }

  private:
    int base_;
    int value_ = 0;
  };
  Meter m(7);
  Meter big(60, 3);
  std::printf("%d %d\n", m.value(), big.value());
  return m.value() % 16;
}
)"},
                    {"model.xml", model({"BOOST", "LOUD"})}},
                   true);
}

//===--- Member functions defined per feature in several files ------------===//

TEST(RewriteCoreIdioms, MemberVariantsInSeveralFilesCxx) {
  expectEquivalent({{"msg.h", R"(#ifndef MSG_H
#define MSG_H
#include <string>
class Msg {
public:
  explicit Msg(std::string b) : body_(b) {}
  std::string encode(int shift) const;
  static int level();
private:
  std::string body_;
};
#endif
)"},
                    {"a.cpp", R"(#include "msg.h"
#ifdef ROT
std::string Msg::encode(int shift) const {
  std::string out = body_;
  for (char &c : out)
    c = static_cast<char>(c + shift);
  return out;
}
int Msg::level() { return 2; }
#endif
)"},
                    {"b.cpp", R"(#include "msg.h"
#ifndef ROT
std::string Msg::encode(int shift) const { return body_ + std::to_string(shift); }
int Msg::level() { return 1; }
#endif
)"},
                    {"main.cpp", R"(#include "msg.h"
#include <cstdio>
int main() {
  Msg m("abc");
  std::printf("%s %d\n", m.encode(1).c_str(), Msg::level());
  return 0;
}
)"},
                    {"model.xml", model({"ROT"})}},
                   true);
}

TEST(RewriteCoreIdioms, FreeFunctionVariantsInSeveralFilesC) {
  expectEquivalent({{"api.h", "int scale(int x);\n"},
                    {"fast.c", "#include \"api.h\"\n#ifdef FAST\nint "
                               "scale(int x) { return x << 2; }\n#endif\n"},
                    {"slow.c", "#include \"api.h\"\n#ifndef FAST\nint "
                               "scale(int x) { return x * 3; }\n#endif\n"},
                    {"main.c", "#include <stdio.h>\n#include \"api.h\"\nint "
                               "main(void) { printf(\"%d\\n\", scale(5)); "
                               "return 0; }\n"},
                    {"model.xml", model({"FAST"})}},
                   false);
}

//===--- Nested groups under constraints ----------------------------------===//

TEST(RewriteCoreIdioms, NestedGroupsInBodyUnderConstraints) {
  // A nested #if on the first line of a branch: where it is inactive,
  // the preprocessor's skipped range starts at that line, which once made
  // the enclosing branch look unparsed ("this branch was not parsed").
  std::string Constraints =
      "    <rule><imp><var>B</var><var>A</var></imp></rule>\n"
      "    <rule><imp><var>C</var><not><var>B</var></not></imp></rule>\n";
  expectEquivalent({{"main.c", R"(#include <stdio.h>
int main(void) {
  int n = 1;
#ifdef A
#ifdef B
  n *= 5;
#else
#ifdef C
  n -= 2;
#else
  n -= 3;
#endif
  n *= 7;
#endif
  n += 1;
#else
  n = 100;
#endif
  printf("%d\n", n);
  return 0;
}
)"},
                    {"model.xml", model({"A", "B", "C"}, Constraints)}},
                   false);
}

} // namespace

//===--- M1: predefined names in renamed functions ------------------------===//

TEST(RewriteCoreIdioms, PrettyFunctionInRenamedFunctionIsRefusedCxx) {
  std::string Err = refusal(
      {{"main.cpp", "#include <cstdio>\n#ifdef A\nint f(int x) {\n"
                    "  std::puts(__PRETTY_FUNCTION__);\n  return x;\n}\n"
                    "#else\nint f(int x) { return x + 1; }\n#endif\n"
                    "int main() { return f(1); }\n"},
       {"model.xml", model({"A"})}},
      true);
  EXPECT_THAT(Err, HasSubstr("main.cpp:3:5: error: 'f' is renamed in the "
                             "simulator"));
  EXPECT_THAT(Err, HasSubstr("__PRETTY_FUNCTION__"));
}

//===--- Function markers
//---------------------------------------------------===//

const char *SmallFunctions = R"(#include <stdio.h>
static int clamp(int v) { return v < 0 ? 0 : v > 9 ? 9 : v; }
static int sum(int n) {
  int s = 0;
  for (int i = 0; i < n; ++i)
    s += clamp(i - 2);
  return s;
}
static int twice(int v) {
  int (*f)(int) = clamp;
  return f(v) * 2;
}
#ifdef FAST
static int bonus(int v) { return v + 1; }
static int halve(int v) { return v / 2; }
#endif
static int scan(int v) {
#ifdef FAST
  while (v > 10)
    v -= 10;
#endif
  return v;
}
int main(void) {
  int s = sum(12) + twice(3) + scan(37);
#ifdef FAST
  s = bonus(s);
  int (*h)(int) = halve;
  s = h(s);
#endif
  printf("%d\n", s);
  return s % 50;
}
)";

/// The function whose body holds the marker of region Id in Text.
std::string markedFunction(const std::string &Text, const std::string &Name) {
  size_t At = Text.find(Name + "(");
  if (At == std::string::npos)
    return "missing";
  size_t Brace = Text.find('{', At);
  return Text.compare(Brace + 1, 15, " VARSIM_REGION(") == 0 ? "marked"
                                                             : "unmarked";
}

TEST(RewriteCoreIdioms, LooplessBaseFunctionsHaveNoMarker) {
  TempProject P({{"main.c", SmallFunctions}, {"model.xml", model({"FAST"})}},
                false);
  ASSERT_EQ(P.rewrite(), "");
  std::string Out = P.readOut("src/main.c");
  EXPECT_EQ(markedFunction(Out, "static int clamp"), "unmarked");
  EXPECT_EQ(markedFunction(Out, "static int twice"), "unmarked");
  // A loop, but a small Base function: its time is its caller's
  // (MarkerPolicy.h, MaxUnmarkedLoopLines).
  EXPECT_EQ(markedFunction(Out, "static int sum"), "unmarked");
  // FAST, but only called in this file, from code under FAST: its
  // callers' regions carry FAST. halve's address is taken (a call through
  // the pointer could come from Base code): marked.
  EXPECT_EQ(markedFunction(Out, "static int bonus"), "unmarked");
  EXPECT_EQ(markedFunction(Out, "static int halve"), "marked");
  EXPECT_EQ(markedFunction(Out, "int main"), "marked");
  // Its loop is seen in the parse of FAST only. It reads FAST, so it is
  // versioned per value (FeatureVersions.cpp): each version carries the
  // marker, the dispatcher none.
  EXPECT_EQ(markedFunction(Out, "static int scan__varsim_fv_0"), "marked");
  EXPECT_EQ(markedFunction(Out, "static int scan__varsim_fv_1"), "marked");
  EXPECT_EQ(markedFunction(Out, "static int scan"), "unmarked");
  std::string Manifest = P.readOut("manifest.json");
  size_t List = Manifest.find("\"unmarked_functions\"");
  ASSERT_NE(List, std::string::npos);
  std::string Unmarked = Manifest.substr(List, Manifest.find(']', List) - List);
  EXPECT_THAT(Unmarked, HasSubstr("\"clamp\""));
  EXPECT_THAT(Unmarked, HasSubstr("\"twice\""));
  EXPECT_THAT(Unmarked, HasSubstr("\"sum\""));
  EXPECT_THAT(Unmarked, Not(HasSubstr("\"main\"")));
  EXPECT_EQ(P.checkAllConfigurations(P.root() + "/model.xml"), "");
}

TEST(RewriteCoreIdioms, OnlyLongBaseLoopsCallingProjectCodeKeepTheirMarker) {
  // A Base function with a loop keeps its marker when it is long and calls
  // the project's code (its own context is where the time of what it
  // calls is seen), or holds a feature block. A long leaf (it calls only
  // the C library) loses it: its time is its caller's self time, and the
  // marker would keep it from being inlined (FunctionMarkers.cpp,
  // MaxUnmarkedLoopLines).
  auto LongLoop = [](const std::string &Name, const std::string &Call) {
    std::string Text = "static int " + Name + "(int n) {\n  int s = 0;\n" +
                       "  for (int i = 0; i < n; ++i) {\n";
    for (int I = 0; I < 45; ++I)
      Text += "    s = s * 31 + i + " + std::to_string(I) + ";\n";
    return Text + "    s += " + Call + ";\n  }\n  return s;\n}\n";
  };
  std::string Src =
      "#include <stdio.h>\n#include <string.h>\n"
      "static int step(int i) { return i & 3; }\n" +
      LongLoop("mix", "step(i)") + LongLoop("leaf", "(int)strlen(\"ab\")") +
      LongLoop("through", "(n > 100 ? step : abs)(i)") +
      "static int gated(int n) {\n  int s = 0;\n"
      "  for (int i = 0; i < n; ++i) {\n    s += i;\n"
      "#ifdef FAST\n    s += 1;\n#endif\n  }\n  return s;\n}\n"
      "static int small(int n) {\n  int s = 0;\n"
      "  while (n-- > 0)\n    s += n;\n  return s;\n}\n"
      "int main(void) {\n"
      "  printf(\"%d\\n\", mix(5) + leaf(6) + through(7) + gated(4) + "
      "small(3));\n"
      "  return 0;\n}\n";
  TempProject P({{"main.c", "#include <stdlib.h>\n" + Src},
                 {"model.xml", model({"FAST"})}},
                false);
  ASSERT_EQ(P.rewrite(), "");
  std::string Out = P.readOut("src/main.c");
  EXPECT_EQ(markedFunction(Out, "static int mix"), "marked");
  EXPECT_EQ(markedFunction(Out, "static int leaf"), "unmarked");
  // A call through a pointer may reach the project's code.
  EXPECT_EQ(markedFunction(Out, "static int through"), "marked");
  EXPECT_EQ(markedFunction(Out, "static int small"), "unmarked");
  // gated is versioned per FAST (FeatureVersions.cpp): its versions carry
  // the marker.
  std::string Gated = markedFunction(Out, "static int gated__varsim_fv_0");
  if (Gated == "missing")
    Gated = markedFunction(Out, "static int gated");
  EXPECT_EQ(Gated, "marked");
  EXPECT_EQ(P.checkAllConfigurations(P.root() + "/model.xml"), "");
}

TEST(RewriteCoreIdioms, SmallBaseLoopsWithSavedStateKeepTheirMarker) {
  // A small Base loop that keeps state from call to call (a deadline global
  // it writes and reads, as the samples' busy-work; a static local cache)
  // keeps its marker: its time depends on what earlier calls wrote, from
  // any context. A counter it only increments is no such state.
  std::string Src = "#include <stdio.h>\n"
                    "static double deadline = -1.0;\n"
                    "static void spin(double ms) {\n"
                    "  if (deadline < 0.0)\n    deadline = 0.0;\n"
                    "  deadline += ms;\n"
                    "  for (double t = 0.0; t < deadline; t += 1.0) {\n  }\n}\n"
                    "static int lookup(int key) {\n"
                    "  static int last = -1, value;\n"
                    "  if (key == last)\n    return value;\n"
                    "  last = key;\n  value = 0;\n"
                    "  for (int i = 0; i < key; ++i)\n    value += i;\n"
                    "  return value;\n}\n"
                    "static unsigned calls;\n"
                    "static int count(int n) {\n  int s = 0;\n  ++calls;\n"
                    "  while (n-- > 0)\n    s += n;\n  return s;\n}\n"
                    "int main(void) {\n  spin(3.0);\n"
                    "#ifdef FAST\n  spin(2.0);\n#endif\n"
                    "  printf(\"%d\\n\", lookup(4) + lookup(4) + count(3));\n"
                    "  return 0;\n}\n";
  TempProject P({{"main.c", Src}, {"model.xml", model({"FAST"})}}, false);
  ASSERT_EQ(P.rewrite(), "");
  std::string Out = P.readOut("src/main.c");
  EXPECT_EQ(markedFunction(Out, "static void spin"), "marked");
  EXPECT_EQ(markedFunction(Out, "static int lookup"), "marked");
  EXPECT_EQ(markedFunction(Out, "static int count"), "unmarked");
  EXPECT_EQ(P.checkAllConfigurations(P.root() + "/model.xml"), "");
}

TEST(RewriteCoreIdioms, GranularityAllMarksEveryFunction) {
  TempProject P({{"main.c", SmallFunctions}, {"model.xml", model({"FAST"})}},
                false);
  ASSERT_EQ(P.rewrite(Granularity::All), "");
  std::string Out = P.readOut("src/main.c");
  EXPECT_EQ(markedFunction(Out, "static int clamp"), "marked");
  EXPECT_EQ(markedFunction(Out, "static int twice"), "marked");
  EXPECT_EQ(markedFunction(Out, "static int sum"), "marked");
  EXPECT_THAT(P.readOut("manifest.json"),
              HasSubstr("\"granularity\": \"all\""));
  EXPECT_EQ(P.checkAllConfigurations(P.root() + "/model.xml"), "");
}

//===--- M2: a macro per feature stringified
//-------------------------------===//

TEST(RewriteCoreIdioms, StringifiedMacroPerFeatureIsRefused) {
  std::string Err = refusal(
      {{"main.c", "#include <stdio.h>\n#include \"cfg.h\"\n"
                  "#define BANNER \"buffer size \" STR(BUF_SIZE)\n"
                  "int main(void) {\n  printf(\"%d\\n\", BUF_SIZE);\n"
                  "  puts(BANNER);\n  return 0;\n}\n"},
       {"cfg.h", "#define STR_(x) #x\n#define STR(x) STR_(x)\n#ifdef BIG\n"
                 "#define BUF_SIZE 4096\n#else\n#define BUF_SIZE 512\n"
                 "#endif\n"},
       {"model.xml", model({"BIG"})}},
      false);
  EXPECT_THAT(Err, HasSubstr("main.c:6:8: error: the macro 'BUF_SIZE' defined "
                             "per feature (BIG) is stringified here"));
}

TEST(RewriteCoreIdioms, MacroPerFeatureSpelledByNameIsKept) {
  // `#x` spells the argument as written: the same in every variant.
  expectEquivalent(
      {{"main.c", "#include <stdio.h>\n#define NAME(x) #x\n#ifdef BIG\n"
                  "#define BUF_SIZE 4096\n#else\n#define BUF_SIZE 512\n"
                  "#endif\nint main(void) {\n"
                  "  printf(\"%s = %d\\n\", NAME(BUF_SIZE), BUF_SIZE);\n"
                  "  return BUF_SIZE % 7;\n}\n"},
       {"model.xml", model({"BIG"})}},
      false);
}

//===--- M3: literals of different types per feature
//-----------------------===//

TEST(RewriteCoreIdioms, LiteralTypes) {
  using detail::literalType;
  EXPECT_EQ(literalType("2"), "int");
  EXPECT_EQ(literalType("-1"), "int");
  EXPECT_EQ(literalType("(4096)"), "int");
  EXPECT_EQ(literalType("100u"), "unsigned int");
  EXPECT_EQ(literalType("4096LL"), "long long");
  EXPECT_EQ(literalType("8UL"), "unsigned long");
  EXPECT_EQ(literalType("0xffffffff"), "unsigned int");
  EXPECT_EQ(literalType("3000000000"), "long");
  EXPECT_EQ(literalType("1.5"), "double");
  EXPECT_EQ(literalType("1e3"), "double");
  EXPECT_EQ(literalType("0.5f"), "float");
  EXPECT_EQ(literalType("0x10"), "int");
  EXPECT_EQ(literalType("\"dbg\""), "char[4]");
  EXPECT_EQ(literalType("\"a\\n\""), "char[3]");
  EXPECT_EQ(literalType("x + 1"), "");
  EXPECT_EQ(literalType("LIMIT"), "");
  EXPECT_EQ(literalType("\"a\" \"b\""), "");
}

TEST(RewriteCoreIdioms, IntegerAndFloatingPerFeatureIsRefused) {
  std::string Err = refusal(
      {{"main.c", "#include <stdio.h>\n#ifdef SMOOTH\n#define GROWTH 1.5\n"
                  "#else\n#define GROWTH 2\n#endif\nint main(void) {\n"
                  "  int cap = 7;\n  int r = cap / GROWTH * GROWTH;\n"
                  "  printf(\"%d\\n\", r);\n  return r;\n}\n"},
       {"model.xml", model({"SMOOTH"})}},
      false);
  EXPECT_THAT(Err, HasSubstr("main.c:3:1: error: macro 'GROWTH' defined per "
                             "feature (SMOOTH) is 'double' in one branch and "
                             "'int' in another"));
}

TEST(RewriteCoreIdioms, SignedAndUnsignedPerFeatureIsRefused) {
  std::string Err = refusal(
      {{"main.c", "#ifdef LIMITED\n#define MAX_ITEMS 100u\n#else\n"
                  "#define MAX_ITEMS -1\n#endif\nint main(void) {\n"
                  "  int kept = 0;\n  for (int i = 0; i < 250; ++i)\n"
                  "    if (MAX_ITEMS < 0 || i < (int)MAX_ITEMS) ++kept;\n"
                  "  return kept % 100;\n}\n"},
       {"model.xml", model({"LIMITED"})}},
      false);
  EXPECT_THAT(Err, HasSubstr("main.c:2:1: error: macro 'MAX_ITEMS'"));
  EXPECT_THAT(Err, HasSubstr("'int' in one branch and 'unsigned int'"));
}

TEST(RewriteCoreIdioms, StringLengthsPerFeatureUnderSizeofAreRefused) {
  std::string Err = refusal(
      {{"main.c",
        "#include <stdio.h>\n#ifdef DBG\n#define TAG \"dbg\"\n"
        "#else\n#define TAG \"release\"\n#endif\nint main(void) {\n"
        "  size_t n = sizeof(TAG) - 1;\n  printf(\"%s %zu\\n\", TAG, n);\n"
        "  return (int)n;\n}\n"},
       {"model.xml", model({"DBG"})}},
      false);
  EXPECT_THAT(Err, HasSubstr("main.c:8:21: error: the macro 'TAG' defined "
                             "per feature (DBG) is 'char[4]' in one branch "
                             "and 'char[8]' in another"));
}

TEST(RewriteCoreIdioms, StringsPerFeatureUsedAsValuesAreKept) {
  expectEquivalent(
      {{"main.c", "#include <stdio.h>\n#ifdef DBG\n#define TAG \"dbg\"\n"
                  "#define LIMIT 10L\n#else\n#define TAG \"release\"\n"
                  "#define LIMIT 20L\n#endif\nint main(void) {\n"
                  "  printf(\"%s %ld\\n\", TAG, LIMIT);\n  return 0;\n}\n"},
       {"model.xml", model({"DBG"})}},
      false);
}
