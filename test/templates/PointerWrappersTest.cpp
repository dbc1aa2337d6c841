//===- test/templates/PointerWrappersTest.cpp - Iterator class or pointer -===//
//
// An iterator class over a pointer, or a plain pointer under a feature
// (RapidJSON's RAPIDJSON_NOMEMBERITERATORCLASS): lowered to the class where
// it behaves as the pointer (line numbers kept, the fallback gone), refused
// at the member or use where it may not. The end-to-end comparison with
// every variant is corpus.cpp_idiom_iterator_or_pointer.
//
//===----------------------------------------------------------------------===//

#include "test/common/FirstPasses.h"
#include "test/common/RewriteHarness.h"

#include "rewrite/templates/PointerWrapperFacts.h"
#include "rewrite/templates/PointerWrappers.h"

#include "gtest/gtest.h"

#include <algorithm>

using namespace varsim::rewrite;
using namespace varsim::rewrite::test;
namespace tpl = varsim::rewrite::templates;

namespace {

const char *Model = R"(<?xml version="1.0" encoding="UTF-8"?>
<featureModel>
  <struct>
    <and abstract="true" mandatory="true" name="Root">
      <feature name="NO_ITER_CLASS"/>
    </and>
  </struct>
</featureModel>
)";

// @EXTRA@ is replaced by a test's extra member of the class.
const char *Header = R"(#ifndef SEQ_H
#define SEQ_H
#include <cstddef>
#ifndef NO_ITER_CLASS
#include <iterator>
#endif

template <class T> class Seq;

#ifndef NO_ITER_CLASS
template <bool Const, class T> class Iter {
  template <bool, class> friend class Iter;
  friend class Seq<T>;

public:
  typedef Iter Iterator;
  typedef Iter<true, T> ConstIterator;
  typedef Iter<false, T> NonConstIterator;
  typedef T *Pointer;
  typedef T &Reference;

  Iter() : ptr_() {}
  Iter(const NonConstIterator &it) : ptr_(it.ptr_) {}
  Iterator &operator++() {
    ++ptr_;
    return *this;
  }
  bool operator!=(ConstIterator that) const { return ptr_ != that.ptr_; }
  Reference operator*() const { return *ptr_; }
  std::ptrdiff_t operator-(ConstIterator that) const { return ptr_ - that.ptr_; }
@EXTRA@
private:
  explicit Iter(Pointer p) : ptr_(p) {}
  Pointer ptr_;
};
#else
template <bool Const, class T> struct Iter;
template <class T> struct Iter<false, T> {
  typedef T *Iterator;
};
template <class T> struct Iter<true, T> {
  typedef T *Iterator;
};
#endif

template <class T> class Seq {
public:
  typedef typename Iter<false, T>::Iterator iterator;
  iterator begin() { return iterator(items_); }
  iterator end() { return iterator(items_ + 4); }

private:
  T items_[4] = {1, 2, 3, 4};
};
#endif
)";

const char *Main = R"(#include "seq.h"
#include <cstdio>

int main() {
  Seq<int> s;
  int sum = 0;
  for (Seq<int>::iterator it = s.begin(); it != s.end(); ++it)
    sum += *it;
  std::printf("%d %d\n", sum, int(s.end() - s.begin()));
@USE@
  return 0;
}
)";

std::string with(std::string Text, const std::string &Mark,
                 const std::string &By) {
  Text.replace(Text.find(Mark), Mark.size(), By);
  return Text;
}

llvm::Expected<tpl::LoweringResult> lower(const std::string &Extra,
                                          const std::string &Use,
                                          std::unique_ptr<TempProject> &P,
                                          varsim::test::ScannedProject &Env) {
  P = std::make_unique<TempProject>(
      std::map<std::string, std::string>{
          {"seq.h", with(Header, "@EXTRA@", Extra)},
          {"main.cpp", with(Main, "@USE@", Use)},
          {"model.xml", Model}},
      /*Cxx=*/true);
  if (llvm::Error E = varsim::test::scanProject(P->compileCommands(),
                                                P->root() + "/model.xml", Env))
    return E;
  return tpl::lowerPointerWrappers(
      {Env.Layout, *Env.Features, Env.Texts, 2, nullptr});
}

std::string error(const std::string &Extra, const std::string &Use) {
  std::unique_ptr<TempProject> P;
  varsim::test::ScannedProject Env;
  auto R = lower(Extra, Use, P, Env);
  return R ? std::string("lowered") : llvm::toString(R.takeError());
}

