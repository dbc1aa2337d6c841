//===- test/safety/MoveMembersTest.cpp - Move members under a feature -----===//
//
// A move constructor or move assignment under a feature in a class that
// declares its copy member (RapidJSON's RAPIDJSON_HAS_CXX11_RVALUE_REFS):
// accepted where every site that selects it selects, in the configurations
// without it, a member no variant that builds can run (private and never
// defined); refused, located, where they select another member that runs
// (rewrite/safety/CopySiteJudge.h).
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

std::string errorsOf(const std::string &Main) {
  return checkProject({{"main.cpp", Main}}, {"MOVES"}, /*Cxx=*/true).Errors;
}

// The class of every test: not copy-constructible in C++03 style, an
// assignment that takes over an lvalue (RapidJSON's), moves under MOVES.
const char *const Box = R"(#include <cstdio>
#include <type_traits>
#include <utility>
template <typename T> class Box {
public:
  explicit Box(T v) : v_(v) {}
#ifdef MOVES
  Box(Box &&o) : v_(o.v_) { o.v_ = T(); }
  Box &operator=(Box &&o) { v_ = o.v_; o.v_ = T(); return *this; }
#endif
  static Box make(T v) { Box b(v); b.v_ += 1; return b; }
  T get() const { return v_; }
  T v_;
  Box &operator=(Box &o) { v_ = o.v_; return *this; }
private:
  Box(const Box &);
)";

TEST(SafetyMoveMembers, UnusableCopyMembersElsewhereAreAccepted) {
  // `return b;` (elided) selects the private copy constructor without MOVES
  // and the move constructor with it; the other moves are under MOVES.
  std::string E = errorsOf(std::string(Box) + R"(};
int main() {
  Box<int> a = Box<int>::make(3);
#ifdef MOVES
  Box<int> c(std::move(a));
  a = std::move(c);
#endif
  std::printf("%d\n", a.get());
  return 0;
}
)");
  EXPECT_THAT(E, IsEmpty());
}

TEST(SafetyMoveMembers, AnotherOverloadWithoutTheOptionIsRefusedAtTheSite) {
  std::string E = errorsOf(std::string(Box) + R"(public:
  template <typename U> Box &operator=(U u) { v_ = u.get() + 1000; return *this; }
};
int main() {
  Box<int> a(1);
  a = Box<int>(5);
  std::printf("%d\n", a.get());
  return 0;
}
)");
  EXPECT_THAT(E, HasSubstr("main.cpp:22:5: error: this assignment of a "
                           "'Box<int>' from a 'Box<int>' selects the move "
                           "assignment 'Box<int>::operator=(Box<int> &&)' "
                           "(main.cpp:9) in configuration 'MOVES'"));
  EXPECT_THAT(E, HasSubstr("make that overload reject a 'Box<int>' here"));
  // The member itself is not refused any more.
  EXPECT_THAT(E, Not(HasSubstr("main.cpp:9:")));
}

TEST(SafetyMoveMembers, PrivateCopyThatIsDefinedIsRefused) {
  // A member of the class may run its private copy constructor: without
  // MOVES the move below copies.
  std::string E = errorsOf(std::string(Box) + R"(public:
  static T twice(Box &b) { Box c(std::move(b)); return c.v_ * 2; }
};
template <typename T> Box<T>::Box(const Box &o) : v_(o.v_ + 100) {}
int main() {
  Box<int> a(1);
  std::printf("%d %d\n", Box<int>::twice(a), a.get());
  return 0;
}
)");
  EXPECT_THAT(E, HasSubstr("main.cpp:18:32: error: this construction of a "
                           "'Box<int>' from a 'Box<int>' selects the move "
                           "constructor"));
  EXPECT_THAT(E, HasSubstr("and the copy constructor "
                           "'Box<int>::Box(const Box<int> &)' (main.cpp:16) "
                           "in configuration ''"));
}

TEST(SafetyMoveMembers, TypeTraitAboutTheClassIsRefusedAtTheMember) {
  std::string E = errorsOf(std::string(Box) + R"(};
int main() {
  std::printf("%d\n", std::is_move_constructible<Box<int>>::value ? 1 : 0);
  return 0;
}
)");
  EXPECT_THAT(E, HasSubstr("main.cpp:8:3: error: the move constructor "
                           "'Box::Box<T>' runs wherever a 'Box' is copied or "
                           "moved"));
  EXPECT_THAT(E, HasSubstr("std::is_move_constructible<Box<int>> asks "
                           "whether a 'Box' can be copied or moved"));
}

TEST(SafetyMoveMembers, UnevaluatedAndSubstitutionSitesAreRefused) {
  // noexcept(...) compiles with the private copy constructor in the class;
  // probe's decltype fails without MOVES (a substitution failure), so the
  // variants without it print 2 where the simulator would print 1.
  std::string E = errorsOf(std::string(Box) + R"(public:
  static bool nothrow() { return noexcept(Box(std::declval<Box>())); }
};
template <typename T> auto probe(T &t, int) -> decltype(T(std::move(t)), 1) {
  return 1;
}
template <typename T> int probe(T &, long) { return 2; }
int main() {
  Box<int> a(1);
  std::printf("%d %d\n", Box<int>::nothrow() ? 1 : 0, probe(a, 0));
  return 0;
}
)");
  EXPECT_THAT(E, HasSubstr("main.cpp:18:43: error: this construction of a "
                           "'Box<int>'"));
  EXPECT_THAT(E, HasSubstr("not evaluated"));
  EXPECT_THAT(E, HasSubstr("main.cpp:20:57: error: this construction of a "
                           "'Box<int>'"));
}

} // namespace
