//===- condition/Parse.cpp - The two text forms of a condition ------------===//
//
// One lexer and one recursive-descent parser for both text forms: the
// presence form is the preprocessor grammar without arithmetic, ?:,
// character literals and calls, so that a trace or manifest that holds
// anything else is refused rather than half understood by the model.
//
//===----------------------------------------------------------------------===//

#include "condition/Condition.h"
#include "condition/Operators.h"

#include "support/Diagnostic.h"
#include "support/Identifiers.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"

#include <cctype>
#include <cstring>

namespace varsim::condition {
namespace {

enum class Grammar { Preprocessor, Presence };

struct Token {
  enum Kind { End, Number, Ident, Punct } K = End;
  std::string Text;
  int64_t Value = 0;
  size_t Column = 0; ///< 1-based.
};

constexpr llvm::StringLiteral PPSuffix = " in a preprocessor condition";

/// An error at Column: as the rewriter reports #if errors (no location; the
/// caller adds the directive's) or, for a presence condition, naming the
/// text and the column.
llvm::Error fail(Grammar G, llvm::StringRef Text, size_t Column,
                 llvm::StringRef Message) {
  if (G == Grammar::Preprocessor)
    return makeError(Message);
  Message.consume_back(PPSuffix);
  return makeError("condition '" + Text + "', column " + llvm::Twine(Column) +
                   ": " + Message);
}

/// The value of the character literal that starts at S[I] (a quote);
/// sets End past its closing quote, or returns nullopt if unterminated.
std::optional<int64_t> charLiteral(llvm::StringRef S, size_t I, size_t &End) {
  size_t J = I + 1;
  int64_t V = 0;
  unsigned Chars = 0;
  while (J < S.size() && S[J] != '\'') {
    unsigned char Ch = static_cast<unsigned char>(S[J]);
    int64_t One = Ch;
    if (Ch == '\\' && J + 1 < S.size()) {
      char E = S[J + 1];
      J += 2;
      if (E == 'x') {
        One = 0;
        while (J < S.size() && std::isxdigit(static_cast<unsigned char>(S[J])))
          One = One * 16 + llvm::hexDigitValue(S[J++]);
      } else if (E >= '0' && E <= '7') {
        One = E - '0';
        for (int N = 0; N < 2 && J < S.size() && S[J] >= '0' && S[J] <= '7';
             ++N)
          One = One * 8 + (S[J++] - '0');
      } else {
        One = llvm::StringSwitch<int64_t>(llvm::StringRef(&E, 1))
                  .Case("n", '\n')
                  .Case("t", '\t')
                  .Case("r", '\r')
                  .Case("a", '\a')
                  .Case("b", '\b')
                  .Case("f", '\f')
                  .Case("v", '\v')
                  .Default(static_cast<unsigned char>(E));
      }
    } else {
      ++J;
    }
    // The first character is a (signed) char; more shift in, as GCC does.
    V = Chars == 0 ? static_cast<int64_t>(static_cast<signed char>(One))
                   : (V << 8) | (One & 0xff);
    ++Chars;
  }
  if (J >= S.size() || Chars == 0)
    return std::nullopt;
  End = J + 1;
  return V;
}

/// Splits an expression into tokens; comments are already gone.
llvm::Expected<std::vector<Token>> tokenize(llvm::StringRef S, Grammar G) {
  const bool PP = G == Grammar::Preprocessor;
  std::vector<Token> Out;
  size_t I = 0;
  auto Push = [&](Token::Kind K, std::string Text, int64_t V, size_t At) {
    Out.push_back({K, std::move(Text), V, At + 1});
  };
  while (I < S.size()) {
    char C = S[I];
    if (std::isspace(static_cast<unsigned char>(C))) {
      ++I;
      continue;
    }
    if (isIdentifierStart(C)) {
      size_t J = I;
      while (J < S.size() && isIdentifierChar(S[J]))
        ++J;
      llvm::StringRef Word = S.slice(I, J);
      // A character literal with an encoding prefix (L'a', u'a', U'a',
      // u8'a'): the value of the character.
      if (PP && J < S.size() && S[J] == '\'' &&
          (Word == "L" || Word == "u" || Word == "U" || Word == "u8")) {
        I = J;
        continue;
      }
      // __has_include(<h>) / __has_include("h"): the header name is not
      // made of preprocessor tokens; the test stays one opaque term (it is
      // about the system, never a feature).
      if (PP && (Word == "__has_include" || Word == "__has_include_next")) {
        size_t K = J;
        while (K < S.size() && std::isspace(static_cast<unsigned char>(S[K])))
          ++K;
        // Without '(' it is the operand of `defined`.
        size_t Close = K < S.size() && S[K] == '(' ? S.find(')', K) : S.npos;
        if (K < S.size() && S[K] == '(' && Close == S.npos)
          return fail(
              G, S, I + 1,
              ("expected '(<header>)' after '" + Word + "'" + PPSuffix).str());
        if (Close == S.npos) {
          Push(Token::Ident, Word.str(), 0, I);
          I = J;
          continue;
        }
        Push(Token::Ident,
             Word.str() + "(" + S.slice(K + 1, Close).trim().str() + ")", 0, I);
        I = Close + 1;
        continue;
      }
      Push(Token::Ident, Word.str(), 0, I);
      I = J;
      continue;
    }
    if (PP && C == '\'') {
      // A character literal ('A', '\n', '\x41', '\101', 'ab'): an int, as
      // the preprocessor evaluates it.
      size_t End = 0;
      std::optional<int64_t> V = charLiteral(S, I, End);
      if (!V)
        return fail(G, S, I + 1,
                    "unterminated character literal in a preprocessor "
                    "condition");
      Push(Token::Number, S.slice(I, End).str(), *V, I);
      I = End;
      continue;
    }
    if (std::isdigit(static_cast<unsigned char>(C))) {
      size_t J = I;
      while (J < S.size() &&
             (std::isalnum(static_cast<unsigned char>(S[J])) || S[J] == '\''))
        ++J;
      std::string Digits;
      for (char D : S.slice(I, J))
        if (D != '\'')
          Digits += D;
      // Drop integer suffixes (u, l, ul, ll, ...).
      llvm::StringRef Lit(Digits);
      bool Hex = Lit.starts_with_insensitive("0x");
      bool Bin = Lit.starts_with_insensitive("0b");
      while (!Lit.empty() && (Lit.back() == 'u' || Lit.back() == 'U' ||
                              Lit.back() == 'l' || Lit.back() == 'L'))
        Lit = Lit.drop_back();
      unsigned long long V = 0;
      if (Lit.getAsInteger(
              Hex || Bin ? 0 : (Lit.size() > 1 && Lit[0] == '0' ? 8 : 10), V))
        return fail(
            G, S, I + 1,
            ("cannot read the number '" + S.slice(I, J) + "'" + PPSuffix)
                .str());
      Push(Token::Number, Digits, static_cast<int64_t>(V), I);
      I = J;
      continue;
    }
    static const char *const Puncts[] = {
        "&&", "||", "==", "!=", "<=", ">=", "<<", ">>", "(", ")", "!", "<", ">",
        "+",  "-",  "*",  "/",  "%",  "&",  "|",  "^",  "~", "?", ":", ","};
    static const char *const PresencePuncts[] = {
        "&&", "||", "==", "!=", "<=", ">=", "(", ")", "!", "<", ">"};
    bool Found = false;
    auto TryAll = [&](auto &List) {
      for (const char *P : List) {
        if (S.substr(I).starts_with(P)) {
          Push(Token::Punct, P, 0, I);
          I += std::strlen(P);
          Found = true;
          return;
        }
      }
    };
    if (PP)
      TryAll(Puncts);
    else
      TryAll(PresencePuncts);
    if (!Found)
      return fail(G, S, I + 1,
                  PP ? "unexpected character '" + std::string(1, C) + "'" +
                           PPSuffix.str()
                     : "unexpected '" + std::string(1, C) + "'");
  }
  Out.push_back({Token::End, "", 0, S.size() + 1});
  return Out;
}

class Parser {
public:
  Parser(llvm::StringRef Text, std::vector<Token> Tokens, Grammar G)
      : Text(Text), Toks(std::move(Tokens)), G(G) {}

