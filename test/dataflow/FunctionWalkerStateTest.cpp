//===- test/dataflow/FunctionWalkerStateTest.cpp --------------------------===//
//
// The walker's locals changed in place with an undo log (LocalState) against
// the copies they replace: random nests of branches, loop rounds and
// updates run on both, and the states (keys, taint and evidence) and the
// loops' "changed" answers must be equal at every step.
//
//===----------------------------------------------------------------------===//

#include "dataflow/FunctionWalkerState.h"

#include "gtest/gtest.h"

#include <map>
#include <random>

namespace varsim::dataflow {
namespace {

using Key = const clang::VarDecl *;
using Copied = std::map<Key, Taint>;

/// Locals are only compared and hashed, never read: fake addresses do.
Key local(unsigned K) {
  return reinterpret_cast<Key>(static_cast<uintptr_t>(64 * (K + 1)));
}

/// A random taint over three features, with origins of each rank and
/// different places, so that the join's choice of evidence shows.
Taint randomTaint(std::mt19937 &Rng) {
  Taint T;
  for (const char *F : {"A", "B", "C"}) {
    if (Rng() % 3 != 0)
      continue;
    Origin O;
    O.Source.File = "f.c";
    O.Source.Line = Rng() % 5;
    switch (Rng() % 3) {
    case 0:
      O.FromCaller = true;
      break;
    case 1:
      O.Params = {std::string("p") + char('0' + Rng() % 3)};
      break;
    default:
      break;
    }
    T.emplace(F, std::move(O));
  }
  return T;
}

/// Runs one random program on both states; Depth bounds the nesting.
class Differential {
public:
  explicit Differential(unsigned Seed) : Rng(Seed) {}

  void block(LocalState &St, Copied &Ref, unsigned Depth) {
    unsigned N = 1 + Rng() % 5;
    for (unsigned I = 0; I < N; ++I) {
      step(St, Ref, Depth);
      ASSERT_EQ(St.snapshot(), Ref);
    }
  }

private:
  void step(LocalState &St, Copied &Ref, unsigned Depth) {
    Key V = local(Rng() % 6);
    switch (Rng() % (Depth ? 6 : 3)) {
    case 0: { // A read: a first read creates an empty entry.
      Taint Got = St.get(V);
      EXPECT_EQ(Got, Ref[V]);
      break;
    }
    case 1: {
      Taint T = randomTaint(Rng);
      St.set(V, T);
      Ref[V] = T;
      break;
    }
    case 2: {
      Taint T = randomTaint(Rng);
      EXPECT_EQ(St.joinInto(V, T), join(Ref[V], T));
      break;
    }
    case 3: { // if/else, ?: as the walker did with copies.
      Copied Then = Ref, Else = Ref;
      St.mark();
      block(St, Then, Depth - 1);
      LocalState::Changes ThenCh = St.undo();
      ASSERT_EQ(St.snapshot(), Ref);
      St.mark();
      block(St, Else, Depth - 1);
      LocalState::Changes ElseCh = St.undo();
      ASSERT_EQ(St.snapshot(), Ref);
      St.mergeBranches(std::move(ThenCh), std::move(ElseCh));
      Ref = std::move(Then);
      for (auto &[K, T] : Else)
        join(Ref[K], T);
      break;
    }
    default: { // A loop round or a switch body.
      Copied Round = Ref;
      St.mark();
      block(St, Round, Depth - 1);
      bool Changed = St.mergeOptional(St.undo());
      Copied Joined = Ref;
      for (auto &[K, T] : Round)
        join(Joined[K], T);
      EXPECT_EQ(Changed, Joined != Ref);
      Ref = std::move(Joined);
      break;
    }
    }
  }

