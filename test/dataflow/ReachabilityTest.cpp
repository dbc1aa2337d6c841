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

TEST(Reachability, EveryFunctionOfACxxUnitMayRun) {
  DataFlowFacts F = analyze(R"(
struct Base { virtual int f() { VARSIM_REGION(1); return 1; } };
int unused() { VARSIM_REGION(2); return 2; }
int main() { VARSIM_REGION(0); return 0; }
)");
  EXPECT_THAT(F.UnreachableRegions, IsEmpty());
}

} // namespace
