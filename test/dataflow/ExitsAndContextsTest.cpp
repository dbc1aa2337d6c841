//===- test/dataflow/ExitsAndContextsTest.cpp - Control dependence, calls -===//
//
// Exits out of feature regions (return, break, continue, goto, throw,
// exit()/abort()/longjmp()) make the rest of the function or loop depend on
// the feature; decisions on a parameter belong to the calling contexts that
// pass feature data (calls by context). Each rule both ways: a program
// where the fact must appear and one where it must not.
//
//===----------------------------------------------------------------------===//

#include "Snippets.h"

#include <gmock/gmock.h>

using namespace varsim::dataflow;
using namespace varsim::dataflow::test;
using ::testing::ElementsAre;
using ::testing::IsEmpty;

namespace {

/// The evidence of Feature in Region's influence, or null.
const Evidence *evidenceOf(const DataFlowFacts &F, unsigned Region,
                           llvm::StringRef Feature) {
  for (const Influence &I : F.Regions)
    if (I.Region == Region)
      for (const Evidence &E : I.Evidences)
        if (E.Feature == Feature)
          return &E;
  return nullptr;
}

// --- Exits out of a feature region ------------------------------------------

TEST(Exits, EarlyReturnOfACacheMakesTheRestDependOnIt) {
  DataFlowFacts F = analyze(R"(
int cache_key = -1, cache_value;
int lookup(int key) {
  VARSIM_REGION(0);
  if (VARSIM_F_A) {
    VARSIM_REGION(1);
    if (key == cache_key)
      return cache_value;
  }
  int s = 0;
  for (int i = 0; i < 1000; ++i)
    s += i * key;
  return s;
}
int main() {
  VARSIM_REGION(2);
  return lookup(3);
})");
  EXPECT_THAT(F.featuresOf(0), ElementsAre("A"));
  const Evidence *E = evidenceOf(F, 0, "A");
  ASSERT_NE(E, nullptr);
  EXPECT_EQ(E->Kind, "control");
  EXPECT_EQ(E->Via, "return");
  EXPECT_EQ(E->Sink.Line, 8u); // The return.
  EXPECT_THAT(F.featuresOf(1), IsEmpty());
  EXPECT_THAT(F.featuresOf(2), IsEmpty());
}

TEST(Exits, ReturnWithNothingAfterItChangesNothing) {
  DataFlowFacts F = analyze(R"(
int hits;
void count(int key) {
  VARSIM_REGION(0);
  hits += key;
  if (VARSIM_F_A) {
    VARSIM_REGION(1);
    if (key > 3)
      return;
    hits++;
  }
}
int main() {
  VARSIM_REGION(2);
  count(3);
  return 0;
})");
  EXPECT_THAT(F.featuresOf(0), IsEmpty());
  EXPECT_TRUE(F.Regions.empty());
}

TEST(Exits, ReturnOutsideAnyFeatureRegionIsNoFact) {
  DataFlowFacts F = analyze(R"(
int lookup(int key) {
  VARSIM_REGION(0);
  if (key == 3)
    return 1;
  int s = 0;
  for (int i = 0; i < 100; ++i)
    s += i;
  return s;
}
int main() {
  VARSIM_REGION(1);
  if (VARSIM_F_A) {
    VARSIM_REGION(2);
  }
  return lookup(4);
})");
  EXPECT_TRUE(F.Regions.empty());
}

TEST(Exits, WritesAfterAnEarlyReturnCarryTheFeature) {
  DataFlowFacts F = analyze(R"(
int misses;
void get(int key) {
  VARSIM_REGION(0);
  if (VARSIM_F_A) {
    VARSIM_REGION(1);
    if (key & 1)
      return;
  }
  misses++;
}
int main() {
  VARSIM_REGION(2);
  for (int k = 0; k < 10; ++k)
    get(k);
  while (misses > 0)
    --misses;
  return 0;
})");
  // Only a cheap increment follows: no time worth a fact in get(), but the
  // value it writes carries A.
  EXPECT_THAT(F.featuresOf(0), IsEmpty());
  EXPECT_THAT(F.featuresOf(2), ElementsAre("A")); // The misses loop.
}

TEST(Exits, BreakOutOfASearchLoop) {
  DataFlowFacts F = analyze(R"(
int table[100];
int main() {
  VARSIM_REGION(0);
  int found = -1;
  for (int i = 0; i < 100; ++i) {
    if (VARSIM_F_A) {
      VARSIM_REGION(1);
      if (table[i] == 7)
        break;
    }
    found = i;
  }
  return found;
})");
  EXPECT_THAT(F.featuresOf(0), ElementsAre("A"));
  const Evidence *E = evidenceOf(F, 0, "A");
  ASSERT_NE(E, nullptr);
  EXPECT_EQ(E->Via, "break");
}

TEST(Exits, BreakOfALoopInsideTheRegionIsTheRegionsOwn) {
  DataFlowFacts F = analyze(R"(
int table[100];
int main() {
  VARSIM_REGION(0);
  int found = -1;
  if (VARSIM_F_A) {
    VARSIM_REGION(1);
    for (int i = 0; i < 100; ++i)
      if (table[i] == 7) {
        found = i;
        break;
      }
  }
  return 0;
})");
  EXPECT_TRUE(F.Regions.empty());
}

TEST(Exits, ContinueSkipsTheRestOfTheBody) {
  DataFlowFacts F = analyze(R"(
int work(int);
int main() {
  VARSIM_REGION(0);
  int s = 0;
  for (int i = 0; i < 100; ++i) {
    if (VARSIM_F_B) {
      VARSIM_REGION(1);
      if (i % 2)
        continue;
    }
    s += work(i);
  }
  return s;
})");
  EXPECT_THAT(F.featuresOf(0), ElementsAre("B"));
}

TEST(Exits, ContinueAtTheEndOfTheBodyChangesNothing) {
  DataFlowFacts F = analyze(R"(
int work(int);
int main() {
  VARSIM_REGION(0);
  int s = 0;
  for (int i = 0; i < 100; ++i) {
    s += work(i);
    if (VARSIM_F_B) {
      VARSIM_REGION(1);
      continue;
    }
  }
  return s;
})");
  EXPECT_TRUE(F.Regions.empty());
}

TEST(Exits, GotoCleanup) {
  DataFlowFacts F = analyze(R"(
int work(int);
int main() {
  VARSIM_REGION(0);
  int s = 0;
  if (VARSIM_F_A) {
    VARSIM_REGION(1);
    goto done;
  }
  s = work(3);
done:
  return s;
})",
                            /*C=*/true);
  EXPECT_THAT(F.featuresOf(0), ElementsAre("A"));
  EXPECT_EQ(evidenceOf(F, 0, "A")->Via, "goto");
}

