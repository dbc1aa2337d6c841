//===- test/dataflow/TaintRulesTest.cpp - Each taint rule, both ways ------===//

#include "Snippets.h"

#include <gmock/gmock.h>

using namespace varsim::dataflow;
using namespace varsim::dataflow::test;
using ::testing::ElementsAre;
using ::testing::IsEmpty;

namespace {

// --- Sources
// ------------------------------------------------------------------

TEST(Sources, AssignmentUnderAGuardReachesALoopBound) {
  DataFlowFacts F = analyze(R"(
int main() {
  VARSIM_REGION(0);
  int size = 10;
  if (VARSIM_F_A) {
    VARSIM_REGION(1);
    size = 100;
  }
  int s = 0;
  for (int i = 0; i < size; ++i)
    s += i;
  return s;
})");
  EXPECT_THAT(F.featuresOf(0), ElementsAre("A"));
  EXPECT_THAT(F.featuresOf(1), IsEmpty());
  EXPECT_THAT(functionFeatures(F, "main"), ElementsAre("A"));
}

TEST(Sources, InitializerUnderAGuardFlowsOut) {
  DataFlowFacts F = analyze(R"(
int total;
int main() {
  VARSIM_REGION(0);
  if (VARSIM_F_B) {
    VARSIM_REGION(1);
    int k = 3;
    total = k;
  }
  while (total > 0)
    --total;
  return 0;
})");
  EXPECT_THAT(F.featuresOf(0), ElementsAre("B"));
}

TEST(Sources, ElseBranchOfAGuardIsASourceToo) {
  DataFlowFacts F = analyze(R"(
int main() {
  VARSIM_REGION(0);
  int n = 1;
  if (VARSIM_F_A) {
    VARSIM_REGION(1);
  } else {
    VARSIM_REGION(2);
    n = 7;
  }
  int s = 0;
  for (int i = 0; i < n; ++i)
    s += i;
  return s;
})");
  EXPECT_THAT(F.featuresOf(0), ElementsAre("A"));
}

TEST(Sources, CompoundAssignmentAndIncrementUnderAGuard) {
  DataFlowFacts F = analyze(R"(
int f(int n) {
  VARSIM_REGION(0);
  if (VARSIM_F_A) {
    VARSIM_REGION(1);
    n += 2;
  }
  return n;
}
int g(int m) {
  VARSIM_REGION(2);
  if (VARSIM_F_B) {
    VARSIM_REGION(3);
    m++;
  }
  if (m > 4)
    return 1;
  return 0;
}
int main() {
  VARSIM_REGION(4);
  if (f(1) > 2)
    return 1;
  return g(0);
})");
  EXPECT_THAT(F.featuresOf(4), ElementsAre("A"));
  EXPECT_THAT(F.featuresOf(2), ElementsAre("B"));
}

TEST(Sources, FeatureReadUsedAsData) {
  DataFlowFacts F = analyze(R"(
int main() {
  VARSIM_REGION(0);
  int n = VARSIM_F_LEVEL * 2;
  while (n > 0)
    --n;
  return n;
})");
  EXPECT_THAT(F.featuresOf(0), ElementsAre("LEVEL"));
}

TEST(Sources, FeatureConditionWithoutARegionIsADecision) {
  // Code that used a feature macro as a value: no region isolates it.
  DataFlowFacts F = analyze(R"(
int main() {
  VARSIM_REGION(0);
  int s = 0;
  if (VARSIM_F_LEVEL > 2)
    s = 1;
  return s;
})");
  EXPECT_THAT(F.featuresOf(0), ElementsAre("LEVEL"));
}

TEST(Sources, ArgumentPassedFromAFeatureRegionThatEscapes) {
  // remember() stores what a B region passes it: g_limit depends on B.
  DataFlowFacts F = analyze(R"(
int g_limit = 1;
void remember(int n) {
  VARSIM_REGION(0);
  g_limit = n;
}
int main() {
  VARSIM_REGION(1);
  if (VARSIM_F_B) {
    VARSIM_REGION(2);
    remember(5);
  }
  for (int i = 0; i < g_limit; ++i) {
  }
  return 0;
})");
  EXPECT_THAT(F.featuresOf(1), ElementsAre("B"));
  ASSERT_EQ(F.Regions.size(), 1u);
  EXPECT_EQ(F.Regions[0].Evidences[0].Source.Line, 11u); // The call.
}

TEST(NotTainted, ArgumentFromAFeatureRegionDecidingOnlyInTheCallee) {
  // work() called from a B region runs in B's calling context, where B is
  // fixed: its loop is not influenced by B (the trace separates contexts).
  DataFlowFacts F = analyze(R"(
int work(int n) {
  VARSIM_REGION(0);
  int s = 0;
  for (int i = 0; i < n; ++i)
    s += i;
  return s;
}
int main() {
  VARSIM_REGION(1);
  int r = 0;
  if (VARSIM_F_B) {
    VARSIM_REGION(2);
    r = work(5);
  }
  return work(3);
})");
  EXPECT_THAT(F.featuresOf(0), IsEmpty());
  // But the data work() returns under B is B's.
  EXPECT_THAT(F.featuresOf(1), IsEmpty());
}

TEST(NotTainted, CallerContextReadThroughAConstReference) {
  // spend() (samples/printer) computes a deadline from its argument and
  // compares it through `operator<(const T&, const T&)`: reading through a
  // const reference does not let the deadline escape its calling context.
  DataFlowFacts F = analyze(R"(
double now();
bool before(double t, const double &end) {
  VARSIM_REGION(3);
  return t < end;
}
void spend(double ms) {
  VARSIM_REGION(0);
  const double end = now() + ms;
  while (before(now(), end)) {
  }
}
int main() {
  VARSIM_REGION(1);
  if (VARSIM_F_A) {
    VARSIM_REGION(2);
    spend(5);
  }
  spend(1);
  return 0;
})");
  EXPECT_THAT(F.featuresOf(0), IsEmpty());
  EXPECT_THAT(F.featuresOf(1), IsEmpty());
}

TEST(Sources, CallerContextWrittenThroughANonConstReferenceEscapes) {
  // The same, but the callee of the reference may write it: a cell.
  DataFlowFacts F = analyze(R"(
int g_count = 0;
void keep(int &n) { VARSIM_REGION(3); g_count = n; }
void spend(int ms) {
  VARSIM_REGION(0);
  int budget = ms;
  keep(budget);
}
int main() {
  VARSIM_REGION(1);
  if (VARSIM_F_A) {
    VARSIM_REGION(2);
    spend(5);
  }
  for (int i = 0; i < g_count; ++i) {
  }
  return 0;
})");
  EXPECT_THAT(F.featuresOf(1), ElementsAre("A"));
}

TEST(NotTainted, CallerContextInALocalArrayStaysInItsContext) {
  // huffman() (samples/compressor) keeps per-call tables in automatic
  // arrays: they die with the call, so the caller's guard stays fixed.
  DataFlowFacts F = analyze(R"(
int huffman(const unsigned char *in, int n) {
  VARSIM_REGION(0);
  int freq[256] = {0};
  for (int i = 0; i < n; ++i)
    ++freq[in[i]];
  int count = 0;
  for (int s = 0; s < 256; ++s)
    if (freq[s] > n / 2)
      ++count;
  return count;
}
int main() {
  VARSIM_REGION(1);
  unsigned char data[64] = {0};
  int r = 0;
  if (VARSIM_F_A) {
    VARSIM_REGION(2);
    r = huffman(data, 64);
  }
  return r;
})");
  EXPECT_THAT(F.featuresOf(0), IsEmpty());
}

TEST(Sources, CallerContextInAStaticLocalOutlivesTheCall) {
  // A static survives the call: a later call from another context sees it.
  DataFlowFacts F = analyze(R"(
int work(int n) {
  VARSIM_REGION(0);
  static int last[1] = {0};
  int s = 0;
  for (int i = 0; i < last[0]; ++i)
    s += i;
  last[0] = n;
  return s;
}
int main() {
  VARSIM_REGION(1);
  if (VARSIM_F_A) {
    VARSIM_REGION(2);
    work(7);
  }
  return work(1);
})");
  EXPECT_THAT(F.featuresOf(0), ElementsAre("A"));
}

TEST(Sources, CallerContextInAGlobalDeadlineIsARealFlow) {
  // work_ms() (the samples' busy-work) keeps its deadline in a global: what
  // a call under A adds to it is still there when Base code calls it next,
  // so its loop depends on A (the analysis cannot know that the deadline
  // arithmetic cancels out; a cache would not).
  DataFlowFacts F = analyze(R"(
double now(void);
static double schedule = -1.0;
void work_ms(double ms) {
  VARSIM_REGION(0);
  if (schedule < 0.0)
    schedule = now();
  schedule += ms;
  while (now() < schedule) {
  }
}
int main(void) {
  VARSIM_REGION(1);
  if (VARSIM_F_A) {
    VARSIM_REGION(2);
    work_ms(2.0);
  }
  work_ms(1.0);
  return 0;
})",
                            /*C=*/true);
  EXPECT_THAT(F.featuresOf(0), ElementsAre("A"));
}

