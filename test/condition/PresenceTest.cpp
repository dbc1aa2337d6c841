//===- test/condition/PresenceTest.cpp - presence conditions --------------===//
//
// The presence form that the rewriter writes into manifest.json and
// calltrace.json and the call graph, the model and the plan read back:
// evaluation, the split into conjuncts, printing, the errors of the
// restricted grammar, and the round trip of what the rewriter prints.
//
//===----------------------------------------------------------------------===//

#include "condition/Condition.h"

#include "support/Diagnostic.h"

#include "llvm/ADT/StringMap.h"

#include <gtest/gtest.h>

using namespace varsim;
using namespace varsim::condition;

namespace {

CondPtr parse(llvm::StringRef Text) {
  llvm::Expected<CondPtr> C = parsePresence(Text);
  EXPECT_TRUE(static_cast<bool>(C)) << errorToString(C.takeError());
  return C ? *C : makeInt(0);
}

std::vector<std::string> conjunctTexts(llvm::StringRef Text) {
  std::vector<std::string> Out;
  for (const CondPtr &C : conjuncts(parse(Text)))
    Out.push_back(printCondition(*C));
  return Out;
}

int64_t eval(llvm::StringRef Text, const llvm::StringMap<int64_t> &Values) {
  return evaluate(*parse(Text), [&](llvm::StringRef Name) {
    return std::optional<int64_t>(Values.lookup(Name));
  });
}

TEST(Presence, EvaluatesWithCSemantics) {
  llvm::StringMap<int64_t> V{{"A", 1}, {"B", 0}, {"LEVEL", 2}};
  EXPECT_EQ(eval("1", V), 1);
  EXPECT_EQ(eval("A && !B", V), 1);
  EXPECT_EQ(eval("A && B || LEVEL >= 2", V), 1);
  EXPECT_EQ(eval("!(A || B)", V), 0);
  EXPECT_EQ(eval("LEVEL == 3", V), 0);
  EXPECT_EQ(eval("LEVEL != 3 && defined(A)", V), 1);
  // defined(X) of a presence condition is the feature X, not "X exists".
  EXPECT_EQ(eval("defined(B)", V), 0);
  EXPECT_EQ(eval("(LEVEL > 1) == 1", V), 1);
  EXPECT_EQ(eval("0x10 > 15", V), 1);
  EXPECT_EQ(eval("LEVEL < 3u", V), 1);
}

TEST(Presence, ConjunctionsSplitIntoLiterals) {
  EXPECT_EQ(conjunctTexts("A && !B"), (std::vector<std::string>{"A", "!B"}));
  EXPECT_TRUE(conjunctTexts("1").empty());
  EXPECT_EQ(conjunctTexts("!(A || B)"), (std::vector<std::string>{"!A", "!B"}));
  EXPECT_EQ(conjunctTexts("!!A"), (std::vector<std::string>{"A"}));
  EXPECT_TRUE(isLiteral(*parse("!A")));
  EXPECT_TRUE(isLiteral(*parse("defined(A)")));
  EXPECT_FALSE(isLiteral(*parse("A > 1")));
  EXPECT_FALSE(isLiteral(*parse("!!A")));
}

TEST(Presence, DisjunctionsAndComparisonsStayWhole) {
  EXPECT_EQ(conjunctTexts("A || B"), (std::vector<std::string>{"A || B"}));
  EXPECT_EQ(conjunctTexts("(A || B) && C"),
            (std::vector<std::string>{"A || B", "C"}));
  EXPECT_EQ(conjunctTexts("!(LEVEL >= 2)"),
            (std::vector<std::string>{"LEVEL < 2"}));
  EXPECT_EQ(conjunctTexts("!(A && B)"),
            (std::vector<std::string>{"!(A && B)"}));
  EXPECT_EQ(conjunctTexts("0"), (std::vector<std::string>{"0"}));
  EXPECT_EQ(conjunctTexts("!1"), (std::vector<std::string>{"0"}));
}

TEST(Presence, PrintsWithTheParenthesesItNeeds) {
  EXPECT_EQ(printCondition(*parse("(A && B) || C")), "A && B || C");
  EXPECT_EQ(printCondition(*parse("A && (B || C)")), "A && (B || C)");
  EXPECT_EQ(printCondition(*parse("!(A)")), "!A");
  EXPECT_EQ(printCondition(*parse("defined(A) && !defined B")), "A && !B");
  // < binds tighter than ==: no parentheses, and the same tree back.
  CondPtr Mixed = parse("(A == 1) == (B < 2)");
  EXPECT_EQ(printCondition(*Mixed), "A == 1 == B < 2");
  EXPECT_TRUE(sameCondition(*parse(printCondition(*Mixed)), *Mixed));
  EXPECT_EQ(printCondition(*makeUnary("-", makeInt(-1))), "-(-1)");
}

TEST(Presence, ASettledTestNegatedFoldsAway) {
  // `#if defined(UNSET)` settled to 0, then `#elif F`: F's presence is
  // `!0 && F`, which the manifest and the model's terms should read as F.
  EXPECT_EQ(printCondition(*makeAnd({makeNot(makeInt(0)), makeIdent("F")})),
            "F");
  EXPECT_EQ(printCondition(*makeNot(makeInt(3))), "0");
}

TEST(Presence, ErrorsNameTheColumn) {
  for (const char *Bad : {"A &&", "(A", "A ? B : C", "", "A B", "defined(",
                          "A + 1", "'a' == 97", "f(A)", "-1 < A"}) {
    llvm::Expected<CondPtr> C = parsePresence(Bad);
    ASSERT_FALSE(static_cast<bool>(C)) << Bad;
    std::string Message = errorToString(C.takeError());
    EXPECT_NE(Message.find("column"), std::string::npos) << Message;
    EXPECT_EQ(Message.find("preprocessor"), std::string::npos) << Message;
  }
  llvm::Expected<CondPtr> C = parsePresence("A && ?");
  ASSERT_FALSE(static_cast<bool>(C));
  EXPECT_EQ(errorToString(C.takeError()),
            "error: condition 'A && ?', column 6: unexpected '?'");
}

// What the rewriter writes (an #if's tree printed with feature names) reads
// back as the same tree, and means the same in every configuration.
TEST(Presence, WhatTheRewriterPrintsReadsBack) {
  const char *const Directives[] = {
      "defined(A) && !defined(B)", "A || B && C",
      "(A || B) && !(C || A)",     "LEVEL >= 2 && !(LEVEL == 3)",
      "!(A && B) || LEVEL < 1",    "(A == 0) != (B > 1)",
  };
  llvm::StringMap<int64_t> Configs[] = {
      {{"A", 1}, {"B", 0}, {"C", 1}, {"LEVEL", 2}},
      {{"A", 0}, {"B", 1}, {"C", 0}, {"LEVEL", 3}},
      {{"A", 1}, {"B", 1}, {"C", 1}, {"LEVEL", 0}}};
  for (const char *D : Directives) {
    llvm::Expected<CondPtr> PP = parseCondition(D);
    ASSERT_TRUE(static_cast<bool>(PP)) << errorToString(PP.takeError());
    std::string Text =
        printCondition(**PP, [](llvm::StringRef M, bool) { return M.str(); });
    CondPtr Back = parse(Text);
    EXPECT_EQ(printCondition(*Back), Text) << D;
    for (const llvm::StringMap<int64_t> &V : Configs) {
      // Boolean features: 0 is "not defined" to the preprocessor.
      int64_t Expected =
          evaluate(**PP, [&](llvm::StringRef M) -> std::optional<int64_t> {
            if (M != "LEVEL" && V.lookup(M) == 0)
              return std::nullopt;
            return V.lookup(M);
          });
      EXPECT_EQ(eval(Text, V), Expected) << D << " as " << Text;
    }
  }
}

} // namespace