TEST(Exits, Throw) {
  DataFlowFacts F = analyze(R"(
int work(int);
int parse(int n) {
  VARSIM_REGION(0);
  if (VARSIM_F_B) {
    VARSIM_REGION(1);
    if (n < 0)
      throw n;
  }
  return work(n);
}
int main() {
  VARSIM_REGION(2);
  try { return parse(3); } catch (int) { return 1; }
})");
  EXPECT_THAT(F.featuresOf(0), ElementsAre("B"));
  EXPECT_EQ(evidenceOf(F, 0, "B")->Via, "throw");
}

TEST(Exits, ExitAbortAndLongjmp) {
  DataFlowFacts F = analyze(R"(
void exit(int) __attribute__((noreturn));
void abort(void) __attribute__((noreturn));
typedef long jmp_buf[8];
void longjmp(jmp_buf, int);
jmp_buf env;
int work(int);
int f(int n) {
  VARSIM_REGION(0);
  if (VARSIM_F_A) {
    VARSIM_REGION(1);
    if (n > 3)
      exit(0);
  }
  return work(n);
}
int g(int n) {
  VARSIM_REGION(2);
  if (VARSIM_F_B) {
    VARSIM_REGION(3);
    abort();
  }
  return work(n);
}
int h(int n) {
  VARSIM_REGION(4);
  if (VARSIM_F_A) {
    VARSIM_REGION(5);
    longjmp(env, 1);
  }
  return work(n);
}
int main(void) {
  VARSIM_REGION(6);
  return f(1) + g(2) + h(3);
})",
                            /*C=*/true);
  EXPECT_THAT(F.featuresOf(0), ElementsAre("A"));
  EXPECT_EQ(evidenceOf(F, 0, "A")->Via, "exit()");
  EXPECT_THAT(F.featuresOf(2), ElementsAre("B"));
  EXPECT_THAT(F.featuresOf(4), ElementsAre("A"));
  EXPECT_EQ(evidenceOf(F, 4, "A")->Via, "longjmp()");
}