// A decision of the callee on a parameter is one of the calling context that
// passes feature data (calls by context): the call site's region gets it.
TEST(Sources, FeatureDataPassedAsArgumentDecidesAtTheCallSite) {
  DataFlowFacts F = analyze(R"(
int work(int n) {
  VARSIM_REGION(0);
  int s = 0;
  for (int i = 0; i < n; ++i)
    s += i;
  return s;
}
int main() {
  VARSIM_REGION(1);
  int n = 2;
  if (VARSIM_F_B) {
    VARSIM_REGION(2);
    n = 9;
  }
  return work(n);
})");
  EXPECT_THAT(F.featuresOf(0), IsEmpty());
  EXPECT_THAT(F.featuresOf(1), ElementsAre("B"));
}

// --- Propagation
// ----------------------------------------------------------------

TEST(Propagation, ThroughArithmeticAndCopies) {
  DataFlowFacts F = analyze(R"(
int main() {
  VARSIM_REGION(0);
  int a = 1;
  if (VARSIM_F_A) {
    VARSIM_REGION(1);
    a = 4;
  }
  int b = a * 3 + 1;
  int c = b;
  int s = 0;
  do {
    s++;
  } while (s < c);
  return s;
})");
  EXPECT_THAT(F.featuresOf(0), ElementsAre("A"));
}

