//===- test/safety/CriticalTest.cpp - The silent mismatches of QA 17 ------===//
//
// Three constructs that varsim rewrote with exit 0 into a simulator that
// behaved unlike the variant (test/qa/FINDINGS.md, "CRITICAL"): a special
// member under #ifdef, an X-macro list with #ifdef'd entries included into
// an enum or a table, an allocation size that the project's allocator
// counts. Each is refused at a line of the user's file; the nearby forms
// that are sound stay accepted.
//
//===----------------------------------------------------------------------===//

#include "SafetyHarness.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

using namespace varsim::rewrite::safety::test;
using ::testing::HasSubstr;
using ::testing::IsEmpty;

namespace {

std::string errorsOf(const std::map<std::string, std::string> &Files,
                     bool Cxx = false) {
  return checkProject(Files, {"STATS"}, Cxx).Errors;
}

TEST(SafetyCritical, DestructorUnderFeatureIsGuarded) {
  // Its body starts with a test of STATS in the simulator
  // (rewrite/StartupCode.cpp); the class's moves are its copies either way.
  std::string E = errorsOf({{"main.cpp", R"(#include <cstdio>
struct Conn {
  int fd = 3;
#ifdef STATS
  ~Conn() { std::printf("close %d\n", fd); }
#endif
};
int main() { Conn c; return c.fd; }
)"}},
                           true);
  EXPECT_THAT(E, IsEmpty());
}

TEST(SafetyCritical, DestructorUnderFeatureThatStopsMovesIsRefused) {
  // With the destructor declared, the simulator's class has no implicit
  // move: a std::string member would be copied where the variant moves it.
  std::string E = errorsOf({{"main.cpp", R"(#include <cstdio>
#include <string>
#include <utility>
struct Conn {
  std::string peer = "a peer name long enough for the heap, surely";
#ifdef STATS
  ~Conn() { std::printf("close %s\n", peer.c_str()); }
#endif
};
int main() { Conn c; Conn d = std::move(c); return (int)c.peer.size(); }
)"}},
                           true);
  EXPECT_THAT(E, HasSubstr("/main.cpp:7:3: error: the destructor "
                           "'Conn::~Conn' runs at the end of every 'Conn' "
                           "object's lifetime, under STATS"));
  EXPECT_THAT(E, HasSubstr("its member 'peer' moves differently from how it "
                           "copies"));
  EXPECT_THAT(E, HasSubstr("put the #ifdef inside its body"));
}

TEST(SafetyCritical, SpecialMembersAndOverridesUnderFeature) {
  std::string E = errorsOf({{"main.cpp", R"(#include <cstdio>
struct Base { virtual ~Base() = default; virtual int f() const { return 1; } };
struct Box : Base {
  int v = 0;
  Box() = default;
#ifdef STATS
  Box(const Box &o) : v(o.v + 1) {}
  Box &operator=(const Box &o) { v = o.v + 2; return *this; }
  int f() const override { return 2; }
#endif
};
int main() { Box a; Box b = a; b = a; const Base &r = b; return b.v + r.f(); }
)"}},
                           true);
  EXPECT_THAT(E, HasSubstr("main.cpp:7:3: error: the copy constructor"));
  EXPECT_THAT(E, HasSubstr("main.cpp:8:8: error: the copy assignment"));
  EXPECT_THAT(E, HasSubstr("main.cpp:9:7: error: the override 'Box::f'"));
}

TEST(SafetyCritical, OverrideOfAVirtualUnderTheSameFeatureIsAccepted) {
  std::string E = errorsOf({{"main.cpp", R"(struct Base {
  virtual ~Base() = default;
#ifdef STATS
  virtual int cost() const { return 1; }
#endif
};
struct Box : Base {
#ifdef STATS
  int cost() const override { return 2; }
#endif
};
int main() {
  Box b;
#ifdef STATS
  const Base &r = b;
  return r.cost();
#else
  return 0;
#endif
}
)"}},
                           true);
  EXPECT_THAT(E, IsEmpty());
}

TEST(SafetyCritical, FeatureInsideSpecialMemberIsAccepted) {
  std::string E = errorsOf({{"main.cpp", R"(#include <cstdio>
struct Conn {
  int fd = 3;
  ~Conn() {
#ifdef STATS
    std::printf("close %d\n", fd);
#endif
  }
#ifdef STATS
  int stats() const { return fd; }
#endif
};
int main() { Conn c; return c.fd; }
)"}},
                           true);
  EXPECT_THAT(E, IsEmpty());
}

TEST(SafetyCritical, XMacroEntriesIncludedIntoEnumAndTable) {
  std::string E = errorsOf({{"ops.def", R"(OP(add)
#ifdef STATS
OP(count)
#endif
OP(halt)
)"},
                            {"main.c", R"(enum op {
#define OP(n) OP_##n,
#include "ops.def"
#undef OP
  OP_COUNT
};
static const char *const names[] = {
#define OP(n) #n,
#include "ops.def"
#undef OP
};
int main(void) { return OP_COUNT + (int)sizeof names[0][0]; }
)"}});
  EXPECT_THAT(E, HasSubstr("/main.c:3:1: error: this #include brings code "
                           "under STATS (the enumerator 'OP_count' at "
                           "ops.def:3) into the enumeration 'op'"));
  EXPECT_THAT(E, HasSubstr("/main.c:9:1: error: this #include brings code "
                           "under STATS (an element at ops.def:3) into the "
                           "initializer of 'names'"));
}

TEST(SafetyCritical, XMacroWithoutFeatureEntriesIsAccepted) {
  std::string E =
      errorsOf({{"ops.def", "OP(add)\nOP(halt)\n"}, {"main.c", R"(enum op {
#define OP(n) OP_##n,
#include "ops.def"
#undef OP
  OP_COUNT
};
int main(void) {
#ifdef STATS
  return OP_COUNT;
#else
  return 0;
#endif
}
)"}});
  EXPECT_THAT(E, IsEmpty());
}

const char *Pool = R"(#include <stdio.h>
#include <stdlib.h>
typedef void *(*alloc_func)(void *opaque, size_t size);
struct pool { alloc_func alloc; size_t used; };
struct rec {
  int a;
#ifdef STATS
  long n;
#endif
};
)";

TEST(SafetyCritical, AllocatorThatCountsTheSizeIsRefused) {
  std::string E = errorsOf({{"main.c", std::string(Pool) + R"(
static void *counting(void *opaque, size_t size) {
  struct pool *p = opaque;
  p->used += size;
  return malloc(size);
}
int main(void) {
  struct pool p = {counting, 0};
  struct rec *r = p.alloc(&p, sizeof(struct rec));
  printf("%zu\n", p.used);
  free(r);
  return 0;
}
)"}});
  EXPECT_THAT(E, HasSubstr("/main.c:14:3: error: the allocator 'counting' "
                           "uses its size parameter 'size' for more than "
                           "allocating ('p->used += size'), and it is asked "
                           "for 'sizeof(struct rec)' (in main.c)"));
}

TEST(SafetyCritical, DirectAllocatorThatPrintsTheSizeIsRefused) {
  std::string E = errorsOf({{"main.c", std::string(Pool) + R"(
static void *xmalloc(size_t n) {
  void *p = malloc(n);
  if (!p)
    fprintf(stderr, "out of memory (%zu bytes)\n", n);
  return p;
}
static void *xnew(size_t n) { return xmalloc(n); }
int main(void) {
  struct rec *r = xnew(sizeof *r);
  free(r);
  return 0;
}
)"}});
  EXPECT_THAT(E, HasSubstr("the allocator 'xmalloc' uses its size parameter "
                           "'n' for more than allocating"));
  EXPECT_THAT(E, HasSubstr("passed to 'fprintf'"));
}

TEST(SafetyCritical, AllocatorsThatOnlyAllocateAreAccepted) {
  std::string E = errorsOf({{"main.c", std::string(Pool) + R"(
static void *plain(void *opaque, size_t size) {
  (void)opaque;
  return calloc(1, size);
}
static void *xmalloc(size_t n) { return malloc(n); }
int main(void) {
  struct pool p = {plain, 0};
  struct rec *r = p.alloc(&p, 2 * sizeof(struct rec));
  struct rec *s = xmalloc(sizeof *s);
  printf("%d\n", r != s);
  free(r);
  free(s);
  return 0;
}
)"}});
  EXPECT_THAT(E, IsEmpty());
}

} // namespace