TEST(Exits, AFailingAssertionIsNotAnExit) {
  DataFlowFacts F = analyze(R"(
void __assert_fail(const char *, const char *, unsigned, const char *)
    __attribute__((noreturn));
int work(int);
int f(int n) {
  VARSIM_REGION(0);
  if (VARSIM_F_A) {
    VARSIM_REGION(1);
    (n > 0) ? (void)0 : __assert_fail("n > 0", "f.c", 9, "f");
  }
  return work(n);
}
int main(void) {
  VARSIM_REGION(2);
  return f(1);
})",
                            /*C=*/true);
  EXPECT_TRUE(F.Regions.empty());
}

// --- Calls by context --------------------------------------------------------

TEST(Contexts, ADecisionOnAParameterBelongsToTheCallSite) {
  DataFlowFacts F = analyze(R"(
char buf[64];
int checksum(const char *p, int n) {
  VARSIM_REGION(0);
  int s = 0;
  for (int i = 0; i < n; ++i)
    s += p[i];
  return s;
}
int compress() {
  VARSIM_REGION(1);
  int n = 32;
  if (VARSIM_F_A) {
    VARSIM_REGION(2);
    n = 16;
  }
  return checksum(buf, n);
}
int main() {
  VARSIM_REGION(3);
  int c = checksum(buf, 64); // The workload's: fixed length.
  return c + compress();
})");
  // Not the checksum routine: only its call from compress() is influenced.
  EXPECT_THAT(F.featuresOf(0), IsEmpty());
  EXPECT_THAT(F.featuresOf(1), ElementsAre("A"));
  EXPECT_THAT(F.featuresOf(3), IsEmpty());
}

TEST(Contexts, ThroughTwoCallsToTheOutermostCallSite) {
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
  middle(4);
  middle(VARSIM_F_LEVEL);
  return 0;
})");
  EXPECT_THAT(F.featuresOf(0), IsEmpty());
  EXPECT_THAT(F.featuresOf(1), IsEmpty());
  EXPECT_THAT(F.featuresOf(2), ElementsAre("LEVEL"));
}

TEST(Contexts, AReturnedParameterGoesBackToItsOwnCaller) {
  DataFlowFacts F = analyze(R"(
int twice(int x) {
  VARSIM_REGION(0);
  return 2 * x;
}
int a() {
  VARSIM_REGION(1);
  int n = twice(3);
  int s = 0;
  for (int i = 0; i < n; ++i)
    s += i;
  return s;
}
int b() {
  VARSIM_REGION(2);
  int n = twice(VARSIM_F_LEVEL);
  int s = 0;
  for (int i = 0; i < n; ++i)
    s += i;
  return s;
}
int main() {
  VARSIM_REGION(3);
  return a() + b();
})");
  EXPECT_THAT(F.featuresOf(1), IsEmpty());
  EXPECT_THAT(F.featuresOf(2), ElementsAre("LEVEL"));
}

TEST(Contexts, AParameterThatEscapesIsRealData) {
  DataFlowFacts F = analyze(R"(
int limit;
void set(int n) {
  VARSIM_REGION(0);
  limit = n;
}
int main() {
  VARSIM_REGION(1);
  set(VARSIM_F_LEVEL);
  int s = 0;
  for (int i = 0; i < limit; ++i)
    s += i;
  return s;
})");
  EXPECT_THAT(F.featuresOf(1), ElementsAre("LEVEL"));
}

} // namespace

namespace {

// --- Call-graph order
// ---------------------------------------------------------

constexpr const char *Generator = R"(
unsigned char data[256];
int n_items = 100;
void generate() {
  VARSIM_REGION(0);
  for (int i = 0; i < 256; ++i)
    data[i] = (unsigned char)(i * 7);
  for (int i = 0; i < n_items; ++i)
    if (data[i] > 100)
      data[i] = 0;
}
int process() {
  VARSIM_REGION(1);
  if (VARSIM_F_A) {
    VARSIM_REGION(2);
    n_items = 50;
    data[0] = 9;
  }
  int s = 0;
  for (int i = 0; i < n_items; ++i)
    s += data[i];
  return s;
}
)";

