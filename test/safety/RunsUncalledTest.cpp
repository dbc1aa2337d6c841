//===- test/safety/RunsUncalledTest.cpp - Code that runs without a call ---===//
//
// C2: objects and functions under a feature that run without being called
// (global constructors and destructors, members constructed with their
// object, __attribute__((constructor/destructor))) run in every
// configuration of the simulator.
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

TEST(SafetyRunsUncalled, GlobalWithDestructor) {
  // Reproducer 1 of C2 in test/realistic/FINDINGS.md.
  SafetyRun R = checkProject({{"main.cpp", R"(#include <cstdio>
struct StatsReporter {
  int calls = 0;
  ~StatsReporter() { std::printf("calls: %d\n", calls); }
};
#ifdef STATS
static StatsReporter reporter;
#endif
int work(int x) {
#ifdef STATS
  reporter.calls++;
#endif
  return x * 2;
}
int main() {
  int s = 0;
  for (int i = 0; i < 3; ++i)
    s += work(i);
  std::printf("%d\n", s);
  return 0;
}
)"}},
                             {"STATS"}, /*Cxx=*/true);
  EXPECT_THAT(R.Errors,
              HasSubstr("/main.cpp:7:22: error: the object 'reporter' under "
                        "STATS runs code without being called (the "
                        "destructor 'StatsReporter::~StatsReporter' calls "
                        "'printf')"));
  EXPECT_THAT(R.Errors, HasSubstr("move it into a function that runs under "
                                  "the feature"));
  EXPECT_EQ(count(R.Errors, "error:"), 1u) << R.Errors;
}

TEST(SafetyRunsUncalled, MemberWithConstructor) {
  // Reproducer 2 of C2.
  SafetyRun R = checkProject({{"main.cpp", R"(#include <cstdio>
struct Log {
  Log() { std::printf("log opened\n"); }
};
class Service {
public:
  int run() { return 7; }
private:
#ifdef LOGGING
  Log log_;
#endif
};
int main() {
  Service s;
  return s.run();
}
)"}},
                             {"LOGGING"}, /*Cxx=*/true);
  EXPECT_THAT(R.Errors,
              HasSubstr("/main.cpp:10:7: error: the member 'log_' under "
                        "LOGGING runs code whenever a 'Service' is created or "
                        "destroyed (the constructor 'Log::Log' calls "
                        "'printf')"));
  EXPECT_THAT(R.Errors, HasSubstr("construct it lazily"));
  EXPECT_EQ(count(R.Errors, "error:"), 1u) << R.Errors;
}

TEST(SafetyRunsUncalled, DestructorAttribute) {
  // Reproducer 3 of C2 (C).
  SafetyRun R = checkProject({{"main.c", R"(#include <stdio.h>
static int calls;
#ifdef STATS
__attribute__((destructor)) static void dump_stats(void) {
  printf("calls: %d\n", calls);
}
#endif
static int work(int x) { ++calls; return x * 2; }
int main(void) {
  int s = 0;
  for (int i = 0; i < 3; ++i)
    s += work(i);
  printf("%d\n", s);
  return 0;
}
)"}},
                             {"STATS"});
  // Lowered since issue 17: its body starts with a test of STATS
  // (rewrite/StartupCode.cpp; the corpus's c_idiom_initcalls runs it).
  EXPECT_EQ(count(R.Errors, "error:"), 0u) << R.Errors;
}

TEST(SafetyRunsUncalled, MoreThatRuns) {
  SafetyRun R = checkProject({{"main.cpp", R"(#include <cstdio>
int compute() { std::puts("computing"); return 3; }
int nextId() { static int n; return ++n; }
struct Counted { static int made; Counted() { ++made; } };
int Counted::made = 0;
struct Widget {
  int w = 0;
#ifdef A
  int id = nextId();
  Counted c;
#endif
};
#ifdef A
int answer = compute();
__attribute__((constructor(101))) void hello() { std::puts("hi"); }
#endif
namespace ns {
#if defined(A) && !defined(B)
struct Holder { static inline Counted shared{}; };
#endif
}
int main() { Widget w; return w.w; }
)"}},
                             {"A", "B"}, /*Cxx=*/true);
  EXPECT_THAT(R.Errors, HasSubstr("/main.cpp:9:7: error: the member 'id' "
                                  "under A runs code whenever a 'Widget' is "
                                  "created or destroyed (its default member "
                                  "initializer calls 'nextId')"));
  EXPECT_THAT(R.Errors,
              HasSubstr("/main.cpp:10:11: error: the member 'c' under A runs "
                        "code whenever a 'Widget' is created or destroyed (the "
                        "constructor 'Counted::Counted' uses the global "
                        "'Counted::made')"));
  EXPECT_THAT(R.Errors, HasSubstr("/main.cpp:14:5: error: the object 'answer' "
                                  "under A runs code without being called (its "
                                  "initializer calls 'compute')"));
  // A priority no later than the runtime's constructor (101): the
  // configuration is not known yet when it runs.
  EXPECT_THAT(R.Errors, HasSubstr("/main.cpp:15:40: error: the function "
                                  "'hello' under A runs before main"));
  EXPECT_THAT(R.Errors, HasSubstr("its priority 101 runs it no later than "
                                  "varsim's runtime"));
  EXPECT_THAT(R.Errors, HasSubstr("/main.cpp:19:39: error: the object "
                                  "'ns::Holder::shared' under A && !B"));
  EXPECT_EQ(count(R.Errors, "error:"), 5u) << R.Errors;
}

TEST(SafetyRunsUncalled, HarmlessObjectsAndMembersAreAccepted) {
  SafetyRun R = checkProject({{"main.cpp", R"(#include <map>
#include <string>
#include <vector>
struct Point { int x, y; };
struct Quiet { Quiet() : n(0) {} ~Quiet() {} int n; };
constexpr int square(int v) { return v * v; }
#ifdef A
static int counter;
static int table[16] = {1, 2, 3};
static const Point origin = {0, 0};
static Point corner;
static int sq = square(4);
static std::string name = "widget";
static std::map<std::string, int> index;
static Quiet quiet;
#endif
class Cache {
public:
  int size() const { return static_cast<int>(entries_.size()); }
private:
  std::map<std::string, int> entries_;
#ifdef A
  std::map<std::string, int> byName_;
  std::vector<std::string> order_;
  int hits_ = 0;
  Point last_{};
  Quiet quiet_;
#endif
};
int main() {
  Cache c;
#ifdef A
  counter += table[0] + origin.x + corner.y + sq + quiet.n;
  index[name] = counter;
#endif
  return c.size();
}
)"}},
                             {"A"}, /*Cxx=*/true);
  EXPECT_THAT(R.Errors, IsEmpty());
}

TEST(SafetyRunsUncalled, CGlobalsAreAccepted) {
  SafetyRun R = checkProject({{"main.c", R"(#include <stdio.h>
struct cfg { int level; const char *name; };
#ifdef A
static int hits;
static struct cfg config = {2, "x"};
static char buffer[64];
#endif
int main(void) {
#ifdef A
  hits += config.level + buffer[0];
#endif
  return 0;
}
)"}},
                             {"A"});
  EXPECT_THAT(R.Errors, IsEmpty());
}

} // namespace
