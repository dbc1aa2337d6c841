//===- rewrite/MacroBodies.cpp - The shape of a macro's body --------------===//
//
// What a macro's replacement list is, read lexically: an expression, a
// void expression, empty, a statement (`do { } while (0)`, a block) or
// something the run-time selection cannot hold (classifyMacroBody), and the
// type of a body that is one literal (literalType); both declared in
// FileRewriterImpl.h.
//
//===----------------------------------------------------------------------===//

#include "rewrite/FileRewriterImpl.h"
#include "rewrite/SourceText.h"

#include "llvm/ADT/StringExtras.h"

#include <algorithm>
#include <cctype>

namespace varsim::rewrite::detail {
namespace {

/// The offset of the parenthesis closing the one at Text[Open] (nested
/// parentheses and brackets, literals skipped); npos if unbalanced.
size_t matchingParen(llvm::StringRef Text, size_t Open) {
  return matchingClose(Text, Open, "([", ")]");
}

/// Whether Text has a ',' outside parentheses, brackets and literals (or
/// a bracket left open).
bool hasTopLevelComma(llvm::StringRef Text) {
  int Depth = 0;
  bool Comma = false;
  forEachToken(Text, [&](const SourceToken &T) {
    char C = Text[T.Begin];
    if (T.K != SourceToken::Punctuator)
      return;
    if (C == '(' || C == '[')
      ++Depth;
    else if (C == ')' || C == ']')
      Depth = std::max(0, Depth - 1);
    else if (C == ',' && Depth == 0)
      Comma = true;
  });
  return Comma || Depth > 0;
}

/// Whether a macro body is syntactically a void expression: `(void)0`,
/// `((void)(x))`, `(void)sizeof(x)`; not `((void)(x), 1)`, whose value is
/// the 1.
bool isVoidExpression(llvm::StringRef Body) {
  llvm::StringRef B = Body.trim();
  // Parentheses around the whole body.
  while (B.starts_with("(") && matchingParen(B, 0) + 1 == B.size())
    B = B.drop_front().drop_back().trim();
  if (!B.consume_front("("))
    return false;
  B = B.ltrim();
  if (!B.consume_front("void"))
    return false;
  B = B.ltrim();
  return B.consume_front(")") && !hasTopLevelComma(B);
}

/// The offset of the brace closing the one at Text[Open], skipping string
/// and character literals; npos if unbalanced.
size_t matchingBrace(llvm::StringRef Text, size_t Open) {
  return matchingClose(Text, Open, "{", "}");
}

/// Why an expression body would change meaning once parenthesized (the
/// merge wraps every body in parentheses): a `,` at the top level (a list
/// becomes the comma operator) or a binary, ternary or assignment operator
/// at the top level of a body that is not wholly parenthesized (`4096 + 1`
/// in `N * 2`). Empty when parenthesizing is harmless: a literal, an
/// identifier, a call, a member access, a parenthesized expression, a
/// unary operator on an operand. Casts followed by an operator (`(int)-1`)
/// cannot be told from `(a) - 1` and are refused too.
std::string topLevelHazard(llvm::StringRef Body) {
  // Tokens at depth 0: operands ('a'), operators (their text).
  std::vector<std::string> Tokens;
  int Depth = 0;
  bool WhollyParenthesized = Body.starts_with("(");
  unsigned Covered = 0; // The end of the last punctuator of several chars.
  forEachToken(Body, [&](const SourceToken &T) {
    if (T.Begin < Covered)
      return;
    if (T.K != SourceToken::Punctuator) {
      if (!Depth)
        Tokens.push_back("a");
      return;
    }
    char C = Body[T.Begin];
    if (C == '(' || C == '[') {
      ++Depth;
      return;
    }
    if (C == ')' || C == ']') {
      --Depth;
      if (!Depth) {
        Tokens.push_back(")");
        if (!Body.drop_front(T.End).trim().empty())
          WhollyParenthesized = false;
      }
      return;
    }
    // Punctuators, longest first.
    static const char *const Puncts[] = {
        "<<=", ">>=", "...", "->", "++", "--", "<<", ">>",
        "<=",  ">=",  "==",  "!=", "&&", "||", "+=", "-=",
        "*=",  "/=",  "%=",  "&=", "|=", "^=", "::", "##"};
    std::string P(1, C);
    for (const char *Q : Puncts)
      if (Body.drop_front(T.Begin).starts_with(Q)) {
        P = Q;
        break;
      }
    Covered = T.Begin + static_cast<unsigned>(P.size());
    if (!Depth)
      Tokens.push_back(P);
  });
  if (WhollyParenthesized && Depth == 0)
    return "";
  bool AfterOperand = false;
  for (size_t K = 0; K < Tokens.size(); ++K) {
    const std::string &T = Tokens[K];
    if (T == ",")
      return "its top-level ',' makes it a list, and a list cannot be "
             "selected at run time";
    if (T == "a" || T == ")") {
      AfterOperand = true;
      continue;
    }
    if (T == "." || T == "->" || T == "::" || T == "#" || T == "##") {
      AfterOperand = false;
      continue;
    }
    if (T == "++" || T == "--")
      continue; // Postfix after an operand, prefix before one.
    if (T == "<" && AfterOperand) {
      // A template argument list followed by `::`, `(` or `{`.
      size_t Close = K + 1;
      while (Close < Tokens.size() && Tokens[Close] != ">" &&
             Tokens[Close] != ">>")
        ++Close;
      if (Close + 1 < Tokens.size() &&
          (Tokens[Close + 1] == "::" || Tokens[Close + 1] == ")")) {
        K = Close;
        AfterOperand = Tokens[Close + 1] == ")";
        continue;
      }
    }
    if (!AfterOperand)
      continue; // A unary operator: binds tighter than the parentheses.
    return "its top-level operator '" + T +
           "' would bind differently once the body is selected at run time; "
           "parenthesize the body";
  }
  return "";
}

} // namespace

MacroBody classifyMacroBody(llvm::StringRef Replacement) {
  llvm::StringRef R = Replacement.trim();
  if (R.empty())
    return {MacroBody::Empty, "", ""};
  // `do { ... } while (0)`: the block is what runs.
  if (R.starts_with("do") && R.size() > 2 && !isIdentifierChar(R[2])) {
    llvm::StringRef Rest = R.drop_front(2).ltrim();
    if (Rest.starts_with("{")) {
      size_t Close = matchingBrace(Rest, 0);
      if (Close != llvm::StringRef::npos) {
        llvm::StringRef Tail = Rest.drop_front(Close + 1).trim();
        if (Tail.consume_front("while")) {
          Tail = Tail.ltrim();
          if (Tail.consume_front("(")) {
            Tail = Tail.trim();
            if (Tail.consume_back(")")) {
              Tail = Tail.trim();
              if (Tail == "0" || Tail == "false")
                return {MacroBody::DoWhile, Rest.take_front(Close + 1).str(),
                        ""};
            }
          }
        }
      }
    }
    return {MacroBody::Other, "", ""};
  }
  if (R.starts_with("{")) {
    size_t Close = matchingBrace(R, 0);
    if (Close + 1 == R.size())
      return {MacroBody::Block, R.str(), ""};
    return {MacroBody::Other, "", ""};
  }
  // `#define SET_HOOK(P) grp->hook = hook_##P;` used as `SET_HOOK(x);`:
  // one expression statement, which the uses end with an empty one; as a
  // block it is valid wherever the two statements were.
  // Not a declaration (`int tmp;`), whose scope the block would end (the
  // simulator check would then refuse the uses after it).
  if (R.ends_with(";") && R.count(';') == 1 && !R.contains('{')) {
    llvm::StringRef First = R.take_while(isIdentifierChar);
    static const char *const DeclStarts[] = {
        "int",    "char",   "short", "long",    "unsigned", "signed",
        "float",  "double", "void",  "static",  "extern",   "const",
        "struct", "union",  "enum",  "typedef", "register", "volatile",
        "auto",   "_Bool",  "bool"};
    if (R.size() > 1 && !llvm::is_contained(DeclStarts, First))
      return {MacroBody::Block, "{ " + R.str() + " }", ""};
  }
  // `#define for_each_cpu(c) for (...)`: the header of a statement whose
  // body follows the use; a run-time choice cannot wrap half a statement.
  for (llvm::StringRef Keyword : {"for", "while", "if", "switch"})
    if (R.starts_with(Keyword) && R.size() > Keyword.size() &&
        !isIdentifierChar(R[Keyword.size()]) &&
        R.drop_front(Keyword.size()).ltrim().starts_with("(") &&
        R.ends_with(")"))
      return {MacroBody::Other, "",
              "it is the header of a '" + Keyword.str() +
                  "' statement whose body follows the use; keep one "
                  "definition and write what differs as an expression of "
                  "the feature inside it (a bound such as '(c) < "
                  "CONFIG_X' with the feature's value)"};
  if (R.contains(';') || R.contains('{'))
    return {MacroBody::Other, "", ""};
  if (isVoidExpression(R))
    return {MacroBody::Void, "", ""};
  if (std::string Why = topLevelHazard(R); !Why.empty())
    return {MacroBody::Other, "", Why};
  return {MacroBody::Expression, "", ""};
}

std::string literalType(llvm::StringRef Body) {
  llvm::StringRef B = Body.trim();
  while (B.size() >= 2 && B.front() == '(' && B.back() == ')' &&
         !B.drop_front().drop_back().contains('(') &&
         !B.drop_front().drop_back().contains(')'))
    B = B.drop_front().drop_back().trim();
  if (B.starts_with("\"") && B.ends_with("\"") && B.size() >= 2) {
    llvm::StringRef Inner = B.drop_front().drop_back();
    if (Inner.contains('"'))
      return "";       // Concatenated literals.
    size_t Length = 1; // The terminating NUL.
    for (size_t I = 0; I < Inner.size(); ++I, ++Length)
      if (Inner[I] == '\\') {
        ++I;
        if (I < Inner.size() && Inner[I] == 'x')
          while (I + 1 < Inner.size() && llvm::isHexDigit(Inner[I + 1]))
            ++I;
        else
          for (int K = 0;
               K < 2 && I + 1 < Inner.size() && Inner[I] >= '0' &&
               Inner[I] <= '7' && Inner[I + 1] >= '0' && Inner[I + 1] <= '7';
               ++K)
            ++I;
      }
    return "char[" + std::to_string(Length) + "]";
  }
  B.consume_front("-") || B.consume_front("+");
  B = B.ltrim();
  if (B.empty() || !(std::isdigit(static_cast<unsigned char>(B[0])) ||
                     (B[0] == '.' && B.size() > 1)))
    return "";
  if (!llvm::all_of(B, [](char C) {
        return isIdentifierChar(C) || C == '.' || C == '+' || C == '-' ||
               C == '\'';
      }))
    return "";
  std::string Lower = B.lower();
  llvm::StringRef L(Lower);
  L = L.drop_while([](char C) { return C == '\''; });
  bool Hex = L.starts_with("0x");
  bool Floating =
      L.contains('.') || (!Hex && L.contains('e')) || (Hex && L.contains('p'));
  if (Floating) {
    if (L.ends_with("f"))
      return "float";
    if (L.ends_with("l"))
      return "long double";
    return "double";
  }
  // An integer: its suffix, or its value for the unsuffixed.
  size_t SuffixAt = L.find_last_not_of("ul");
  llvm::StringRef Digits = L.take_front(SuffixAt + 1);
  llvm::StringRef Suffix = L.drop_front(SuffixAt + 1);
  bool Unsigned = Suffix.contains('u');
  unsigned Longs = static_cast<unsigned>(Suffix.count('l'));
  std::string Clean;
  for (char C : Digits)
    if (C != '\'')
      Clean += C;
  unsigned long long Value = 0;
  if (llvm::StringRef(Clean).getAsInteger(0, Value))
    return ""; // Too large or malformed: leave it.
  bool Decimal = !Hex && !(Clean.size() > 1 && Clean[0] == '0');
  if (Longs == 0 && Value > 0x7fffffffULL) {
    if (!Decimal && !Unsigned && Value <= 0xffffffffULL)
      Unsigned = true;
    else
      Longs = 1;
  }
  std::string T = Longs == 0 ? "int" : Longs == 1 ? "long" : "long long";
  return Unsigned ? "unsigned " + T : T;
}
} // namespace varsim::rewrite::detail