TEST(CallOrder, AGeneratorThatRunsBeforeAnyFeatureCodeIsNotInfluenced) {
  DataFlowFacts F = analyze(std::string(Generator) + R"(
int main() {
  VARSIM_REGION(3);
  int seed = 3;
  generate();
  return process() + seed;
})");
  EXPECT_THAT(F.featuresOf(0), IsEmpty());
  EXPECT_THAT(F.featuresOf(1), ElementsAre("A"));
}

TEST(CallOrder, CalledAgainAfterFeatureCodeItIs) {
  DataFlowFacts F = analyze(std::string(Generator) + R"(
int main() {
  VARSIM_REGION(3);
  generate();
  int s = process();
  generate();
  return s;
})");
  EXPECT_THAT(F.featuresOf(0), ElementsAre("A"));
}

TEST(CallOrder, StaticInitializersRunBeforeMain) {
  DataFlowFacts F = analyze(R"(
int limit = VARSIM_F_LEVEL * 2;
int count() {
  VARSIM_REGION(0);
  int s = 0;
  for (int i = 0; i < limit; ++i)
    s += i;
  return s;
}
int main() {
  VARSIM_REGION(1);
  return count();
})");
  EXPECT_THAT(F.featuresOf(0), ElementsAre("LEVEL"));
}

} // namespace

namespace {

TEST(Exits, AnExitOnAFailedAllocationIsAnErrorPath) {
  DataFlowFacts F = analyze(R"(
void *malloc(unsigned long);
void free(void *);
int work(int);
int count;
int add(int n) {
  VARSIM_REGION(0);
  if (VARSIM_F_A) {
    VARSIM_REGION(1);
    char *packed = (char *)malloc(2 * n);
    if (!packed)
      goto cleanup;
    free(packed);
  }
  work(n);
  count++;
cleanup:
  return count;
}
int main(void) {
  VARSIM_REGION(2);
  for (int i = 0; i < 10; ++i)
    add(i);
  while (count > 0)
    --count;
  return 0;
})",
                            /*C=*/true);
  EXPECT_TRUE(F.Regions.empty());
}

} // namespace

namespace {

TEST(Exits, RegionsAfterTheExitDependOnItToo) {
  DataFlowFacts F = analyze(R"(
int work(int);
int cache_key = -1, cache_value;
int lookup(int key) {
  VARSIM_REGION(0);
  if (VARSIM_F_A) {
    VARSIM_REGION(1);
    if (key == cache_key)
      return cache_value;
  }
  int v = work(key);
  if (VARSIM_F_B) {
    VARSIM_REGION(2);
    v ^= work(v);
  }
  if (VARSIM_F_A) {
    VARSIM_REGION(3);
    cache_key = key;
  }
  return v;
}
int main() {
  VARSIM_REGION(4);
  return lookup(3);
})");
  EXPECT_THAT(F.featuresOf(0), ElementsAre("A"));
  EXPECT_THAT(F.featuresOf(2), ElementsAre("A")); // Runs only on a miss.
  EXPECT_THAT(F.featuresOf(3), IsEmpty());        // A is fixed in A's region.
  EXPECT_THAT(F.featuresOf(1), IsEmpty());
}

} // namespace

namespace {

// --- Array members
// -------------------------------------------------------------

TEST(Fields, AnArrayMemberWrittenByIndexIsItsOwnCell) {
  DataFlowFacts F = analyze(R"(
struct Sched { unsigned W[16]; };
unsigned table[8];
void process() {
  VARSIM_REGION(0);
  struct Sched local;
  for (int i = 0; i < 16; ++i)
    local.W[i] = i;
  if (VARSIM_F_A) {
    VARSIM_REGION(1);
    local.W[3] = 9;
  }
  int x = (int)(local.W[3] & 1);
  (void)x;
}
int other(unsigned *p) {
  VARSIM_REGION(2);
  int s = 0;
  for (unsigned i = 0; i < *p; ++i) // Some other unsigned memory.
    s++;
  return s;
}
int main() {
  VARSIM_REGION(3);
  unsigned n = 5;
  process();
  return other(&n);
})",
                            /*C=*/true);
  EXPECT_THAT(F.featuresOf(2), IsEmpty());
}

