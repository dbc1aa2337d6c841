//===- test/condition/ConstraintTest.cpp - feature-model constraints ------===//
//
// The constraint operators of the feature models (=>, <=>, atmost1): their
// value in every assignment, and the feature models' printed syntax.
//
//===----------------------------------------------------------------------===//

#include "condition/Condition.h"

#include <gtest/gtest.h>

#include <map>

using namespace varsim::condition;

namespace {

CondPtr var(llvm::StringRef N) { return makeIdent(N); }

int64_t valueIn(const CondPtr &E, unsigned Bits) {
  return evaluate(*E, [&](llvm::StringRef N) -> std::optional<int64_t> {
    unsigned Bit = 1u << (N[0] - 'A');
    return (Bits & Bit) ? std::optional<int64_t>(1) : std::nullopt;
  });
}

TEST(Constraint, OperatorsHaveTheirLogicalValue) {
  CondPtr Imp = makeBinary("=>", var("A"), var("B"));
  CondPtr Iff = makeBinary("<=>", var("A"), var("B"));
  CondPtr One = makeCall(AtMostOne, {var("A"), var("B"), var("C")});
  for (unsigned Bits = 0; Bits < 8; ++Bits) {
    bool A = Bits & 1, B = Bits & 2, C = Bits & 4;
    EXPECT_EQ(valueIn(Imp, Bits), !A || B) << Bits;
    EXPECT_EQ(valueIn(Iff, Bits), A == B) << Bits;
    EXPECT_EQ(valueIn(One, Bits), A + B + C <= 1) << Bits;
  }
  EXPECT_TRUE(isBooleanValued(*Imp));
  EXPECT_TRUE(isBooleanValued(*One));
}

TEST(Constraint, PrintsInTheFeatureModelsSyntax) {
  // => groups to the right, <=> binds loosest, & and | are associative.
  CondPtr Right =
      makeBinary("=>", var("A"), makeBinary("=>", var("B"), var("C")));
  EXPECT_EQ(printConstraint(*Right), "A => B => C");
  CondPtr Left =
      makeBinary("=>", makeBinary("=>", var("A"), var("B")), var("C"));
  EXPECT_EQ(printConstraint(*Left), "(A => B) => C");
  CondPtr Iff = makeBinary(
      "<=>", var("Keys"),
      makeBinary("||", var("Sign"), makeBinary("&&", var("E"), var("F"))));
  EXPECT_EQ(printConstraint(*Iff), "Keys <=> Sign | E & F");
  CondPtr Nested = makeBinary(
      "&&", var("A"), makeBinary("&&", var("B"), makeUnary("!", var("C"))));
  EXPECT_EQ(printConstraint(*Nested), "A & B & !C");
  EXPECT_EQ(
      printConstraint(*makeUnary("!", makeBinary("||", var("a.b"), var("$c")))),
      "!(a.b | $c)");
  EXPECT_EQ(printConstraint(*makeBinary(
                "=>", var("P"),
                makeBinary("&&", makeBinary("||", var("X"), var("Y")),
                           makeCall(AtMostOne, {var("X"), var("Y")})))),
            "P => (X | Y) & atmost1(X, Y)");
  EXPECT_EQ(printConstraint(*makeBinary("||", makeInt(1), makeInt(0))),
            "true | false");
}

} // namespace
