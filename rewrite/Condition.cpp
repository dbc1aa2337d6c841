//===- rewrite/Condition.cpp - #if expressions ----------------------------===//

#include "rewrite/Condition.h"

#include "support/Diagnostic.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"

#include <cstring>

#include <cctype>

namespace varsim::rewrite {
namespace {

struct Token {
  enum Kind { End, Number, Ident, Punct } K = End;
  std::string Text;
  int64_t Value = 0;
};

/// Splits a directive's expression into tokens; comments are already gone.
llvm::Expected<std::vector<Token>> tokenize(llvm::StringRef S) {
  std::vector<Token> Out;
  size_t I = 0;
  while (I < S.size()) {
    char C = S[I];
    if (std::isspace(static_cast<unsigned char>(C))) {
      ++I;
      continue;
    }
    if (std::isalpha(static_cast<unsigned char>(C)) || C == '_') {
      size_t J = I;
      while (J < S.size() &&
             (std::isalnum(static_cast<unsigned char>(S[J])) || S[J] == '_'))
        ++J;
      llvm::StringRef Word = S.slice(I, J);
      // A character literal with an encoding prefix (L'a', u'a', U'a',
      // u8'a'): the value of the character.
      if (J < S.size() && S[J] == '\'' &&
          (Word == "L" || Word == "u" || Word == "U" || Word == "u8")) {
        I = J;
        continue;
      }
      // __has_include(<h>) / __has_include("h"): the header name is not
      // made of preprocessor tokens; the test stays one opaque term (it is
      // about the system, never a feature).
      if (Word == "__has_include" || Word == "__has_include_next") {
        size_t K = J;
        while (K < S.size() && std::isspace(static_cast<unsigned char>(S[K])))
          ++K;
        // Without '(' it is the operand of `defined`.
        size_t Close = K < S.size() && S[K] == '(' ? S.find(')', K) : S.npos;
        if (K < S.size() && S[K] == '(' && Close == S.npos)
          return makeError("expected '(<header>)' after '" + Word +
                           "' in a preprocessor condition");
        if (Close == S.npos) {
          Out.push_back({Token::Ident, Word.str(), 0});
          I = J;
          continue;
        }
        std::string Text =
            Word.str() + "(" + S.slice(K + 1, Close).trim().str() + ")";
        Out.push_back({Token::Ident, Text, 0});
        I = Close + 1;
        continue;
      }
      Out.push_back({Token::Ident, Word.str(), 0});
      I = J;
      continue;
    }
    if (C == '\'') {
      // A character literal ('A', '\n', '\x41', '\101', 'ab'): an int, as
      // the preprocessor evaluates it.
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
            while (J < S.size() &&
                   std::isxdigit(static_cast<unsigned char>(S[J])))
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
        V = Chars == 0 ? static_cast<int64_t>(static_cast<signed char>(One))
                       : (V << 8) | (One & 0xff);
        ++Chars;
      }
      if (J >= S.size() || Chars == 0)
        return makeError("unterminated character literal in a preprocessor "
                         "condition");
      Out.push_back({Token::Number, S.slice(I, J + 1).str(), V});
      I = J + 1;
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
      while (!Lit.empty() && (Lit.back() == 'u' || Lit.back() == 'U' ||
                              Lit.back() == 'l' || Lit.back() == 'L'))
        Lit = Lit.drop_back();
      unsigned long long V = 0;
      if (Lit.getAsInteger(Hex ? 0 : (Lit.size() > 1 && Lit[0] == '0' ? 8 : 10),
                           V))
        return makeError("cannot read the number '" + S.slice(I, J) +
                         "' in a preprocessor condition");
      Out.push_back({Token::Number, Digits, static_cast<int64_t>(V)});
      I = J;
      continue;
    }
    static const char *const Puncts[] = {
        "&&", "||", "==", "!=", "<=", ">=", "<<", ">>", "(", ")", "!", "<", ">",
        "+",  "-",  "*",  "/",  "%",  "&",  "|",  "^",  "~", "?", ":", ","};
    bool Found = false;
    for (const char *P : Puncts) {
      if (S.substr(I).starts_with(P)) {
        Out.push_back({Token::Punct, P, 0});
        I += std::strlen(P);
        Found = true;
        break;
      }
    }
    if (!Found)
      return makeError("unexpected character '" + std::string(1, C) +
                       "' in a preprocessor condition");
  }
  Out.push_back({Token::End, "", 0});
  return Out;
}

int binaryPrecedence(llvm::StringRef Op) {
  return llvm::StringSwitch<int>(Op)
      .Cases("*", "/", "%", 10)
      .Cases("+", "-", 9)
      .Cases("<<", ">>", 8)
      .Cases("<", "<=", ">", ">=", 7)
      .Cases("==", "!=", 6)
      .Case("&", 5)
      .Case("^", 4)
      .Case("|", 3)
      .Case("&&", 2)
      .Case("||", 1)
      .Default(-1);
}

class Parser {
public:
  explicit Parser(std::vector<Token> Tokens) : Toks(std::move(Tokens)) {}

