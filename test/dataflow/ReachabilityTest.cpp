//===- test/dataflow/ReachabilityTest.cpp - Code no run can execute -------===//
//
// The call-graph reachability stored with the facts (dataflow/
// Reachability.cpp): a C function that no entry point reaches, and the
// region markers inside it (unless a reachable function holds the same
// marker), are unreachable; a function called from main, through a table
// of function pointers, or handed to a library (qsort) is not; without
// main nothing is unreachable.
//
//===----------------------------------------------------------------------===//

#include "Snippets.h"

#include <gmock/gmock.h>

using namespace varsim::dataflow;
using namespace varsim::dataflow::test;
using ::testing::ElementsAre;
using ::testing::IsEmpty;

namespace {

constexpr const char *Program = R"(
void qsort(void *base, unsigned long n, unsigned long size,
           int (*cmp)(const void *, const void *));
static int by_value(const void *a, const void *b) {
  VARSIM_REGION(7);
  return *(const int *)a - *(const int *)b;
}
static int helper(int x) { VARSIM_REGION(2); return x + 1; }
int called(int x) { VARSIM_REGION(1); return helper(x); }
int in_table(int x) { VARSIM_REGION(3); return x * 2; }
int (*const table[])(int) = {in_table};
static int only_from_dead(int x) { VARSIM_REGION(5); return x - 1; }
int dead__varsim_A(int x) {
  VARSIM_REGION(4);
  if (VARSIM_F_A) {
    VARSIM_REGION(6);
    x = only_from_dead(x);
  }
  return x;
}
int dead(int x) { return dead__varsim_A(x); }
int main(void) {
  VARSIM_REGION(0);
  int v[2] = {2, 1};
  qsort(v, 2, sizeof v[0], by_value);
  return called(1) + table[0](2);
}
)";

TEST(Reachability, FunctionsNoEntryPointReachesAreUnreachable) {
  DataFlowFacts F = analyze(Program, /*C=*/true);
  EXPECT_THAT(F.UnreachableRegions, ElementsAre(4, 5, 6));
  EXPECT_THAT(F.UnreachableFunctions,
              ElementsAre("dead", "dead__varsim_A", "only_from_dead"));
  // Stored and read back.
  DataFlowFacts Back;
  llvm::json::Path::Root Root;
  ASSERT_TRUE(fromJSON(toJSON(F), Back, Root));
  EXPECT_EQ(Back.UnreachableRegions, F.UnreachableRegions);
  EXPECT_EQ(Back.UnreachableFunctions, F.UnreachableFunctions);
}

// A function called from one place, copied per version of its caller
// (rewrite/FeatureVersions.cpp): the original is unreachable, its region
// is not (the copies, reached, hold the same marker).
TEST(Reachability, ARegionAReachableCopyHoldsIsReachable) {
  DataFlowFacts F = analyze(R"(
static int pass(int x) { VARSIM_REGION(3); return x + 1; }
static int pass__varsim_fv_0(int x) { VARSIM_REGION(3); return x + 1; }
static int pass__varsim_fv_1(int x) { VARSIM_REGION(3); return x + 2; }
static int gone(int x) { VARSIM_REGION(4); return x; }
int main(void) {
  VARSIM_REGION(0);
  return VARSIM_F_A ? pass__varsim_fv_1(1) : pass__varsim_fv_0(1);
}
)",
                            /*C=*/true);
  EXPECT_THAT(F.UnreachableRegions, ElementsAre(4));
  EXPECT_THAT(F.UnreachableFunctions, ElementsAre("gone", "pass"));
}

TEST(Reachability, WithoutMainEverythingMayRun) {
  std::string Library = Program;
  Library.replace(Library.find("int main(void)"), 14, "int api(void)");
  DataFlowFacts F = analyze(Library, /*C=*/true);
  EXPECT_THAT(F.UnreachableRegions, IsEmpty());
  EXPECT_THAT(F.UnreachableFunctions, IsEmpty());
}

TEST(Reachability, ALookupByNameMakesEverythingReachable) {
  std::string ByName =
      std::string("void *dlsym(void *h, const char *s);\n") + Program;
  ByName.replace(ByName.find("return called(1)"), 16,
                 "dlsym(0, \"dead\");\n  return called(1)");
  DataFlowFacts F = analyze(ByName, /*C=*/true);
  EXPECT_THAT(F.UnreachableFunctions, IsEmpty());
}

