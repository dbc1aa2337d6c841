//===- test/safety/MacroTypeTest.cpp - Macros selected at run time --------===//
//
// M3 (non-literal bodies), S2 and S3 of test/realistic/FINDINGS.md: a
// macro defined differently per feature becomes `((c) ? (A) : (B))`, one
// expression of one type. Its expansions must have one type in every
// configuration, must not be types, and must not be concatenated with
// string literals.
//
//===----------------------------------------------------------------------===//

#include "SafetyHarness.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

using namespace varsim::rewrite::safety::test;
using ::testing::HasSubstr;
using ::testing::IsEmpty;

namespace {

size_t count(const std::string &Text, const std::string &What) {
  size_t N = 0;
  for (size_t P = Text.find(What); P != std::string::npos;
       P = Text.find(What, P + 1))
    ++N;
  return N;
}

std::string errorsOf(const std::string &Main, const std::string &Feature,
                     bool Cxx = false) {
  return checkProject({{Cxx ? "main.cpp" : "main.c", Main}}, {Feature}, Cxx)
      .Errors;
}

TEST(SafetyMacroType, IntAndDouble) {
  std::string E = errorsOf(R"(#include <stdio.h>
#ifdef SMOOTH
#define GROWTH (3 / 2.0)
#else
#define GROWTH (1 + 1)
#endif
int main(void) {
  int cap = 7;
  int rounded = cap / GROWTH * GROWTH;
  printf("%d\n", rounded);
  return rounded;
}
)",
                           "SMOOTH");
  EXPECT_THAT(E, HasSubstr("/main.c:9:23: error: the macro 'GROWTH' is '"));
  EXPECT_THAT(E, HasSubstr("'double' when SMOOTH"));
  EXPECT_THAT(E, HasSubstr("'int' when !SMOOTH"));
  EXPECT_THAT(E, HasSubstr("converted to their common type"));
  EXPECT_EQ(count(E, "error:"), 1u) << E;
}

TEST(SafetyMacroType, NonLiteralBodies) {
  // Expressions, not literals: the old literal check could not see them.
  std::string E = errorsOf(R"(#include <stdio.h>
static int base = 3;
#ifdef SCALED
#define FACTOR (base * 1.5)
#else
#define FACTOR (base * 2)
#endif
int main(void) {
  printf("%d\n", 10 / (int)FACTOR);
  int n = 10 / FACTOR;
  return n;
}
)",
                           "SCALED");
  // `(int)FACTOR` is an int in every variant; `10 / FACTOR` is not.
  EXPECT_THAT(E, HasSubstr("/main.c:10:16: error: the macro 'FACTOR' is '"));
  EXPECT_EQ(count(E, "error:"), 1u) << E;
}

TEST(SafetyMacroType, SignedAndUnsigned) {
  std::string E = errorsOf(R"(#include <stdio.h>
#ifdef LIMITED
#define MAX_ITEMS 100u
#else
#define MAX_ITEMS (0 - 1)
#endif
int main(void) {
  int kept = 0;
  for (int i = 0; i < 250; ++i)
    if (MAX_ITEMS < 0 || i < (int)MAX_ITEMS) ++kept;
  printf("%d\n", kept);
  return kept % 100;
}
)",
                           "LIMITED");
  EXPECT_THAT(E, HasSubstr("/main.c:10:9: error: the macro 'MAX_ITEMS' is '"));
  EXPECT_THAT(E, HasSubstr("'unsigned int' when LIMITED"));
  EXPECT_THAT(E, HasSubstr("'int' when !LIMITED"));
}

TEST(SafetyMacroType, StringsOnlyUnderSizeof) {
  // Strings of different lengths are one pointer type once they decay; a
  // sizeof sees the arrays.
  const char *Defs = R"(#include <stdio.h>
static const char dbg[] = "dbg", rel[] = "release";
#ifdef DBG
#define TAG dbg
#else
#define TAG rel
#endif
)";
  EXPECT_THAT(errorsOf(std::string(Defs) + R"(int main(void) {
  printf("%s\n", TAG);
  const char *t = TAG;
  return t[0] == 'd';
}
)",
                       "DBG"),
              IsEmpty());
  std::string E = errorsOf(std::string(Defs) + R"(int main(void) {
size_t n = sizeof(TAG) - 1;
  printf("%s %zu\n", TAG, n);
  return (int)n;
}
)",
                           "DBG");
  EXPECT_THAT(E, HasSubstr("/main.c:9:19: error: the macro 'TAG' is '"));
  EXPECT_THAT(E, HasSubstr("'char[4]' when DBG"));
  EXPECT_THAT(E, HasSubstr("'char[8]' when !DBG"));
}

TEST(SafetyMacroType, LiteralBodiesAreLeftToTheRewriter) {
  // One literal per branch: the rewriter compares the literals' types at
  // the definitions (test/rewrite, MacroMerging.cpp).
  std::string E = errorsOf(R"(#include <stdio.h>
#ifdef SMOOTH
#define GROWTH 1.5
#else
#define GROWTH 2
#endif
int main(void) { printf("%d\n", (int)(7 / GROWTH)); return 0; }
)",
                           "SMOOTH");
  EXPECT_THAT(E, IsEmpty());
}