  llvm::Expected<CondPtr> parseAll() {
    auto E = parseTernary();
    if (!E)
      return E.takeError();
    if (peek().K != Token::End)
      return makeError("unexpected '" + peek().Text +
                       "' in a preprocessor condition");
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

  llvm::Expected<CondPtr> parseTernary() {
    auto C = parseBinary(1);
    if (!C)
      return C.takeError();
    if (!accept("?"))
      return C;
    auto T = parseTernary();
    if (!T)
      return T.takeError();
    if (!accept(":"))
      return makeError("expected ':' in a preprocessor condition");
    auto F = parseTernary();
    if (!F)
      return F.takeError();
    auto N = std::make_shared<Cond>();
    N->K = Cond::Ternary;
    N->Operands = {*C, *T, *F};
    return CondPtr(N);
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
      auto N = std::make_shared<Cond>();
      N->K = Cond::Binary;
      N->Op = Op;
      N->Operands = {Left, *R};
      Left = N;
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
      auto N = std::make_shared<Cond>();
      N->K = Cond::Unary;
      N->Op = Op;
      N->Operands = {*E};
      return CondPtr(N);
    }
    if (accept("(")) {
      auto E = parseTernary();
      if (!E)
        return E.takeError();
      if (!accept(")"))
        return makeError("expected ')' in a preprocessor condition");
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
          return makeError("expected a macro name after 'defined'");
        std::string Macro = peek().Text;
        ++Pos;
        if (Paren && !accept(")"))
          return makeError("expected ')' after 'defined(" + Macro + "'");
        return makeDefined(Macro);
      }
      if (accept("(")) {
        auto N = std::make_shared<Cond>();
        N->K = Cond::Call;
        N->Name = Name;
        if (!accept(")")) {
          do {
            auto A = parseTernary();
            if (!A)
              return A.takeError();
            N->Operands.push_back(*A);
          } while (accept(","));
          if (!accept(")"))
            return makeError("expected ')' after the arguments of '" + Name +
                             "' in a preprocessor condition");
        }
        return CondPtr(N);
      }
      auto N = std::make_shared<Cond>();
      N->K = Cond::Ident;
      N->Name = Name;
      return CondPtr(N);
    }
    return makeError(
        "unexpected " +
        (T.K == Token::End ? std::string("end of line") : "'" + T.Text + "'") +
        " in a preprocessor condition");
  }

  std::vector<Token> Toks;
  size_t Pos = 0;
};

int64_t applyBinary(llvm::StringRef Op, int64_t A, int64_t B) {
  if (Op == "*")
    return A * B;
  if (Op == "/")
    return B ? A / B : 0;
  if (Op == "%")
    return B ? A % B : 0;
  if (Op == "+")
    return A + B;
  if (Op == "-")
    return A - B;
  if (Op == "<<")
    return A << (B & 63);
  if (Op == ">>")
    return A >> (B & 63);
  if (Op == "<")
    return A < B;
  if (Op == "<=")
    return A <= B;
  if (Op == ">")
    return A > B;
  if (Op == ">=")
    return A >= B;
  if (Op == "==")
    return A == B;
  if (Op == "!=")
    return A != B;
  if (Op == "&")
    return A & B;
  if (Op == "^")
    return A ^ B;
  if (Op == "|")
    return A | B;
  if (Op == "&&")
    return A && B;
  if (Op == "||")
    return A || B;
  return 0;
}

