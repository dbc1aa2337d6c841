//===- test/condition/ConditionSimplifyTest.cpp - simplifyCondition -------===//
//
// The simplifier must never change a condition's value: each case is
// compared with the original on every assignment of its macros, and the
// shapes that substitution produces must come out small.
//
//===----------------------------------------------------------------------===//

#include "condition/Condition.h"

#include <gtest/gtest.h>

#include <map>

using namespace varsim::condition;

namespace {

CondPtr parse(llvm::StringRef S) {
  auto C = parseCondition(S);
  EXPECT_TRUE(static_cast<bool>(C)) << llvm::toString(C.takeError());
  return *C;
}

std::string print(const Cond &C) {
  return printCondition(C, [](llvm::StringRef M, bool Defined) {
    // An identifier-like spelling keeps the printer from parenthesizing it.
    return Defined ? "def_" + M.str() : M.str();
  });
}

/// Every assignment of A, B (undefined, 0, 1, 2) and C (undefined, 1).
void expectEquivalent(const CondPtr &Original, const CondPtr &Simplified,
                      bool AsBoolean) {
  const std::optional<int64_t> Vals[] = {std::nullopt, 0, 1, 2};
  for (auto A : Vals)
    for (auto B : Vals)
      for (auto C : {std::optional<int64_t>(), std::optional<int64_t>(1)}) {
        std::map<std::string, std::optional<int64_t>> Env{
            {"A", A}, {"B", B}, {"C", C}};
        auto Values = [&](llvm::StringRef M) { return Env[M.str()]; };
        int64_t X = evaluate(*Original, Values);
        int64_t Y = evaluate(*Simplified, Values);
        if (AsBoolean)
          EXPECT_EQ(X != 0, Y != 0)
              << print(*Original) << " vs " << print(*Simplified);
        else
          EXPECT_EQ(X, Y) << print(*Original) << " vs " << print(*Simplified);
      }
}

struct Case {
  const char *Input;
  const char *Expected;
};

TEST(ConditionSimplify, ShapesOfSubstitutionsBecomeSmall) {
  const Case Cases[] = {
      {"!defined(A) ? 0 : (defined(A) ? 1 : 0)", "def_A"},
      {"!defined(A) || (defined(A) || 0)", "1"},
      // Both values are true: only the truth is asked for.
      {"defined(A) ? 2 : (!defined(A) ? 1 : 0)", "1"},
      {"1 ? 1 : 0", "1"},
      {"(defined(B) ? 1 : 0) && defined(C)", "def_B && def_C"},
      {"A >= (0 + 1)", "A >= 1"},
      {"defined(A) && defined(A)", "def_A"},
      {"defined(A) && !defined(A)", "0"},
      {"!!defined(C)", "def_C"},
      {"defined(A) ? 0 : 1", "!def_A"},
      {"1 && (2 > 1)", "1"},
      {"B / 0", "B / 0"},
      // A derived numeric macro compared with a constant (QA P1): the
      // manifest's readers have no ?:.
      {"(!defined(A) ? 1 : 2) == 2", "def_A"},
      {"(!defined(A) && !defined(B) ? 1 : !defined(A) && defined(B) ? 2 "
       ": defined(A) ? 3 : 0) != 3",
       "!def_A && !def_B || (!def_A && def_B || !def_A)"},
      {"3 <= (defined(C) ? A : 4)", "!def_C || 3 <= A"},
  };
  for (const Case &C : Cases) {
    CondPtr In = parse(C.Input);
    CondPtr Out = simplifyCondition(In);
    EXPECT_EQ(print(*Out), C.Expected) << C.Input;
    expectEquivalent(In, Out, true);
  }
}

TEST(ConditionSimplify, KeepsValuesWhereValuesMatter) {
  const char *const Inputs[] = {
      "defined(A) ? A : 0",
      "A && 1",
      "defined(A) ? 1 : B",
      "defined(C) ? B : 0",
      "!defined(C) ? 0 : B",
      "A ? A : 1",
      "A || B",
      "(A ? 1 : 0) + (B ? 0 : 1)",
      "!(A == 1) ? (A == 1) : 2",
      "defined(A) && (defined(A) ? A : B)",
      "A ? (A ? 3 : 4) : (A ? 5 : 6)",
  };
  for (const char *S : Inputs) {
    CondPtr In = parse(S);
    expectEquivalent(In, simplifyCondition(In, false), false);
    expectEquivalent(In, simplifyCondition(In, true), true);
  }
  // A value is not a truth: `A && 1` is 0/1, A may be 2.
  EXPECT_EQ(print(*simplifyCondition(parse("A && 1"), false)), "A != 0");
  EXPECT_EQ(print(*simplifyCondition(parse("A && 1"), true)), "A");
  EXPECT_EQ(print(*simplifyCondition(
                parse("defined(A) ? 2 : (!defined(A) ? 1 : 0)"), false)),
            "def_A ? 2 : 1");
}

TEST(ConditionSimplify, Helpers) {
  EXPECT_TRUE(sameCondition(*parse("A + (B * 2)"), *parse("A+B*2")));
  EXPECT_FALSE(sameCondition(*parse("A + B"), *parse("B + A")));
  EXPECT_TRUE(isBooleanValued(*parse("defined(A) || B > 1")));
  EXPECT_FALSE(isBooleanValued(*parse("A ? 2 : 1")));
  EXPECT_EQ(conditionPrecedence(*parse("A + B")), 9);
  EXPECT_EQ(conditionPrecedence(*parse("A ? B : C")), 0);
  EXPECT_EQ(conditionPrecedence(*parse("(A + B)")), 9); // Parens are lost.
  EXPECT_EQ(conditionSize(*parse("A + B")), 3u);
  EXPECT_EQ(print(*makeOr({makeInt(0), makeDefined("A"), makeInt(0)})),
            "def_A");
}

} // namespace

namespace {

int64_t valueOf(llvm::StringRef S) {
  return evaluate(*parse(S), [](llvm::StringRef M) -> std::optional<int64_t> {
    if (M == "F")
      return 1;
    return std::nullopt;
  });
}

TEST(ConditionLexer, TakesEveryPreprocessorToken) {
  // Character literals, as the preprocessor evaluates them (valid C that
  // once blocked a whole interpreter: "unexpected character").
  EXPECT_EQ(valueOf("'A' == 65 && '0' == 48"), 1);
  EXPECT_EQ(valueOf("'\\n' == 10 && '\\x41' == 65 && '\\101' == 65"), 1);
  EXPECT_EQ(valueOf("'\\\\' == 92 && '\\'' == 39"), 1);
  EXPECT_EQ(valueOf("L'a' == 97 && u8'b' == 98 && U'c' == 99"), 1);
  EXPECT_EQ(valueOf("'ab' == 0x6162"), 1);
  // `defined X` without parentheses.
  EXPECT_EQ(valueOf("defined F && !defined G"), 1);
  // __has_include: one opaque term, in both spellings, and as the operand
  // of `defined`.
  CondPtr H = parse("__has_include(<stdint.h>) && F");
  EXPECT_EQ(print(*H), "(__has_include(<stdint.h>)) && F");
  EXPECT_TRUE(static_cast<bool>(parseCondition("__has_include(\"cfg.h\")")));
  EXPECT_EQ(valueOf("defined __has_include || F"), 1);
  // Still errors, with one "error:" and no doubling.
  auto Bad = parseCondition("'A");
  ASSERT_FALSE(static_cast<bool>(Bad));
  EXPECT_EQ(llvm::toString(Bad.takeError()),
            "error: unterminated character literal in a preprocessor "
            "condition");
}

} // namespace