  llvm::Expected<CondPtr> parseAll() {
    auto E = parseTernary();
    if (!E)
      return E.takeError();
    if (peek().K != Token::End)
      return error("unexpected '" + peek().Text + "'" + PPSuffix.str());
    return E;
  }

private:
  const Token &peek() const { return Toks[Pos]; }
  bool accept(llvm::StringRef P) {
    if (peek().K == Token::Punct && peek().Text == P) {
      ++Pos;
      return true;
    }
    return false;
  }
  llvm::Error error(const std::string &Message) {
    return fail(G, Text, peek().Column, Message);
  }

  llvm::Expected<CondPtr> parseTernary() {
    auto C = parseBinary(1);
    if (!C)
      return C.takeError();
    if (G == Grammar::Presence || !accept("?"))
      return C;
    auto T = parseTernary();
    if (!T)
      return T.takeError();
    if (!accept(":"))
      return error("expected ':' in a preprocessor condition");
    auto F = parseTernary();
    if (!F)
      return F.takeError();
    return makeTernary(*C, *T, *F);
  }

  llvm::Expected<CondPtr> parseBinary(int MinPrec) {
    auto L = parseUnary();
    if (!L)
      return L.takeError();
    CondPtr Left = *L;
    while (peek().K == Token::Punct) {
      int Prec = binaryPrecedence(peek().Text);
      if (Prec < MinPrec)
        break;
      std::string Op = peek().Text;
      ++Pos;
      auto R = parseBinary(Prec + 1);
      if (!R)
        return R.takeError();
      Left = makeBinary(Op, Left, *R);
    }
    return Left;
  }