bool isOne(const CondPtr &E) { return E->K == Cond::Int && E->Value == 1; }

} // namespace

llvm::Expected<CondPtr> parseCondition(llvm::StringRef Text) {
  auto Toks = tokenize(Text);
  if (!Toks)
    return Toks.takeError();
  return Parser(std::move(*Toks)).parseAll();
}

CondPtr makeInt(int64_t V) {
  auto N = std::make_shared<Cond>();
  N->K = Cond::Int;
  N->Value = V;
  return N;
}

CondPtr makeDefined(llvm::StringRef Macro) {
  auto N = std::make_shared<Cond>();
  N->K = Cond::Defined;
  N->Name = Macro.str();
  return N;
}

CondPtr makeNot(CondPtr E) {
  if (E->K == Cond::Unary && E->Op == "!" &&
      (E->Operands[0]->K == Cond::Defined ||
       (E->Operands[0]->K == Cond::Unary && E->Operands[0]->Op == "!")))
    return E->Operands[0];
  auto N = std::make_shared<Cond>();
  N->K = Cond::Unary;
  N->Op = "!";
  N->Operands = {std::move(E)};
  return N;
}

CondPtr makeAnd(const std::vector<CondPtr> &Operands) {
  CondPtr Result;
  for (const CondPtr &E : Operands) {
    if (isOne(E))
      continue;
    if (!Result) {
      Result = E;
      continue;
    }
    auto N = std::make_shared<Cond>();
    N->K = Cond::Binary;
    N->Op = "&&";
    N->Operands = {Result, E};
    Result = N;
  }
  return Result ? Result : makeInt(1);
}

CondPtr makeOr(const std::vector<CondPtr> &Operands) {
  CondPtr Result;
  for (const CondPtr &E : Operands) {
    if (E->K == Cond::Int && E->Value == 0)
      continue;
    Result = Result ? makeBinary("||", Result, E) : E;
  }
  return Result ? Result : makeInt(0);
}

CondPtr makeIdent(llvm::StringRef Macro) {
  auto N = std::make_shared<Cond>();
  N->K = Cond::Ident;
  N->Name = Macro.str();
  return N;
}

CondPtr makeUnary(llvm::StringRef Op, CondPtr E) {
  auto N = std::make_shared<Cond>();
  N->K = Cond::Unary;
  N->Op = Op.str();
  N->Operands = {std::move(E)};
  return N;
}

CondPtr makeBinary(llvm::StringRef Op, CondPtr L, CondPtr R) {
  auto N = std::make_shared<Cond>();
  N->K = Cond::Binary;
  N->Op = Op.str();
  N->Operands = {std::move(L), std::move(R)};
  return N;
}

CondPtr makeTernary(CondPtr C, CondPtr T, CondPtr F) {
  auto N = std::make_shared<Cond>();
  N->K = Cond::Ternary;
  N->Operands = {std::move(C), std::move(T), std::move(F)};
  return N;
}

bool sameCondition(const Cond &A, const Cond &B) {
  if (&A == &B)
    return true;
  if (A.K != B.K || A.Value != B.Value || A.Name != B.Name || A.Op != B.Op ||
      A.Operands.size() != B.Operands.size())
    return false;
  for (size_t I = 0; I < A.Operands.size(); ++I)
    if (!sameCondition(*A.Operands[I], *B.Operands[I]))
      return false;
  return true;
}

size_t conditionSize(const Cond &E) {
  size_t N = 1;
  for (const CondPtr &O : E.Operands)
    N += conditionSize(*O);
  return N;
}