TEST(PointerWrappers, TableKnowsThePointerOperators) {
  using varsim::rewrite::templates::wrappers::forwardingMismatch;
  EXPECT_EQ(forwardingMismatch("++", 0, false, "{ ++ @P ; return * this ; }"),
            "");
  EXPECT_EQ(forwardingMismatch("++", 1, false,
                               "{ @T @L ( * this ) ; ++ @P ; return @L ; }"),
            "");
  EXPECT_EQ(forwardingMismatch("==", 1, true, "{ return @P == @A0 . @P ; }"),
            "");
  EXPECT_EQ(forwardingMismatch("[]", 1, false, "{ return @P [ @A0 ] ; }"), "");
  // A checked or counting operator, a comparison of the wrong kind, and an
  // operator a pointer does not have.
  EXPECT_NE(forwardingMismatch("*", 0, false, "{ @T ( @P ) ; return * @P ; }"),
            "");
  EXPECT_NE(forwardingMismatch("==", 1, true, "{ return @P != @A0 . @P ; }"),
            "");
  EXPECT_NE(forwardingMismatch("()", 0, false, "{ return * @P ; }"), "");
}

TEST(PointerWrappers, ClassStandsForThePointerLinesKept) {
  std::unique_ptr<TempProject> P;
  varsim::test::ScannedProject Env;
  auto R = lower("", "", P, Env);
  ASSERT_TRUE(static_cast<bool>(R)) << llvm::toString(R.takeError());
  ASSERT_EQ(R->Sites.size(), 1u);
  EXPECT_EQ(R->Sites[0].Idiom, "pointer wrapper");
  EXPECT_EQ(R->Sites[0].Line, 10u);
  EXPECT_EQ(R->Sites[0].Features, "NO_ITER_CLASS");
  ASSERT_EQ(R->Files.size(), 1u);
  const std::string &Lowered = R->Files.begin()->second;
  std::string Original = with(Header, "@EXTRA@", "");
  EXPECT_EQ(std::count(Lowered.begin(), Lowered.end(), '\n'),
            std::count(Original.begin(), Original.end(), '\n'));
  EXPECT_EQ(Lowered.find("NO_ITER_CLASS"), std::string::npos) << Lowered;
  EXPECT_EQ(Lowered.find("typedef T *Iterator"), std::string::npos);
  EXPECT_NE(Lowered.find("#include <iterator>"), std::string::npos);
  EXPECT_NE(Lowered.find("Iterator &operator++()"), std::string::npos);
}

TEST(PointerWrappers, MemberThatIsNotAPointerOperatorIsRefused) {
  std::string Err = error("  int steps_ = 0;", "");
  EXPECT_NE(Err.find("seq.h:34:11: error: 'Iter' is a class template defined "
                     "per feature (the #if on line 10"),
            std::string::npos)
      << Err;
  EXPECT_NE(Err.find("the class has more than one data member"),
            std::string::npos)
      << Err;
}

TEST(PointerWrappers, SizeofTheClassIsRefused) {
  std::string Err =
      error("", "  std::printf(\"%zu\\n\", sizeof(Seq<int>::iterator));");
  EXPECT_NE(Err.find("main.cpp:10:24: error: 'Iter' is a class template"),
            std::string::npos)
      << Err;
  EXPECT_NE(Err.find("its size or alignment is taken"), std::string::npos)
      << Err;
}

TEST(PointerWrappers, NothingToLowerLeavesTheProjectAlone) {
  TempProject P(
      {{"main.cpp", "int main() { return 0; }\n"}, {"model.xml", Model}},
      /*Cxx=*/true);
  varsim::test::ScannedProject Env;
  ASSERT_FALSE(static_cast<bool>(varsim::test::scanProject(
      P.compileCommands(), P.root() + "/model.xml", Env)));
  auto R = tpl::lowerPointerWrappers(
      {Env.Layout, *Env.Features, Env.Texts, 2, nullptr});
  ASSERT_TRUE(static_cast<bool>(R));
  EXPECT_TRUE(R->Files.empty());
  EXPECT_TRUE(R->Sites.empty());
}

} // namespace

namespace {

// Two definitions of a class template per feature are not this idiom: left
// to the template lowering (which refuses them with its own message).
TEST(PointerWrappers, TwoDefinitionsAreLeftToTheTemplateLowering) {
  const char *Box = R"(#ifndef NO_ITER_CLASS
template <class T> struct Box {
  T v;
  T get() const { return v; }
};
#else
template <class T> struct Box {
  T v;
  T get() const { return v + 1; }
};
#endif
int main() { return Box<int>{2}.get(); }
)";
  TempProject P({{"main.cpp", Box}, {"model.xml", Model}}, /*Cxx=*/true);
  varsim::test::ScannedProject Env;
  ASSERT_FALSE(static_cast<bool>(varsim::test::scanProject(
      P.compileCommands(), P.root() + "/model.xml", Env)));
  auto R = tpl::lowerPointerWrappers(
      {Env.Layout, *Env.Features, Env.Texts, 2, nullptr});
  ASSERT_TRUE(static_cast<bool>(R)) << llvm::toString(R.takeError());
  EXPECT_TRUE(R->Files.empty());
  EXPECT_TRUE(R->Sites.empty());
}

} // namespace