  std::mt19937 Rng;
};

TEST(FunctionWalkerState, UndoLogGivesTheStatesOfCopies) {
  for (unsigned Seed = 1; Seed <= 300; ++Seed) {
    SCOPED_TRACE("seed " + std::to_string(Seed));
    LocalState St;
    Copied Ref;
    Differential D(Seed);
    D.block(St, Ref, 4);
    ASSERT_EQ(St.snapshot(), Ref);
    if (testing::Test::HasFailure())
      return;
  }
}

TEST(FunctionWalkerState, ABranchOnlyReadingLeavesAnEmptyEntry) {
  // As with copies: a local first read inside one branch exists, empty,
  // after the join (the loops compare states with that entry).
  LocalState St;
  Key V = local(0);
  St.mark();
  EXPECT_TRUE(St.get(V).empty());
  LocalState::Changes Then = St.undo();
  EXPECT_TRUE(St.snapshot().empty());
  St.mark();
  LocalState::Changes Else = St.undo();
  St.mergeBranches(std::move(Then), std::move(Else));
  ASSERT_EQ(St.snapshot().size(), 1u);
  EXPECT_TRUE(St.snapshot().begin()->second.empty());
}

TEST(FunctionWalkerState, AStrongUpdateInOneBranchJoinsTheOldValue) {
  LocalState St;
  Key V = local(0);
  Taint Old{{"A", Origin{}}}, New{{"B", Origin{}}};
  St.set(V, Old);
  St.mark();
  St.set(V, New);
  LocalState::Changes Then = St.undo();
  EXPECT_EQ(St.get(V), Old);
  St.mark();
  LocalState::Changes Else = St.undo();
  St.mergeBranches(std::move(Then), std::move(Else));
  Taint Both = New;
  join(Both, Old);
  EXPECT_EQ(St.get(V), Both);
}

// Taint shares its map copy-on-write (Taint.h): a copy must never see the
// other's later changes, and join must do what it did on plain maps.

using PlainTaint = std::map<std::string, Origin>;

PlainTaint plain(const Taint &T) { return PlainTaint(T.begin(), T.end()); }

/// The join on plain maps, as it was before the sharing.
bool plainJoin(PlainTaint &Into, const PlainTaint &From) {
  bool Grew = false;
  for (const auto &[Feature, O] : From) {
    auto [It, New] = Into.try_emplace(Feature, O);
    if (!New && O.rank() > It->second.rank()) {
      It->second = O;
      New = true;
    } else if (!New && O.rank() == 1 && It->second.rank() == 1) {
      for (const std::string &P : O.Params)
        New |= It->second.Params.insert(P).second;
    }
    Grew |= New;
  }
  return Grew;
}

TEST(TaintValue, CopiesDoNotSeeEachOthersChanges) {
  Taint A{{"A", Origin{}}};
  Taint B = A;
  EXPECT_TRUE(B.sharesWith(A));
  B.emplace("B", Origin{});
  A.edit().begin()->second.Via = "x";
  EXPECT_EQ(plain(A).size(), 1u);
  EXPECT_EQ(plain(B).size(), 2u);
  EXPECT_EQ(B.find("A")->second.Via, "");
  Origin Labelled;
  Labelled.Params = {"p0"};
  Taint C{{"C", Labelled}};
  Taint D = escaped(C);
  EXPECT_EQ(C.find("C")->second.Params.size(), 1u);
  EXPECT_TRUE(D.find("C")->second.Params.empty());
}

TEST(TaintValue, JoinIsThePlainMapsJoin) {
  std::mt19937 Rng(7);
  for (int I = 0; I < 2000; ++I) {
    Taint Into = randomTaint(Rng), From = randomTaint(Rng);
    if (I % 7 == 0)
      From = Into;       // Shared contents.
    Taint Before = Into; // Shares Into's map until the join edits it.
    PlainTaint Ref = plain(Into), Old = Ref;
    bool RefGrew = plainJoin(Ref, plain(From));
    EXPECT_EQ(join(Into, From), RefGrew);
    EXPECT_EQ(plain(Into), Ref);
    EXPECT_EQ(plain(Before), Old);
  }
}

} // namespace
} // namespace varsim::dataflow