TEST(Propagation, ArgumentToParameterAcrossFunctions) {
  DataFlowFacts F = analyze(R"(
void loop(int n) {
  VARSIM_REGION(0);
  for (int i = 0; i < n; ++i) {
  }
}
void middle(int m) {
  VARSIM_REGION(1);
  loop(m + 1);
}
int main() {
  VARSIM_REGION(2);
  middle(VARSIM_F_LEVEL);
  return 0;
})");
  EXPECT_THAT(F.featuresOf(0), IsEmpty());
  EXPECT_THAT(F.featuresOf(1), IsEmpty());
  EXPECT_THAT(F.featuresOf(2), ElementsAre("LEVEL"));
}

TEST(Propagation, ReturnValueToCaller) {
  DataFlowFacts F = analyze(R"(
int chooseSize() {
  VARSIM_REGION(0);
  if (VARSIM_F_B) {
    VARSIM_REGION(1);
    return 8;
  }
  return 4;
}
int main() {
  VARSIM_REGION(2);
  int n = chooseSize();
  if (n > 5)
    return 1;
  return 0;
})");
  EXPECT_THAT(F.featuresOf(2), ElementsAre("B"));
  EXPECT_THAT(F.featuresOf(0), IsEmpty());
}

TEST(Propagation, GlobalsAcrossFunctions) {
  DataFlowFacts F = analyze(R"(
int g_size = 1;
void configure() {
  VARSIM_REGION(0);
  if (VARSIM_F_A) {
    VARSIM_REGION(1);
    g_size = 64;
  }
}
int run() {
  VARSIM_REGION(2);
  int s = 0;
  for (int i = 0; i < g_size; ++i)
    s += i;
  return s;
}
int main() {
  VARSIM_REGION(3);
  configure();
  return run();
})");
  EXPECT_THAT(F.featuresOf(2), ElementsAre("A"));
  EXPECT_THAT(F.featuresOf(3), IsEmpty());
}

