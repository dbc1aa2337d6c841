//===- test/safety/ResolutionTest.cpp - Names resolved per configuration --===//
//
// M6/M7 of test/realistic/FINDINGS.md: the simulator compiles the
// declarations of every variant, so an overload, a hiding member or a
// shadowing local under a feature changes what a name refers to without
// any compile error. What the rewriter handles on purpose (a function
// defined per feature, locals declared alike or copied per configuration)
// must be accepted.
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
                     bool Cxx) {
  return checkProject({{Cxx ? "main.cpp" : "main.c", Main}}, {Feature}, Cxx)
      .Errors;
}

TEST(SafetyResolution, OverloadUnderIfdef) {
  std::string E = errorsOf(R"(#include <cstdio>
static void put(double d) { std::printf("double %.1f\n", d); }
#ifdef INTLOG
static void put(int i) { std::printf("int %d\n", i); }
#endif
int main() {
  put(3);
  put(2.5);
  return 0;
}
)",
                           "INTLOG", true);
  EXPECT_THAT(E, HasSubstr("/main.cpp:7:3: error: 'put' resolves to "));
  EXPECT_THAT(E, HasSubstr("'put(double)' (main.cpp:2) in configuration ''"));
  EXPECT_THAT(E, HasSubstr("'put(int)' (main.cpp:4, under INTLOG) in "
                           "configuration 'INTLOG'"));
  EXPECT_THAT(E, HasSubstr("an overload, a hiding member, a shadowing local"));
  EXPECT_EQ(count(E, "error:"), 1u) << E;
}

TEST(SafetyResolution, MemberHidingBaseMember) {
  std::string E = errorsOf(R"(#include <cstdio>
struct Base {
  void put(double d) { std::printf("base %.1f\n", d); }
};
struct Derived : Base {
#ifdef WIDE
  void put(int i) { std::printf("derived %d\n", i); }
#endif
};
int main() {
  Derived d;
  d.put(2.5);
  return 0;
}
)",
                           "WIDE", true);
  EXPECT_THAT(E, HasSubstr("/main.cpp:12:5: error: 'put' resolves to "));
  EXPECT_THAT(E, HasSubstr("'Base::put(double)' (main.cpp:3)"));
  EXPECT_THAT(E, HasSubstr("'Derived::put(int)' (main.cpp:7, under WIDE)"));
  EXPECT_EQ(count(E, "error:"), 1u) << E;
}

TEST(SafetyResolution, LocalShadowingGlobal) {
  std::string E = errorsOf(R"(#include <stdio.h>
static int limit = 5;
static int count_below(const int *v, int n) {
#ifdef LOCAL_LIMIT
  int limit = 3;
#endif
  int c = 0;
  for (int i = 0; i < n; ++i)
    if (v[i] < limit) ++c;
  return c;
}
int main(void) {
  int v[] = {1, 2, 3, 4, 5, 6};
  int c = count_below(v, 6);
  printf("%d below\n", c);
  return c;
}
)",
                           "LOCAL_LIMIT", false);
  EXPECT_THAT(E, HasSubstr("/main.c:9:16: error: 'limit' resolves to "));
  EXPECT_THAT(E, HasSubstr("the local 'limit' (main.c:5, under LOCAL_LIMIT)"));
  EXPECT_THAT(E, HasSubstr("the variable 'limit' (main.c:2)"));
  EXPECT_EQ(count(E, "error:"), 1u) << E;
}

TEST(SafetyResolution, LocalShadowingOuterLocal) {
  // One name and type, but another block: hoisted into the inner block,
  // the variant without the feature would read the uninitialized copy.
  std::string E = errorsOf(R"(#include <stdio.h>
int main(void) {
  int x = 1;
  {
#ifdef INNER
    int x = 2;
#endif
    printf("%d\n", x);
  }
  return 0;
}
)",
                           "INNER", false);
  EXPECT_THAT(E, HasSubstr("/main.c:8:20: error: 'x' resolves to "));
  EXPECT_EQ(count(E, "error:"), 1u) << E;
}

TEST(SafetyResolution, WhatTheRewriterHandlesIsAccepted) {
  // A function per feature (a feature switch), locals declared alike in
  // #ifdef/#else (hoisted), locals of different types or not scalar
  // (the function is copied per configuration), an overload under a
  // feature that no call outside it picks, a member under a feature that
  // hides nothing.
  std::string E = errorsOf(R"(#include <cstdio>
#include <string>
static int limit = 5;
#ifdef FAST
static int step(int x) { return x + 2; }
#else
static int step(int x) { return x + 1; }
#endif
static void put(int i) { std::printf("%d\n", i); }
#ifdef FAST
static void put(const char *s) { std::printf("%s\n", s); }
#endif
struct Counter {
  int hits = 0;
#ifdef FAST
  int misses = 0;
  void miss() { ++misses; }
#endif
};
static int run(int n) {
#ifdef FAST
  int scale = 3;
#else
  int scale = 1;
#endif
#ifdef FAST
  long wide = 2;
#else
  int wide = 1;
#endif
#ifdef FAST
  std::string limit = "x";
#endif
  Counter c;
  c.hits = n;
  put(step(n) * scale + static_cast<int>(wide) + static_cast<int>(sizeof(limit)));
#ifdef FAST
  put("fast");
  c.miss();
#endif
  return c.hits;
}
int main() { return run(2) == 2 ? 0 : 1; }
)",
                           "FAST", true);
  EXPECT_THAT(E, IsEmpty());
}

TEST(SafetyResolution, HeaderSeenByTwoUnits) {
  // A header included by two units, each with its own static function
  // behind the header's declaration; a feature in one of them.
  SafetyRun R = checkProject(
      {{"cb.h", "static int handle(int x);\nstatic inline int go(int x) { "
                "return handle(x); }\n"},
       {"a.c", "#include \"cb.h\"\nstatic int handle(int x) { return x; }\n"
               "int a(void) { return go(1); }\n"},
       {"b.c",
        "#include <stdio.h>\nstatic long handle_impl(long x) { return x; }\n"
        "#include \"cb.h\"\nstatic int handle(int x) {\n#ifdef B\n"
        "  return (int)handle_impl(x);\n#else\n  return x + 1;\n"
        "#endif\n}\nint a(void);\nint main(void) { printf(\"%d\\n\", "
        "a() + go(2)); return 0; }\n"}},
      {"B"});
  EXPECT_THAT(R.Errors, IsEmpty());
}

} // namespace
