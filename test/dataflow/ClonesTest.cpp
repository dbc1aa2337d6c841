//===- test/dataflow/ClonesTest.cpp - Features a clone's condition fixes --===//
//
// A function copied per configuration (`main__varsim_A`, a template
// instantiation per policy, a definition renamed per variant) runs only
// under its condition: AnalysisOptions::FixedInRegion names the features a
// conjunction of literals fixes, and they decide nothing inside the clone.
//
//===----------------------------------------------------------------------===//

#include "Snippets.h"

#include <gmock/gmock.h>

using namespace varsim::dataflow;
using namespace varsim::dataflow::test;
using ::testing::ElementsAre;
using ::testing::IsEmpty;

namespace {

// test/accuracy/hash_dispatch's simulator: `main` lifted per value of A
// (file-scope variability), the switch passes argv from inside A's guards,
// and each clone decides on what fopen(argv[1]) read (memory reached
// through a pointer: real data there) and on B's data.
constexpr const char *Clones = R"(
typedef struct FILE FILE;
FILE *fopen(const char *path, const char *mode);
int fscanf(FILE *f, const char *format, ...);
int fclose(FILE *f);
int size = 1;
int main__varsim_A(int argc, char **argv) {
  VARSIM_REGION(1);
  FILE *f = fopen(argv[1], "r");
  unsigned n;
  if (!f || fscanf(f, "%u", &n) != 1)
    return 2;
  fclose(f);
  if (VARSIM_F_B) {
    VARSIM_REGION(5);
    size = 2;
  }
  for (int i = 0; i < size; ++i)
    ++n;
  return (int)n;
}
int main__varsim_not_A(int argc, char **argv) {
  VARSIM_REGION(2);
  FILE *f = fopen(argv[1], "r");
  unsigned n;
  if (!f || fscanf(f, "%u", &n) != 1)
    return 2;
  fclose(f);
  if (VARSIM_F_B) {
    VARSIM_REGION(6);
    size = 3;
  }
  for (int i = 0; i < size; ++i)
    ++n;
  return (int)n;
}
int main(int argc, char **argv) {
  VARSIM_REGION(0);
  if (VARSIM_F_A) {
    VARSIM_REGION(3);
    return main__varsim_A(argc, argv);
  } else {
    VARSIM_REGION(4);
    return main__varsim_not_A(argc, argv);
  }
}
)";

AnalysisOptions clonesFixA() {
  AnalysisOptions Options;
  Options.FixedInRegion[1] = {"A"};
  Options.FixedInRegion[2] = {"A"};
  return Options;
}

} // namespace

TEST(Contexts, AClonesOwnConditionDecidesNothingInIt) {
  DataFlowFacts F = analyze(Clones, /*C=*/true, clonesFixA());
  // B's data still decides the loop in each clone; A is fixed there.
  EXPECT_THAT(F.featuresOf(1), ElementsAre("B"));
  EXPECT_THAT(F.featuresOf(2), ElementsAre("B"));
  EXPECT_THAT(F.featuresOf(0), IsEmpty());
}

TEST(Contexts, WithoutTheClonesConditionTheSwitchsGuardComesBack) {
  DataFlowFacts F = analyze(Clones, /*C=*/true);
  EXPECT_THAT(F.featuresOf(1), ElementsAre("A", "B"));
  EXPECT_THAT(F.featuresOf(2), ElementsAre("A", "B"));
}