  llvm::Expected<CondPtr> parseUnary() {
    const Token &T = peek();
    if (T.K == Token::Punct &&
        (T.Text == "!" || T.Text == "-" || T.Text == "+" || T.Text == "~")) {
      std::string Op = T.Text;
      ++Pos;
      auto E = parseUnary();
      if (!E)
        return E.takeError();
      return makeUnary(Op, *E);
    }
    if (accept("(")) {
      auto E = parseTernary();
      if (!E)
        return E.takeError();
      if (!accept(")"))
        return error("expected ')' in a preprocessor condition");
      return E;
    }
    if (T.K == Token::Number) {
      ++Pos;
      return makeInt(T.Value);
    }
    if (T.K == Token::Ident) {
      std::string Name = T.Text;
      ++Pos;
      if (Name == "defined") {
        bool Paren = accept("(");
        if (peek().K != Token::Ident)
          return error("expected a macro name after 'defined'");
        std::string Macro = peek().Text;
        ++Pos;
        if (Paren && !accept(")"))
          return error("expected ')' after 'defined(" + Macro + "'");
        // A presence condition names features: defined(X) is X.
        return G == Grammar::Presence ? makeIdent(Macro) : makeDefined(Macro);
      }
      if (G == Grammar::Preprocessor && accept("(")) {
        std::vector<CondPtr> Args;
        if (!accept(")")) {
          do {
            auto A = parseTernary();
            if (!A)
              return A.takeError();
            Args.push_back(*A);
          } while (accept(","));
          if (!accept(")"))
            return error("expected ')' after the arguments of '" + Name +
                         "' in a preprocessor condition");
        }
        return makeCall(Name, std::move(Args));
      }
      return makeIdent(Name);
    }
    return error(
        "unexpected " +
        (T.K == Token::End ? std::string("end of line") : "'" + T.Text + "'") +
        PPSuffix.str());
  }

  llvm::StringRef Text;
  std::vector<Token> Toks;
  Grammar G;
  size_t Pos = 0;
};

llvm::Expected<CondPtr> parse(llvm::StringRef Text, Grammar G) {
  auto Toks = tokenize(Text, G);
  if (!Toks)
    return Toks.takeError();
  return Parser(Text, std::move(*Toks), G).parseAll();
}

} // namespace

llvm::Expected<CondPtr> parseCondition(llvm::StringRef Text) {
  return parse(Text, Grammar::Preprocessor);
}

llvm::Expected<CondPtr> parsePresence(llvm::StringRef Text) {
  return parse(Text, Grammar::Presence);
}

} // namespace varsim::condition
