//===- test/rewrite/SourceTextTest.cpp - The one lexical scanner ----------===//
//
// forEachToken (rewrite/SourceText.h), which every lexical scan of the
// rewrite goes through (macro uses, brace blocks, file-scope names,
// X-macro lists): what is one token, what is skipped (comments, continued
// line comments, skipped ranges), literals of every spelling as one token.
//
//===----------------------------------------------------------------------===//

#include "rewrite/SourceText.h"
#include "rewrite/MacroUses.h"

#include "gtest/gtest.h"

#include <string>
#include <utility>
#include <vector>

using namespace varsim::rewrite;

namespace {

/// Each token as "<kind letter>:<spelling>".
std::vector<std::string>
tokens(llvm::StringRef Text,
       llvm::ArrayRef<std::pair<unsigned, unsigned>> Skip = {}) {
  std::vector<std::string> Out;
  forEachToken(
      Text,
      [&](const SourceToken &T) {
        const char *Kind = "INLP";
        Out.push_back(std::string(1, Kind[T.K]) + ":" +
                      Text.slice(T.Begin, T.End).str());
      },
      Skip);
  return Out;
}

using V = std::vector<std::string>;

TEST(SourceText, TokensOutsideComments) {
  EXPECT_EQ(tokens("a /* b */ c // d\ne"), (V{"I:a", "I:c", "I:e"}));
  // A line comment continued by a backslash-newline hides the next line.
  EXPECT_EQ(tokens("x // one \\\n two\ny"), (V{"I:x", "I:y"}));
  // An unterminated block comment ends the text.
  EXPECT_EQ(tokens("p /* q"), (V{"I:p"}));
}

TEST(SourceText, LiteralsAreOneToken) {
  EXPECT_EQ(tokens(R"(f("a{b", 'c', "\"}"))"),
            (V{"I:f", "P:(", R"(L:"a{b")", "P:,", "L:'c'", "P:,", R"(L:"\"}")",
               "P:)"}));
  // Raw strings, with their prefix, up to the matching delimiter.
  EXPECT_EQ(tokens("R\"x(a)\" b)x\" z"), (V{"L:R\"x(a)\" b)x\"", "I:z"}));
  // A quote left open ends at its line.
  EXPECT_EQ(tokens("'a\nb"), (V{"L:'a\n", "I:b"}));
}

TEST(SourceText, PPNumbersAreOneToken) {
  EXPECT_EQ(tokens("0x1Fu+1e+5-1'000 .5"),
            (V{"N:0x1Fu", "P:+", "N:1e+5", "P:-", "N:1'000", "N:.5"}));
}

TEST(SourceText, SkipsRanges) {
  llvm::StringRef Text = "a\n#define B { \"\nc }";
  // The directive line [2, 15) holds an unbalanced quote and brace.
  EXPECT_EQ(tokens(Text, {{2, 15}}), (V{"I:a", "I:c", "P:}"}));
}

TEST(SourceText, FindIdentifiersUsesTheScanner) {
  auto Found = findIdentifiers("X /* X */ \"X\" X_Y 0xX X", {"X"});
  ASSERT_EQ(Found.size(), 2u);
  EXPECT_EQ(Found[0].first, 0u);
  EXPECT_EQ(Found[1].first, 22u);
}

} // namespace
