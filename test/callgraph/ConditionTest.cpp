//===- test/callgraph/ConditionTest.cpp -----------------------------------===//

#include "callgraph/Condition.h"

#include "support/Diagnostic.h"

#include "llvm/ADT/StringMap.h"

#include <gtest/gtest.h>

using namespace varsim;
using namespace varsim::callgraph;

namespace {

Condition parse(llvm::StringRef Text) {
  llvm::Expected<Condition> C = parseCondition(Text);
  EXPECT_TRUE(static_cast<bool>(C)) << errorToString(C.takeError());
  return C ? std::move(*C) : Condition::constant(0);
}

std::vector<std::string> conjunctTexts(llvm::StringRef Text) {
  std::vector<std::string> Out;
  for (const Condition &C : parse(Text).conjuncts())
    Out.push_back(C.str());
  return Out;
}

int64_t eval(llvm::StringRef Text, const llvm::StringMap<int64_t> &Values) {
  return parse(Text).evaluate(
      [&](llvm::StringRef Name) { return Values.lookup(Name); });
}

TEST(Condition, EvaluatesWithCSemantics) {
  llvm::StringMap<int64_t> V{{"A", 1}, {"B", 0}, {"LEVEL", 2}};
  EXPECT_EQ(eval("1", V), 1);
  EXPECT_EQ(eval("A && !B", V), 1);
  EXPECT_EQ(eval("A && B || LEVEL >= 2", V), 1);
  EXPECT_EQ(eval("!(A || B)", V), 0);
  EXPECT_EQ(eval("LEVEL == 3", V), 0);
  EXPECT_EQ(eval("LEVEL != 3 && defined(A)", V), 1);
  EXPECT_EQ(eval("(LEVEL > 1) == 1", V), 1);
  EXPECT_EQ(eval("0x10 > 15", V), 1);
}

TEST(Condition, ConjunctionsSplitIntoLiterals) {
  EXPECT_EQ(conjunctTexts("A && !B"), (std::vector<std::string>{"A", "!B"}));
  EXPECT_TRUE(conjunctTexts("1").empty());
  EXPECT_EQ(conjunctTexts("!(A || B)"), (std::vector<std::string>{"!A", "!B"}));
  EXPECT_EQ(conjunctTexts("!!A"), (std::vector<std::string>{"A"}));
}

TEST(Condition, DisjunctionsAndComparisonsStayWhole) {
  EXPECT_EQ(conjunctTexts("A || B"), (std::vector<std::string>{"A || B"}));
  EXPECT_EQ(conjunctTexts("(A || B) && C"),
            (std::vector<std::string>{"A || B", "C"}));
  EXPECT_EQ(conjunctTexts("!(LEVEL >= 2)"),
            (std::vector<std::string>{"LEVEL < 2"}));
  EXPECT_EQ(conjunctTexts("!(A && B)"),
            (std::vector<std::string>{"!(A && B)"}));
  EXPECT_EQ(conjunctTexts("0"), (std::vector<std::string>{"0"}));
}

TEST(Condition, PrintsWithTheParenthesesItNeeds) {
  EXPECT_EQ(parse("(A && B) || C").str(), "A && B || C");
  EXPECT_EQ(parse("A && (B || C)").str(), "A && (B || C)");
  EXPECT_EQ(parse("!(A)").str(), "!A");
}

TEST(Condition, ErrorsNameTheColumn) {
  for (const char *Bad : {"A &&", "(A", "A ? B : C", "", "A B", "defined("}) {
    llvm::Expected<Condition> C = parseCondition(Bad);
    ASSERT_FALSE(static_cast<bool>(C)) << Bad;
    std::string Message = errorToString(C.takeError());
    EXPECT_NE(Message.find("column"), std::string::npos) << Message;
  }
}

} // namespace