bool isBooleanValued(const Cond &E) {
  switch (E.K) {
  case Cond::Int:
    return E.Value == 0 || E.Value == 1;
  case Cond::Defined:
    return true;
  case Cond::Ident:
    return false;
  case Cond::Unary:
    return E.Op == "!";
  case Cond::Binary:
    return llvm::is_contained(
        std::initializer_list<llvm::StringRef>{"&&", "||", "==", "!=", "<",
                                               "<=", ">", ">="},
        E.Op);
  case Cond::Ternary:
    return isBooleanValued(*E.Operands[1]) && isBooleanValued(*E.Operands[2]);
  case Cond::Call:
    return false;
  }
  return false;
}

namespace {

bool isIntNode(const CondPtr &E) { return E->K == Cond::Int; }

/// What is known inside an operand guarded by C being Truth: C itself and
/// what it implies through !, && (true) and || (false).
void factsOf(const CondPtr &C, bool Truth,
             std::vector<std::pair<CondPtr, bool>> &Out) {
  Out.push_back({C, Truth});
  if (C->K == Cond::Unary && C->Op == "!")
    factsOf(C->Operands[0], !Truth, Out);
  else if (C->K == Cond::Binary && C->Op == "&&" && Truth) {
    factsOf(C->Operands[0], true, Out);
    factsOf(C->Operands[1], true, Out);
  } else if (C->K == Cond::Binary && C->Op == "||" && !Truth) {
    factsOf(C->Operands[0], false, Out);
    factsOf(C->Operands[1], false, Out);
  }
}

/// E with the subtrees that Facts decide replaced by their value: 0 for a
/// false one (exact), 1 for a true one only when it is boolean-valued.
CondPtr assume(const CondPtr &E,
               const std::vector<std::pair<CondPtr, bool>> &Facts) {
  for (const auto &[F, Truth] : Facts)
    if (sameCondition(*E, *F)) {
      if (!Truth)
        return makeInt(0);
      if (isBooleanValued(*E))
        return makeInt(1);
    }
  if (E->Operands.empty())
    return E;
  auto N = std::make_shared<Cond>(*E);
  bool Changed = false;
  for (CondPtr &O : N->Operands) {
    CondPtr New = assume(O, Facts);
    Changed = Changed || New != O;
    O = std::move(New);
  }
  return Changed ? CondPtr(N) : E;
}

CondPtr assuming(const CondPtr &E, const CondPtr &C, bool Truth) {
  std::vector<std::pair<CondPtr, bool>> Facts;
  factsOf(C, Truth, Facts);
  return assume(E, Facts);
}

/// E as a 0/1 value.
CondPtr asBool(const CondPtr &E) {
  if (E->K == Cond::Int)
    return makeInt(E->Value != 0);
  return isBooleanValued(*E) ? E : makeBinary("!=", E, makeInt(0));
}

CondPtr simplify(const CondPtr &E, bool B) {
  switch (E->K) {
  case Cond::Int:
    return B ? makeInt(E->Value != 0) : E;
  case Cond::Ident:
  case Cond::Defined:
  case Cond::Call:
    return E;
  case Cond::Unary: {
    bool Not = E->Op == "!";
    CondPtr O = simplify(E->Operands[0], Not);
    if (isIntNode(O))
      return simplify(makeInt(evaluate(*makeUnary(E->Op, O),
                                       [](llvm::StringRef) {
                                         return std::optional<int64_t>();
                                       })),
                      B);
    if (Not && O->K == Cond::Unary && O->Op == "!" &&
        (B || isBooleanValued(*O->Operands[0])))
      return O->Operands[0];
    if (E->Op == "+")
      return O;
    return O == E->Operands[0] ? E : makeUnary(E->Op, O);
  }
  case Cond::Binary: {
    const std::string &Op = E->Op;
    if (Op == "&&" || Op == "||") {
      bool And = Op == "&&";
      CondPtr L = simplify(E->Operands[0], true);
      if (isIntNode(L)) {
        if ((L->Value != 0) != And)
          return makeInt(And ? 0 : 1);
        CondPtr R = simplify(E->Operands[1], true);
        return B ? R : asBool(R);
      }
      CondPtr R = simplify(assuming(E->Operands[1], L, And), true);
      if (isIntNode(R)) {
        if ((R->Value != 0) != And)
          return makeInt(And ? 0 : 1);
        return B ? L : asBool(L);
      }
      if (L == E->Operands[0] && R == E->Operands[1])
        return E;
      return makeBinary(Op, L, R);
    }
    CondPtr L = simplify(E->Operands[0], false);
    CondPtr R = simplify(E->Operands[1], false);
    if (isIntNode(L) && isIntNode(R) &&
        !((Op == "/" || Op == "%") && R->Value == 0)) {
      int64_t V = evaluate(*makeBinary(Op, L, R), [](llvm::StringRef) {
        return std::optional<int64_t>();
      });
      return B ? makeInt(V != 0) : makeInt(V);
    }
    // A selected value against a constant: `(c ? 1 : 2) == 2` is
    // `c ? 1 == 2 : 2 == 2`, which folds to `!c`. Derived numeric macros
    // substitute such selections; the manifest's readers and the model's
    // terms want the boolean formula.
    if (L->K == Cond::Ternary && isIntNode(R))
      return simplify(makeTernary(L->Operands[0],
                                  makeBinary(Op, L->Operands[1], R),
                                  makeBinary(Op, L->Operands[2], R)),
                      B);
    if (R->K == Cond::Ternary && isIntNode(L))
      return simplify(makeTernary(R->Operands[0],
                                  makeBinary(Op, L, R->Operands[1]),
                                  makeBinary(Op, L, R->Operands[2])),
                      B);
    if (L == E->Operands[0] && R == E->Operands[1])
      return E;
    return makeBinary(Op, L, R);
  }
  case Cond::Ternary: {
    CondPtr C = simplify(E->Operands[0], true);
    if (isIntNode(C))
      return simplify(E->Operands[C->Value ? 1 : 2], B);
    CondPtr T = simplify(assuming(E->Operands[1], C, true), B);
    CondPtr F = simplify(assuming(E->Operands[2], C, false), B);
    if (sameCondition(*T, *F))
      return T;
    auto IsInt = [](const CondPtr &X, int64_t V) {
      return X->K == Cond::Int && X->Value == V;
    };
    if (IsInt(T, 1) && IsInt(F, 0))
      return asBool(C);
    if (IsInt(T, 0) && IsInt(F, 1))
      return makeNot(C);
    if (IsInt(T, 1) && (B || isBooleanValued(*F)))
      return simplify(makeBinary("||", C, F), B);
    if (IsInt(F, 0) && (B || isBooleanValued(*T)))
      return simplify(makeBinary("&&", C, T), B);
    if (IsInt(T, 0) && (B || isBooleanValued(*F)))
      return simplify(makeBinary("&&", makeNot(C), F), B);
    if (IsInt(F, 1) && (B || isBooleanValued(*T)))
      return simplify(makeBinary("||", makeNot(C), T), B);
    return makeTernary(C, T, F);
  }
  }
  return E;
}

} // namespace

