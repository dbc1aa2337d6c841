//===- test/rewrite/IncludedListsTest.cpp - X-macro lists written in ------===//
//
// The included-lists pass (rewrite/passes/IncludedListsPass.cpp): an X-macro
// list with #ifdef'd entries #included into an enum and tables is written
// in place with its macro's uses expanded (rewrite/ListMacros.h), and the
// simulator behaves like every variant; the expansion itself, piece by
// piece; what is left alone.
//
//===----------------------------------------------------------------------===//

#include "test/common/FeatureModels.h"
#include "test/common/RewriteHarness.h"

#include "rewrite/ListMacros.h"

#include "llvm/Support/FileSystem.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

using namespace varsim::rewrite;
using namespace varsim::rewrite::test;
using ::testing::HasSubstr;
using ::testing::Not;

namespace {

std::string model(std::initializer_list<std::string> Names) {
  return varsim::test::optionalFeaturesModel(Names);
}

TEST(ListMacros, ExpandsParametersStringsAndPastes) {
  EXPECT_EQ(expandMacroCall("OP(name, effect) OP_##name,", "OP", "MUL, -1"),
            "OP_MUL,");
  EXPECT_EQ(expandMacroCall("OP(name, effect) effect,", "OP", "MUL, -1"),
            " -1 ,");
  EXPECT_EQ(expandMacroCall("S(n, a) #n,", "S", " read ,3"), "\"read\",");
  EXPECT_EQ(expandMacroCall("S(n) # n", "S", "a  \"x\\y\"  b"),
            "\"a \\\"x\\\\y\\\" b\"");
  EXPECT_EQ(expandMacroCall("L(n) &&L_ ## n,", "L", "ADD"), "&&L_ADD,");
  EXPECT_EQ(expandMacroCall("P(a, b) { f(a, b) }", "P", "(1, 2), g(3, 4)"),
            "{ f( (1, 2) ,  g(3, 4) ) }");
  EXPECT_EQ(expandMacroCall("Z() 0,", "Z", ""), "0,");
}

TEST(ListMacros, LeavesAloneWhatItDoesNotExpand) {
  EXPECT_EQ(expandMacroCall("V(...) __VA_ARGS__,", "V", "1"), std::nullopt);
  EXPECT_EQ(expandMacroCall("OP(a, b) a,", "OP", "1"), std::nullopt);
  EXPECT_EQ(expandMacroCall("OP(a) OP(a)", "OP", "1"), std::nullopt);
  EXPECT_EQ(expandMacroCall("OP(a) a", "OP", "1 /* c */"), std::nullopt);
  EXPECT_EQ(expandMacroCall("OP(a) #b", "OP", "1"), std::nullopt);
}

const char *SyscallList = R"(/* the list */
SYSCALL(read, 3)
#ifdef CONFIG_MMAP
SYSCALL(mmap, 6)
#endif
SYSCALL(close, 1)
#ifdef CONFIG_FUTEX
SYSCALL(futex, 6)
#endif
SYSCALL(exit, 1)
)";

const char *SyscallTable = R"(#include <stdio.h>
enum nr {
#define SYSCALL(name, nargs) NR_##name,
#include "calls.def"
#undef SYSCALL
  NR_count
};
static const char *const names[] = {
#define SYSCALL(name, nargs) #name,
#include "calls.def"
#undef SYSCALL
};
static const unsigned char nargs[] = {
#define SYSCALL(name, nargs) nargs,
#include "calls.def"
#undef SYSCALL
};
int main(void) {
  int sum = 0;
  for (int i = 0; i < NR_count; i++) {
    printf("%d %s %u\n", i, names[i], nargs[i]);
    sum += nargs[i];
  }
  printf("%d calls, exit %d, sum %d\n", (int)NR_count, (int)NR_exit, sum);
  return NR_exit;
}
)";

// Without the pass the enumerators after an #ifdef'd entry keep one value
// in every configuration (or the #include is refused).
TEST(IncludedLists, XMacroListIntoEnumAndTablesBehavesLikeEveryVariant) {
  TempProject P({{"calls.def", SyscallList},
                 {"main.c", SyscallTable},
                 {"model.xml", model({"CONFIG_MMAP", "CONFIG_FUTEX"})}});
  ASSERT_EQ(P.rewrite(), "");
  EXPECT_EQ(P.checkAllConfigurations(P.root() + "/model.xml"), "");
}