namespace {

// RapidJSON's bench.cpp in the suite: `main` copied per value of the
// numeric RAPIDJSON_WRITE_DEFAULT_FLAGS, the dispatch passing argc from
// under its test of the feature. Each clone stores what argc says in a
// global (the workload's size) that another function loops over. Every
// clone receives the same argc, so the loop bound is the same whichever
// clone runs: the dispatch's feature is not the bound's data.
constexpr const char *NumericClones = R"(
int limit = 0;
int spin = 0;
void work(void) {
  VARSIM_REGION(3);
  for (int i = 0; i < limit; ++i)
    spin += i;
}
int main__varsim_LEVEL__0(int argc, char **argv) {
  VARSIM_REGION(1);
  limit = argc * 10;
  work();
  return 0;
}
int main__varsim_LEVEL__1(int argc, char **argv) {
  VARSIM_REGION(2);
  limit = argc * 10 + (int)VARSIM_F_B;
  work();
  return 0;
}
int main(int argc, char **argv) {
  if (VARSIM_F_LEVEL == 0)
    return main__varsim_LEVEL__0(argc, argv);
  return main__varsim_LEVEL__1(argc, argv);
}
)";

} // namespace

TEST(Contexts, AClonesFixedFeatureDoesNotEscapeFromItsParameters) {
  AnalysisOptions Options;
  Options.FixedInRegion[1] = {"LEVEL"};
  Options.FixedInRegion[2] = {"LEVEL"};
  DataFlowFacts F = analyze(NumericClones, /*C=*/true, Options);
  // B's data still sets the bound (in one clone); LEVEL only chose the
  // clone that received argc.
  EXPECT_THAT(F.featuresOf(3), ElementsAre("B"));
}

TEST(Contexts, WithoutTheClonesConditionTheDispatchReachesTheGlobal) {
  DataFlowFacts F = analyze(NumericClones, /*C=*/true);
  EXPECT_THAT(F.featuresOf(3), ElementsAre("B", "LEVEL"));
}

namespace {

// Lua's `luaV_execute` per LUA_USE_JUMPTABLE (0/1, here the flag A): an
// unmarked dispatch calls a copy per value, each a function region of its own.
// The copies store their argument in memory (the interpreter's state), where
// any other region reads it in a decision; B's data really reaches that state.
constexpr const char *MarkedVariants = R"(
struct State { int top; int size; };
void execute__varsim_not_A(struct State *L, int n) {
  VARSIM_REGION(1);
  L->top = n;
}
void execute__varsim_A(struct State *L, int n) {
  VARSIM_REGION(2);
  L->top = n;
  if (VARSIM_F_B) {
    VARSIM_REGION(4);
    L->size = n * 2;
  }
}
void execute(struct State *L, int n) {
  if (!VARSIM_F_A) {
    execute__varsim_not_A(L, n);
    return;
  }
  execute__varsim_A(L, n);
}
int spin;
void api(struct State *L) {
  VARSIM_REGION(3);
  for (int i = 0; i < L->top; ++i)
    spin += i;
  for (int i = 0; i < L->size; ++i)
    spin += i;
}
int main(void) {
  VARSIM_REGION(0);
  struct State S = {0, 0};
  execute(&S, 10);
  api(&S);
  return spin;
}
)";

AnalysisOptions markedVariants() {
  AnalysisOptions Options;
  Options.GuardFunctions = {"execute"};
  Options.FixedInRegion[1] = {"A"};
  Options.FixedInRegion[2] = {"A"};
  return Options;
}

} // namespace

TEST(Contexts, ADispatchOfMarkedCopiesDecidesNothingAndPassesNoFeature) {
  DataFlowFacts F = analyze(MarkedVariants, /*C=*/true, markedVariants());
  // A chose the copy that stored n; B's data is in the state.
  EXPECT_THAT(F.featuresOf(3), ElementsAre("B"));
  EXPECT_THAT(F.featuresOf(0), IsEmpty());
}

TEST(Contexts, ADispatchTestedAsDataMakesEveryCallerDependOnIt) {
  // Without the options (the analysis before): the dispatch's test is a
  // decision of an unmarked function, a fact of main's region, and n
  // carries A into the state.
  DataFlowFacts F = analyze(MarkedVariants, /*C=*/true);
  EXPECT_THAT(F.featuresOf(3), ElementsAre("A", "B"));
  EXPECT_THAT(F.featuresOf(0), ElementsAre("A"));
}