CondPtr simplifyCondition(const CondPtr &E, bool AsBoolean) {
  return simplify(E, AsBoolean);
}

int conditionPrecedence(const Cond &E) {
  switch (E.K) {
  case Cond::Binary:
    return binaryPrecedence(E.Op);
  case Cond::Unary:
    return 11;
  case Cond::Ternary:
    return 0;
  default:
    return 12;
  }
}

void collectMacros(const Cond &E, std::set<std::string> &Out) {
  if (E.K == Cond::Ident || E.K == Cond::Defined || E.K == Cond::Call)
    Out.insert(E.Name);
  for (const CondPtr &O : E.Operands)
    collectMacros(*O, Out);
}

int64_t evaluate(const Cond &E, const MacroValues &Values) {
  switch (E.K) {
  case Cond::Int:
    return E.Value;
  case Cond::Ident:
    return Values(E.Name).value_or(0);
  case Cond::Defined:
    return Values(E.Name).has_value();
  case Cond::Unary: {
    int64_t V = evaluate(*E.Operands[0], Values);
    if (E.Op == "!")
      return !V;
    if (E.Op == "-")
      return -V;
    if (E.Op == "~")
      return ~V;
    return V;
  }
  case Cond::Binary: {
    int64_t A = evaluate(*E.Operands[0], Values);
    if (E.Op == "&&" && !A)
      return 0;
    if (E.Op == "||" && A)
      return 1;
    return applyBinary(E.Op, A, evaluate(*E.Operands[1], Values));
  }
  case Cond::Ternary:
    return evaluate(*E.Operands[0], Values) ? evaluate(*E.Operands[1], Values)
                                            : evaluate(*E.Operands[2], Values);
  case Cond::Call:
    return 0;
  }
  return 0;
}