// Code no run executes writes nothing: a feature's write in a function no
// entry point reaches does not reach a decision on the same global (Mbed
// TLS: the GCM tables written under NO_MBEDTLS_AESNI_C reached every
// bignum limb through `unsigned long` memory, though the workload never
// calls GCM).
constexpr const char *WriterOfALimit = R"(
int limit = 4;
void set_limit(void) {
  VARSIM_REGION(1);
  if (VARSIM_F_A) {
    VARSIM_REGION(2);
    limit = 64;
  }
}
int main(void) {
  VARSIM_REGION(0);
  int s = 0;
  if (VARSIM_F_B) { // A feature read first: the loop is not early code.
    VARSIM_REGION(3);
    s = 1;
  }
  CALL
  for (int i = 0; i < limit; ++i)
    s += i;
  return s;
}
)";

std::string withCall(const char *Call) {
  std::string Code = WriterOfALimit;
  Code.replace(Code.find("CALL"), 4, Call);
  return Code;
}

TEST(Reachability, AnUnreachableWriterInfluencesNothing) {
  DataFlowFacts F = analyze(withCall(""), /*C=*/true);
  EXPECT_THAT(F.UnreachableFunctions, ElementsAre("set_limit"));
  EXPECT_THAT(F.featuresOf(0), IsEmpty());
}

TEST(Reachability, TheSameWriterCalledOrTakenByAddressInfluences) {
  DataFlowFacts Called = analyze(withCall("set_limit();"), /*C=*/true);
  EXPECT_THAT(Called.UnreachableFunctions, IsEmpty());
  EXPECT_THAT(Called.featuresOf(0), ElementsAre("A"));
  DataFlowFacts ByAddress = analyze(
      withCall("void (*volatile f)(void) = set_limit; f();"), /*C=*/true);
  EXPECT_THAT(ByAddress.UnreachableFunctions, IsEmpty());
  EXPECT_THAT(ByAddress.featuresOf(0), ElementsAre("A"));
  // Without main, everything may run.
  std::string Library = withCall("");
  Library.replace(Library.find("int main(void)"), 14, "int api(void)");
  EXPECT_THAT(analyze(Library, /*C=*/true).featuresOf(0), ElementsAre("A"));
}

// A table of function pointers is reached through the code that reads it:
// a table nothing reachable names does not make its functions reachable
// (Mbed TLS's cipher_wrap.c tables kept all of GCM reachable), one that
// main reads (directly or through another global's initializer) does.
constexpr const char *Tables = R"(
static int in_unread(int x) { VARSIM_REGION(1); return x + 1; }
static int in_read(int x) { VARSIM_REGION(2); return x + 2; }
static int in_nested(int x) { VARSIM_REGION(3); return x + 3; }
static int (*const unread[])(int) = {in_unread};
static int (*const read_table[])(int) = {in_read};
static int (*const inner[])(int) = {in_nested};
static int (*const *const outer[])(int) = {inner};
static int (*const kept[])(int) __attribute__((used)) = {in_unread};
int reader(int x) { VARSIM_REGION(4); return read_table[0](x) + outer[0][0](x); }
int unread_reader(int x) { VARSIM_REGION(5); return unread[0](x); }
int main(void) { VARSIM_REGION(0); return reader(1); }
)";

TEST(Reachability, AFunctionInATableIsReachedThroughItsReader) {
  std::string Code = Tables;
  // Without the `used` table, in_unread is named only by a table that only
  // unreachable code reads.
  Code.replace(Code.find("static int (*const kept"), 0, "//");
  DataFlowFacts F = analyze(Code, /*C=*/true);
  EXPECT_THAT(F.UnreachableRegions, ElementsAre(1, 5));
  EXPECT_THAT(F.UnreachableFunctions,
              ElementsAre("in_unread", "unread_reader"));
  // A global the linker keeps (`used`) is a root, and so is what it names.
  DataFlowFacts Kept = analyze(Tables, /*C=*/true);
  EXPECT_THAT(Kept.UnreachableRegions, ElementsAre(5));
}

TEST(Reachability, EveryFunctionOfACxxUnitMayRun) {
  DataFlowFacts F = analyze(R"(
struct Base { virtual int f() { VARSIM_REGION(1); return 1; } };
int unused() { VARSIM_REGION(2); return 2; }
int main() { VARSIM_REGION(0); return 0; }
)");
  EXPECT_THAT(F.UnreachableRegions, IsEmpty());
}

} // namespace
