//===- test/safety/LayoutTest.cpp - sizeof/alignof/offsetof of the union --===//
//
// C1: the simulator holds the members of every variant, so the size,
// alignment and member offsets of a record with members under a feature
// are not the variant's. Each finding must be located at the expression.
//
//===----------------------------------------------------------------------===//

#include "SafetyHarness.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

using namespace varsim::rewrite::safety::test;
using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::Not;

namespace {

const char *Slot = R"(#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stddef.h>
struct slot {
  void *next;
#ifdef DEBUG
  unsigned guard;
#endif
  int tail;
};
)";

std::string errorsOf(const std::string &Main, bool Cxx = false) {
  SafetyRun R =
      checkProject({{Cxx ? "main.cpp" : "main.c", Main}}, {"DEBUG"}, Cxx);
  return R.Errors;
}

size_t count(const std::string &Text, const std::string &What) {
  size_t N = 0;
  for (size_t P = Text.find(What); P != std::string::npos;
       P = Text.find(What, P + 1))
    ++N;
  return N;
}

TEST(SafetyLayout, FindingsReproducer) {
  // The exact reproducer of C1 in test/realistic/FINDINGS.md.
  std::string E = errorsOf(R"(#include <stdio.h>
struct slot {
  void *next;
#ifdef DEBUG
  unsigned guard;
#endif
};
int main(void) {
  printf("%zu slots per page\n", 1024 / sizeof(struct slot));
  return 0;
}
)");
  EXPECT_THAT(E, HasSubstr("/main.c:9:41: error: 'sizeof(struct slot)' "
                           "depends on the configuration: the simulator holds "
                           "the members of every variant (member 'guard' "
                           "under DEBUG at main.c:5)"));
  EXPECT_THAT(E, HasSubstr("only allocation and memset/memcpy sizes"));
  EXPECT_EQ(count(E, "error:"), 1u) << E;
}

TEST(SafetyLayout, HarmlessSizesAreAccepted) {
  std::string E = errorsOf(std::string(Slot) + R"(
static int cmp(const void *a, const void *b) {
  return ((const struct slot *)a)->tail - ((const struct slot *)b)->tail;
}
struct plain { int a; char b; };
int main(void) {
  struct slot *p = malloc(sizeof *p);
  struct slot *many = calloc(4, sizeof(struct slot));
  many = realloc(many, 8 * sizeof(struct slot) + 16);
  memset(p, 0, sizeof *p);
  memcpy(&many[0], p, sizeof *p);
  memmove(&many[1], &many[0], 2 * sizeof many[0]);
  qsort(many, 8, sizeof many[0], cmp);
  struct slot arr[5];
  printf("%zu %zu\n", sizeof arr / sizeof arr[0], sizeof(struct plain));
  printf("%zu\n", offsetof(struct slot, next));
  free(many);
  free(p);
  return 0;
}
)");
  EXPECT_THAT(E, IsEmpty());
}

TEST(SafetyLayout, ObservedLayoutsAreReported) {
  std::string E = errorsOf(std::string(Slot) + R"(
typedef struct slot slot_t;
struct outer { int n; struct slot inner[2]; };
int main(void) {
  struct slot arr[3];
  printf("%zu\n", sizeof arr);
  printf("%zu\n", sizeof(slot_t));
  printf("%zu\n", sizeof(struct outer));
  printf("%zu\n", _Alignof(struct outer));
  printf("%zu\n", offsetof(struct slot, tail));
  printf("%zu\n", offsetof(struct outer, inner));
  return 0;
}
)");
  EXPECT_THAT(E, HasSubstr("/main.c:17:19: error: 'sizeof(struct slot[3])'"));
  EXPECT_THAT(E, HasSubstr("/main.c:18:19: error: 'sizeof(slot_t)'"));
  EXPECT_THAT(E, HasSubstr("/main.c:19:19: error: 'sizeof(struct outer)' "
                           "depends on the configuration: the simulator holds "
                           "the members of every variant (member 'guard' of "
                           "'struct slot' under DEBUG at main.c:8, held by "
                           "value as member 'inner' of 'struct outer')"));
  EXPECT_THAT(E, HasSubstr("/main.c:20:19: error: '_Alignof(struct outer)'"));
  EXPECT_THAT(E,
              HasSubstr("/main.c:21:19: error: 'offsetof(struct slot, tail)'"));
  // 'inner' follows only 'n': its offset is the same in every variant.
  EXPECT_THAT(E, Not(HasSubstr("main.c:22:")));
  EXPECT_EQ(count(E, "error:"), 5u) << E;
}

TEST(SafetyLayout, RecordWhollyUnderAFeatureIsFixed) {
  std::string E = errorsOf(R"(#include <stdio.h>
#ifdef DEBUG
struct trace { int line; const char *file; };
#endif
int main(void) {
#ifdef DEBUG
  printf("%zu\n", sizeof(struct trace));
#endif
  return 0;
}
)");
  EXPECT_THAT(E, IsEmpty());
}