TEST(Fields, AnArrayMemberThatDecaysToAPointerIsMemory) {
  DataFlowFacts F = analyze(R"(
struct Sched { unsigned W[16]; };
struct Sched g;
int count(const unsigned *p) {
  VARSIM_REGION(0);
  int s = 0;
  for (unsigned i = 0; i < p[2]; ++i)
    s++;
  return s;
}
int main() {
  VARSIM_REGION(1);
  if (VARSIM_F_A) {
    VARSIM_REGION(2);
    g.W[2] = 9;
  }
  return count(g.W);
})",
                            /*C=*/true);
  EXPECT_THAT(F.featuresOf(0), ElementsAre("A"));
}

} // namespace

namespace {

TEST(Exits, AnUnmarkedFunctionsFactGoesToItsCallSites) {
  // Granularity "region": lookup() has no function marker; the time below
  // its early return is its caller's.
  DataFlowFacts F = analyze(R"(
int work(int);
int cache_key = -1, cache_value;
int lookup(int key) {
  if (VARSIM_F_A) {
    VARSIM_REGION(1);
    if (key == cache_key)
      return cache_value;
  }
  return work(key);
}
int other(int key) { return work(key); }
int main() {
  VARSIM_REGION(2);
  int s = other(2);
  if (VARSIM_F_B) {
    VARSIM_REGION(3);
    s += lookup(4);
  }
  return s + lookup(3);
})");
  EXPECT_THAT(F.featuresOf(2), ElementsAre("A"));
  EXPECT_THAT(F.featuresOf(3), ElementsAre("A"));
  EXPECT_THAT(F.featuresOf(1), IsEmpty());
}

} // namespace

namespace {

TEST(Exits, AnUnmarkedFunctionsDecisionGoesToItsCallSites) {
  // spin() and relay() have no marker (a small Base function with a loop
  // is left unmarked): spin's loop on the deadline A writes is timed in
  // its callers' regions, so they get the fact, kind "callee"; count()
  // decides on data no feature writes; spin_timed() has a marker and
  // keeps its fact.
  DataFlowFacts F = analyze(R"(
double now();
double deadline;
int calls;
void spin() {
  while (now() < deadline) {
  }
}
void count() {
  while (calls < 10)
    ++calls;
}
void relay() { spin(); }
void spin_timed() {
  VARSIM_REGION(6);
  while (now() < deadline) {
  }
}
void compress() {
  VARSIM_REGION(1);
  spin();
}
void checksum() {
  VARSIM_REGION(2);
  count();
}
void idle() {
  VARSIM_REGION(5);
  relay();
}
void compress_timed() {
  VARSIM_REGION(7);
  spin_timed();
}
int main() {
  VARSIM_REGION(0);
  if (VARSIM_F_A) {
    VARSIM_REGION(3);
    deadline = 5;
  }
  compress();
  checksum();
  idle();
  compress_timed();
  return 0;
})");
  EXPECT_THAT(F.featuresOf(1), ElementsAre("A"));
  const Evidence *E = evidenceOf(F, 1, "A");
  ASSERT_NE(E, nullptr);
  EXPECT_EQ(E->Kind, "callee");
  EXPECT_EQ(E->Sink.Line, 21u);   // The call of spin().
  EXPECT_EQ(E->Source.Line, 39u); // The write under A.
  EXPECT_NE(E->Via.find("in spin at sim.cc:6"), std::string::npos) << E->Via;
  EXPECT_THAT(F.featuresOf(5), ElementsAre("A")); // Through relay().
  EXPECT_THAT(F.featuresOf(2), IsEmpty());
  EXPECT_THAT(F.featuresOf(0), IsEmpty());
  EXPECT_THAT(F.featuresOf(6), ElementsAre("A"));
  const Evidence *Own = evidenceOf(F, 6, "A");
  ASSERT_NE(Own, nullptr);
  EXPECT_EQ(Own->Kind, "data");
  EXPECT_THAT(F.featuresOf(7), IsEmpty());
  EXPECT_THAT(functionFeatures(F, "spin"), ElementsAre("A"));

  // The kind survives the manifest's JSON.
  DataFlowFacts Back;
  llvm::json::Path::Root Root;
  ASSERT_TRUE(fromJSON(toJSON(F), Back, Root));
  const Evidence *Read = evidenceOf(Back, 1, "A");
  ASSERT_NE(Read, nullptr);
  EXPECT_EQ(Read->Kind, "callee");
}

} // namespace