TEST(Propagation, FieldsAreFieldBased) {
  DataFlowFacts F = analyze(R"(
struct Options { int size; int other; };
void setUp(Options &o) {
  VARSIM_REGION(0);
  o.other = 1;
  if (VARSIM_F_A) {
    VARSIM_REGION(1);
    o.size = 32;
  }
}
int use(const Options *p) {
  VARSIM_REGION(2);
  int s = 0;
  for (int i = 0; i < p->size; ++i)
    s += i;
  for (int i = 0; i < p->other; ++i)
    s += i;
  return s;
}
int main() {
  VARSIM_REGION(3);
  Options o{4, 4};
  setUp(o);
  return use(&o);
})");
  EXPECT_THAT(F.featuresOf(2), ElementsAre("A"));
  ASSERT_EQ(F.Regions.size(), 1u);
  // Only the loop over size is evidence.
  ASSERT_EQ(F.Regions[0].Evidences.size(), 1u);
  EXPECT_EQ(F.Regions[0].Evidences[0].Sink.Line, 14u);
  EXPECT_EQ(F.Regions[0].Evidences[0].Source.Line, 8u);
}

TEST(Propagation, ThroughPointerParameters) {
  DataFlowFacts F = analyze(R"(
void set(int *p) {
  VARSIM_REGION(0);
  if (VARSIM_F_A) {
    VARSIM_REGION(1);
    *p = 9;
  }
}
int main() {
  VARSIM_REGION(2);
  int n = 1;
  set(&n);
  while (n > 0)
    n--;
  return 0;
})");
  EXPECT_THAT(F.featuresOf(2), ElementsAre("A"));
}

TEST(Propagation, ThroughReferences) {
  DataFlowFacts F = analyze(R"(
void set(int &r) {
  VARSIM_REGION(0);
  if (VARSIM_F_B) {
    VARSIM_REGION(1);
    r = 9;
  }
}
int main() {
  VARSIM_REGION(2);
  int n = 1;
  set(n);
  while (n > 0)
    --n;
  return n;
})");
  EXPECT_THAT(F.featuresOf(2), ElementsAre("B"));
}

TEST(Propagation, ImplicitFlowThroughATaintedCondition) {
  DataFlowFacts F = analyze(R"(
int main() {
  VARSIM_REGION(0);
  int n = VARSIM_F_LEVEL;
  int m = 0;
  if (n > 2)
    m = 10;
  return m;
}
int other(int k) {
  VARSIM_REGION(1);
  int m = 0;
  if (k > VARSIM_F_B)
    m = 10;
  for (int i = 0; i < m; ++i) {
  }
  return 0;
})");
  EXPECT_THAT(F.featuresOf(1), ElementsAre("B"));
}

TEST(Propagation, TwoFeaturesReachOneDecision) {
  DataFlowFacts F = analyze(R"(
int main() {
  VARSIM_REGION(0);
  int size = 1, reps = 1;
  if (VARSIM_F_A) {
    VARSIM_REGION(1);
    size = 10;
  }
  if (VARSIM_F_B) {
    VARSIM_REGION(2);
    reps = 3;
  }
  int s = 0;
  for (int i = 0; i < size * reps; ++i)
    s++;
  return s;
})");
  EXPECT_THAT(F.featuresOf(0), ElementsAre("A", "B"));
}