// The list's macro defined outside the braces: not expanded, so the list
// stays an #include, and the safety check refuses it, located.
TEST(IncludedLists, MacroDefinedOutsideTheBracesIsLeftToTheRefusal) {
  std::string Main = SyscallTable;
  size_t At = Main.find("enum nr {\n#define SYSCALL(name, nargs) NR_##name,");
  ASSERT_NE(At, std::string::npos);
  Main.replace(At,
               std::string("enum nr {\n#define SYSCALL(name, nargs) "
                           "NR_##name,")
                   .size(),
               "#define SYSCALL(name, nargs) NR_##name,\nenum nr {");
  TempProject P({{"calls.def", SyscallList},
                 {"main.c", Main},
                 {"model.xml", model({"CONFIG_MMAP", "CONFIG_FUTEX"})}});
  std::string Err = P.rewrite();
  EXPECT_THAT(Err, HasSubstr("/main.c:4:1: error: this #include brings code "
                             "under CONFIG_MMAP"));
  EXPECT_FALSE(llvm::sys::fs::exists(P.out()));
}

// One .c file per feature branch, each defining the same static names and
// type (rewrite/passes/IncludedBackendsPass.cpp). Without the pass the
// simulator holds both definitions and the rewrite is refused.
TEST(IncludedBackends, SameStaticNamesPerBranchBehaveLikeEveryVariant) {
  TempProject P({{"fast.c", R"(typedef struct state { int hits[4]; } state;
static state st;
static int pick(int n) { st.hits[n % 4]++; return n * 2; }
static int total(void) { return st.hits[0] + 10 * st.hits[2]; }
)"},
                 {"slow.c", R"(typedef struct state { long sum; } state;
static state st;
static int pick(int n) { st.sum += n; return n + 1; }
static int total(void) { return (int)st.sum; }
)"},
                 {"main.c", R"(#include <stdio.h>
#ifdef FAST
#include "fast.c"
#else
#include "slow.c"
#endif
int main(void) {
  int r = 0;
  for (int i = 0; i < 6; i++)
    r += pick(i);
  printf("%d %d\n", r, total());
  return total() % 7;
}
)"},
                 {"model.xml", model({"FAST"})}});
  ASSERT_EQ(P.rewrite(), "");
  EXPECT_EQ(P.checkAllConfigurations(P.root() + "/model.xml"), "");
}

// A backend in a subfolder whose own quoted #include finds a header next to
// it: written into the includer, that #include would look in the
// includer's folder instead. Such a backend is not written in, and the
// names both backends define are refused where they meet, located, with
// the hint that works (never a simulator that does not compile).
TEST(IncludedBackends, BackendInSubfolderIsNotWrittenIntoTheIncluder) {
  TempProject P(
      {{"backends/util.h", "static int twice(int n) { return 2 * n; }\n"},
       {"util.h", "#error the includer's util.h is the wrong one\n"},
       {"backends/fast.c", R"(#include "util.h"
static int pick(int n) { return twice(n); }
)"},
       {"backends/slow.c", R"(#include "util.h"
static int pick(int n) { return twice(n) + 1; }
)"},
       {"main.c", R"(#include <stdio.h>
#ifdef FAST
#include "backends/fast.c"
#else
#include "backends/slow.c"
#endif
int main(void) {
  int r = 0;
  for (int i = 0; i < 6; i++)
    r += pick(i);
  printf("%d\n", r);
  return r % 7;
}
)"},
       {"model.xml", model({"FAST"})}});
  std::string Err = P.rewrite();
  EXPECT_THAT(Err, HasSubstr("/backends/slow.c:2:12: error: 'pick' is "
                             "defined here and at "));
  EXPECT_THAT(Err, HasSubstr("give each variant's definition its own name"));
  EXPECT_THAT(Err, Not(HasSubstr("does not compile")));
  EXPECT_FALSE(llvm::sys::fs::exists(P.out()));
}

} // namespace