namespace {
constexpr int UnaryPrecedence = 11;

int precedence(const Cond &E) {
  switch (E.K) {
  case Cond::Binary:
    return binaryPrecedence(E.Op);
  case Cond::Unary:
    return UnaryPrecedence;
  case Cond::Ternary:
    return 0;
  default:
    return 12;
  }
}

std::string printAt(const Cond &E, const IdentPrinter &Print, int MinPrec) {
  std::string S;
  switch (E.K) {
  case Cond::Int:
    S = std::to_string(E.Value);
    break;
  case Cond::Ident:
    S = Print(E.Name, false);
    break;
  case Cond::Defined:
    S = Print(E.Name, true);
    break;
  case Cond::Unary:
    S = E.Op + printAt(*E.Operands[0], Print, UnaryPrecedence);
    break;
  case Cond::Binary: {
    int P = binaryPrecedence(E.Op);
    S = printAt(*E.Operands[0], Print, P) + " " + E.Op + " " +
        printAt(*E.Operands[1], Print, P + 1);
    break;
  }
  case Cond::Ternary:
    S = printAt(*E.Operands[0], Print, 1) + " ? " +
        printAt(*E.Operands[1], Print, 0) + " : " +
        printAt(*E.Operands[2], Print, 0);
    break;
  case Cond::Call: {
    S = E.Name + "(";
    for (size_t I = 0; I < E.Operands.size(); ++I)
      S += (I ? ", " : "") + printAt(*E.Operands[I], Print, 0);
    S += ")";
    return S;
  }
  }
  // An identifier printer may return a compound expression: keep it whole.
  bool Atomic =
      E.K == Cond::Int ||
      ((E.K == Cond::Ident || E.K == Cond::Defined) &&
       llvm::all_of(S, [](char C) {
         return std::isalnum(static_cast<unsigned char>(C)) || C == '_';
       }));
  if (!Atomic && (E.K == Cond::Ident || E.K == Cond::Defined))
    return "(" + S + ")";
  if (precedence(E) < MinPrec)
    return "(" + S + ")";
  return S;
}
} // namespace

std::string printCondition(const Cond &E, const IdentPrinter &Print) {
  return printAt(E, Print, 0);
}

std::optional<std::vector<MacroLiteral>> asConjunction(const Cond &E) {
  std::vector<MacroLiteral> Out;
  std::function<bool(const Cond &)> Walk = [&](const Cond &N) {
    if (N.K == Cond::Binary && N.Op == "&&")
      return Walk(*N.Operands[0]) && Walk(*N.Operands[1]);
    if (N.K == Cond::Int)
      return N.Value != 0;
    if (N.K == Cond::Defined || N.K == Cond::Ident) {
      Out.push_back({N.Name, false});
      return true;
    }
    if (N.K == Cond::Unary && N.Op == "!" &&
        (N.Operands[0]->K == Cond::Defined ||
         N.Operands[0]->K == Cond::Ident)) {
      Out.push_back({N.Operands[0]->Name, true});
      return true;
    }
    return false;
  };
  if (!Walk(E))
    return std::nullopt;
  return Out;
}

} // namespace varsim::rewrite