TEST(SafetyLayout, MemberAndSizeofInDifferentConfigurations) {
  // The member exists only with DEBUG, the sizeof only without: no single
  // parse sees both.
  std::string E = errorsOf(std::string(Slot) + R"(
int main(void) {
#ifndef DEBUG
  printf("%zu\n", sizeof(struct slot));
#endif
  return 0;
}
)");
  EXPECT_THAT(E, HasSubstr("/main.c:15:19: error: 'sizeof(struct slot)'"));
}

TEST(SafetyLayout, CxxVirtualOnlyUnderAFeature) {
  std::string E = errorsOf(R"(#include <cstdio>
struct Shape {
  int w = 1;
#ifdef DEBUG
  virtual void dump() const {}
#endif
};
struct Holder { Shape s; };
int main() {
  std::printf("%zu %zu\n", sizeof(Shape), alignof(Holder));
  return 0;
}
)",
                           /*Cxx=*/true);
  EXPECT_THAT(E, HasSubstr("/main.cpp:10:28: error: 'sizeof(Shape)'"));
  EXPECT_THAT(E, HasSubstr("virtual function 'dump' (a vtable pointer)"));
  EXPECT_THAT(E, HasSubstr("/main.cpp:10:43: error: 'alignof(Holder)'"));
}

TEST(SafetyLayout, CxxTemplateHoldingTheRecord) {
  std::string E = errorsOf(std::string(Slot) + R"(
#include <new>
template <typename T> struct Box { T value; int tag; };
template <typename T> size_t bytes() { return sizeof(T); }
int main() {
  void *raw = ::operator new(sizeof(Box<slot>));
  ::operator delete(raw);
  printf("%zu %zu\n", sizeof(Box<int>), sizeof(Box<slot>));
  printf("%zu %zu\n", bytes<int>(), bytes<slot>());
  return 0;
}
)",
                           /*Cxx=*/true);
  EXPECT_THAT(E, HasSubstr("/main.cpp:19:41: error: 'sizeof(Box<slot>)'"));
  // The template's sizeof(T), as instantiated with slot.
  EXPECT_THAT(E, HasSubstr("/main.cpp:15:47: error: 'sizeof(slot)'"));
  EXPECT_EQ(count(E, "error:"), 2u) << E;
}

} // namespace

namespace {

TEST(SafetyLayout, ParseThatFailsIsLeftToTheRewriter) {
  // With DEBUG the unit does not compile: that parse says nothing (the
  // rewriter's own parse reports the error), the other still counts.
  std::string E = errorsOf(R"(#include <stdio.h>
struct slot {
  void *next;
#ifdef DEBUG
  unsigned guard;
#endif
};
int main(void) {
#ifdef DEBUG
  this is not C;
#endif
  printf("%zu\n", sizeof(struct slot));
  return 0;
}
)");
  EXPECT_THAT(E, IsEmpty());
}

} // namespace

namespace {

TEST(SafetyLayout, MemberDeclaredAlikeInSeveralBranchesIsAccepted) {
  // c_ringbuf's pattern: the rewriter keeps one declaration of 'extra'.
  SafetyRun R = checkProject({{"main.c", R"(struct s {
  int x;
#if defined(A) && !defined(B)
  int extra;
#elif defined(B)
  int  extra;
  int more;
#endif
};
int main(void) {
  struct s v = {0};
  return v.x;
}
)"}},
                             {"A", "B"});
  EXPECT_THAT(R.Errors, IsEmpty());
}

TEST(SafetyLayout, MemberDeclaredDifferentlyInSeveralBranches) {
  // Different types (or initializers): the simulator would declare the
  // member twice and not compile; varsim says so at the second one.
  SafetyRun R = checkProject({{"main.c", R"(struct s {
  int x;
#if defined(A) && !defined(B)
  int extra;
#elif defined(B)
  long extra;
  int more;
#endif
};
int main(void) {
  struct s v = {0};
  return v.x;
}
)"}},
                             {"A", "B"});
  EXPECT_THAT(R.Errors, HasSubstr("main.c:6:8: error: member 'extra' of "
                                  "'struct s' is declared differently in "
                                  "several"));
  EXPECT_THAT(R.Errors, HasSubstr("under A && !B at main.c:4, under "));
  EXPECT_THAT(R.Errors, HasSubstr("B at main.c:6)"));
  EXPECT_THAT(R.Errors, Not(HasSubstr("'more'")));
}

TEST(SafetyLayout, MemberInitializedDifferentlyInSeveralBranchesCxx) {
  SafetyRun R = checkProject({{"main.cpp", R"(struct S {
  int x = 0;
#ifdef A
  int extra = 1;
#else
  int extra = 2;
#endif
};
int main() { return S().x; }
)"}},
                             {"A"}, /*Cxx=*/true);
  EXPECT_THAT(R.Errors, HasSubstr("main.cpp:6:7: error: member 'extra'"));
}

TEST(SafetyLayout, MembersInOneBranchEachAreFine) {
  SafetyRun R = checkProject({{"main.c", R"(struct s {
  int x;
#ifdef A
  int a;
#else
  int b;
#endif
};
int main(void) {
  struct s v = {0};
  return v.x;
}
)"}},
                             {"A"});
  EXPECT_THAT(R.Errors, IsEmpty());
}

} // namespace