TEST(Propagation, WorksOnCToo) {
  DataFlowFacts F = analyze(R"(
static int limit = 2;
static void configure(void) {
  VARSIM_REGION(0);
  if (VARSIM_F_A) {
    VARSIM_REGION(1);
    limit = 20;
  }
}
int main(void) {
  VARSIM_REGION(2);
  int s = 0;
  configure();
  for (int i = 0; i < limit; ++i)
    s++;
  return s;
})",
                            /*C=*/true);
  EXPECT_THAT(F.featuresOf(2), ElementsAre("A"));
}

// --- Sinks
// ----------------------------------------------------------------------

/// The snippet's code under a feature A that sets n, then Tail.
std::string underA(const std::string &Tail) {
  return R"(
int printf(const char *, ...);
int slow(int);
int fast(int);
int main() {
  VARSIM_REGION(0);
  int n = 2;
  if (VARSIM_F_A) {
    VARSIM_REGION(1);
    n = 3;
  }
)" + Tail +
         "}\n";
}

TEST(Sinks, AConditionalOperatorChoosingPlainValuesDecidesNothing) {
  // Which arm runs costs the same to a load: a select, not a branch to
  // other code.
  DataFlowFacts F = analyze(underA(R"(
  printf("%s %d\n", n > 2 ? " normalized" : "", n == 3 ? n + 1 : -1);
  return n > 2 ? 1 : 0;
)"));
  EXPECT_THAT(F.featuresOf(0), IsEmpty());
}

TEST(Sinks, AChosenPlainValueCarriesTheFeatureToALaterDecision) {
  DataFlowFacts F = analyze(underA(R"(
  int bound = n > 2 ? 100 : 10;
  for (int i = 0; i < bound; ++i)
    printf(".");
  return 0;
)"));
  EXPECT_THAT(F.featuresOf(0), ElementsAre("A"));
  ASSERT_EQ(F.Regions.size(), 1u);
  EXPECT_EQ(F.Regions[0].Evidences[0].Sink.Line, 14u); // The for.
}

TEST(Sinks, AConditionalOperatorChoosingAFunctionDecides) {
  DataFlowFacts F = analyze(underA(R"(
  int (*hash)(int) = n > 2 ? slow : fast;
  return hash(1);
)"));
  EXPECT_THAT(F.featuresOf(0), ElementsAre("A"));
}

TEST(Sinks, AConditionalOperatorWithACallInAnArmDecides) {
  DataFlowFacts F = analyze(underA(R"(
  return n > 2 ? slow(1) : 0;
)"));
  EXPECT_THAT(F.featuresOf(0), ElementsAre("A"));
}

TEST(Sinks, AConditionalOperatorWithADivisionInAnArmDecides) {
  DataFlowFacts F = analyze(underA(R"(
  int d = fast(0);
  return n > 2 ? 1000 / d : 0;
)"));
  EXPECT_THAT(F.featuresOf(0), ElementsAre("A"));
}

TEST(Sinks, SwitchAndConditionalOperator) {
  DataFlowFacts F = analyze(R"(
int pick(int n) {
  VARSIM_REGION(0);
  switch (n) {
  case 1: return 3;
  default: return 4;
  }
}
int slow(int);
int ternary(int n) {
  VARSIM_REGION(1);
  return n > 1 ? slow(5) : 6;
}
int main() {
  VARSIM_REGION(2);
  return pick(VARSIM_F_A) + ternary(VARSIM_F_B);
})");
  // Decided on parameters: at the call sites (calls by context).
  EXPECT_THAT(F.featuresOf(0), IsEmpty());
  EXPECT_THAT(F.featuresOf(1), IsEmpty());
  EXPECT_THAT(F.featuresOf(2), ElementsAre("A", "B"));
}

TEST(Sinks, InnermostRegionGetsTheSink) {
  DataFlowFacts F = analyze(R"(
int main() {
  VARSIM_REGION(0);
  int n = VARSIM_F_LEVEL;
  if (VARSIM_F_B) {
    VARSIM_REGION(1);
    while (n > 0)
      --n;
  }
  return 0;
})");
  EXPECT_THAT(F.featuresOf(1), ElementsAre("LEVEL"));
  EXPECT_THAT(F.featuresOf(0), IsEmpty());
}

// --- What must not be tainted
// ----------------------------------------------------

TEST(NotTainted, UnrelatedVariables) {
  DataFlowFacts F = analyze(R"(
int main() {
  VARSIM_REGION(0);
  int flagged = 0, plain = 5;
  if (VARSIM_F_A) {
    VARSIM_REGION(1);
    flagged = 1;
  }
  int s = flagged;
  for (int i = 0; i < plain; ++i)
    s++;
  return s;
})");
  EXPECT_TRUE(F.Regions.empty());
  EXPECT_TRUE(F.Functions.empty());
}

TEST(NotTainted, AGuardThatIsOnlyAFeatureRead) {
  DataFlowFacts F = analyze(R"(
int main() {
  VARSIM_REGION(0);
  int s = 0;
  if (VARSIM_F_A && !VARSIM_F_B) {
    VARSIM_REGION(1);
    for (int i = 0; i < 10; ++i)
      s++;
  } else if (VARSIM_F_LEVEL > 2) {
    VARSIM_REGION(2);
    s = 2;
  }
  return 0;
})");
  EXPECT_TRUE(F.Regions.empty());
}

TEST(NotTainted, DataWrittenInBaseCode) {
  DataFlowFacts F = analyze(R"(
int g = 3;
int main() {
  VARSIM_REGION(0);
  int n = 10;
  n = n * 2 + g;
  if (VARSIM_F_A) {
    VARSIM_REGION(1);
  }
  for (int i = 0; i < n; ++i) {
  }
  return 0;
})");
  EXPECT_TRUE(F.Regions.empty());
}

TEST(NotTainted, OverwrittenUnconditionallyBeforeTheSink) {
  DataFlowFacts F = analyze(R"(
int main() {
  VARSIM_REGION(0);
  int n = 1;
  if (VARSIM_F_A) {
    VARSIM_REGION(1);
    n = 5;
  }
  n = 3;
  for (int i = 0; i < n; ++i) {
  }
  return 0;
})");
  EXPECT_TRUE(F.Regions.empty());
}

TEST(NotTainted, DataUsedOnlyInsideItsOwnFeatureRegion) {
  // The region runs only when A is on: A is fixed there, not an influence.
  DataFlowFacts F = analyze(R"(
int main() {
  VARSIM_REGION(0);
  if (VARSIM_F_A) {
    VARSIM_REGION(1);
    int k = 5;
    for (int i = 0; i < k; ++i) {
    }
  }
  return 0;
})");
  EXPECT_TRUE(F.Regions.empty());
}

TEST(NotTainted, TaintedDataThatDecidesNothing) {
  DataFlowFacts F = analyze(R"(
int sum;
int main() {
  VARSIM_REGION(0);
  int n = 1;
  if (VARSIM_F_A) {
    VARSIM_REGION(1);
    n = 5;
  }
  sum += n;
  for (int i = 0; i < 4; ++i)
    sum += i;
  return 0;
})");
  EXPECT_TRUE(F.Regions.empty());
}

TEST(NotTainted, ParameterNotPassedTaintedData) {
  DataFlowFacts F = analyze(R"(
int work(int n) {
  VARSIM_REGION(0);
  return n > 2 ? 1 : 0;
}
int main() {
  VARSIM_REGION(1);
  int x = 0;
  if (VARSIM_F_A) {
    VARSIM_REGION(2);
    x = 1;
  }
  return work(7) + x;
})");
  EXPECT_TRUE(F.Regions.empty());
}

} // namespace