TEST(SafetyMacroType, SameTypesAndVoidAreAccepted) {
  std::string E = errorsOf(R"(#include <stdio.h>
static int calls;
#ifdef BIG
#define CAP (16 * 64)
#define TRACE(x) printf("trace %d\n", (x))
#define NAME "big"
#define CHECK(x) ((x) ? 1 : 0)
#else
#define CAP (1 << 4)
#define TRACE(x) ((void)0)
#define NAME "small"
#define CHECK(x) (++calls, (x) != 0)
#endif
int main(void) {
  int total = CAP * 2;
  TRACE(total);
  printf("%s %d %d\n", NAME, total, CHECK(total > 3));
  return 0;
}
)",
                           "BIG");
  EXPECT_THAT(E, IsEmpty());
}

TEST(SafetyMacroType, AutoInCxx) {
  std::string E = errorsOf(R"(#include <cstdio>
#ifdef HALF
#define RATIO (1 / 2.0)
#else
#define RATIO (6 / 2)
#endif
int main() {
  auto r = RATIO;
  std::printf("%g\n", 10 / r);
  return 0;
}
)",
                           "HALF", true);
  EXPECT_THAT(E, HasSubstr("/main.cpp:8:12: error: the macro 'RATIO' is '"));
}

TEST(SafetyMacroType, TypeMacroIsRefused) {
  // S2: a type cannot be selected at run time.
  std::string E = errorsOf(R"(#include <stdio.h>
#ifdef PRECISE
#define real_t double
#else
#define real_t float
#endif
int main(void) {
  real_t x = (real_t)1 / 3;
  printf("%.3f\n", (double)x);
  return 0;
}
)",
                           "PRECISE");
  EXPECT_THAT(E, HasSubstr("/main.c:8:3: error: the macro 'real_t' defined "
                           "differently per feature expands to a type here"));
  EXPECT_THAT(E, HasSubstr("use a typedef per feature"));
  EXPECT_EQ(count(E, "error:"), 1u) << E;
}

TEST(SafetyMacroType, ConcatenatedStringIsRefusedAtFileScope) {
  // S3: `"tool 1.0" SUFFIX` is one literal in each variant. In a function
  // body the rewriter copies the function per configuration (the corpus's
  // c_idiom_string_piece); in a file-scope initializer nothing can select.
  std::string E = errorsOf(R"(#include <stdio.h>
#ifdef DEBUG
#define SUFFIX "-debug"
#else
#define SUFFIX ""
#endif
static const char banner[] = "tool 1.0" SUFFIX;
int main(void) {
  puts("tool 1.0" SUFFIX);
  puts(banner);
  puts(SUFFIX);
  return 0;
}
)",
                           "DEBUG");
  EXPECT_THAT(E, HasSubstr("/main.c:7:41: error: the macro 'SUFFIX' defined "
                           "differently per feature is concatenated with a "
                           "string literal here, outside a function body"));
  EXPECT_EQ(count(E, "error:"), 1u) << E;
}

const char *StaticMacro = R"(#ifdef TESTING
#define STATIC
#else
#define STATIC static
#endif
)";

TEST(SafetyStorageMacro, FileScopeDefinitionsAreAccepted) {
  std::string E =
      checkProject({{"main.c", std::string(StaticMacro) + R"(#include <stdio.h>
STATIC int counter;
STATIC int bump(int by) { counter += by; return counter; }
int main(void) { printf("%d\n", bump(2)); return 0; }
)"}},
                   {"TESTING"})
          .Errors;
  EXPECT_THAT(E, IsEmpty());
}

TEST(SafetyStorageMacro, LocalMadeStaticIsRefused) {
  std::string E =
      checkProject({{"main.c", std::string(StaticMacro) + R"(#include <stdio.h>
static int bump(int by) {
  STATIC int total = 0;
  total += by;
  return total;
}
int main(void) { bump(1); printf("%d\n", bump(2)); return 0; }
)"}},
                   {"TESTING"})
          .Errors;
  EXPECT_THAT(E, HasSubstr("/main.c:8:3: error: the macro 'STATIC' is empty "
                           "in some variants and 'static' in others, and "
                           "here it begins the declaration of the local "
                           "'total'"));
  EXPECT_EQ(count(E, "error:"), 1u) << E;
}

TEST(SafetyStorageMacro, NameDefinedInTwoUnitsIsRefused) {
  std::string Header =
      std::string("#ifndef CFG_H\n#define CFG_H\n") + StaticMacro + "#endif\n";
  std::string E =
      checkProject(
          {{"cfg.h", Header},
           {"a.c", "#include \"cfg.h\"\nSTATIC int helper(void) { return 1; }\n"
                   "int a(void) { return helper(); }\n"},
           {"b.c",
            "#include \"cfg.h\"\nSTATIC int helper(void) { return 2; }\n"
            "int a(void);\nint main(void) { return a() + helper(); }\n"}},
          {"TESTING"})
          .Errors;
  EXPECT_THAT(E, HasSubstr(":2:1: error: 'helper' is defined with the macro "
                           "'STATIC' (empty in some variants, 'static' in "
                           "others) in several translation units (a.c, b.c)"));
  EXPECT_EQ(count(E, "error:"), 1u) << E;
}

} // namespace
