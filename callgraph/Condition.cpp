//===- callgraph/Condition.cpp - Presence conditions ----------------------===//

#include "callgraph/Condition.h"

#include "support/Diagnostic.h"

#include "llvm/ADT/StringExtras.h"

namespace varsim::callgraph {

using Op = Condition::Op;

Condition Condition::constant(int64_t V) {
  Condition C;
  C.Kind = Op::Const;
  C.Value = V;
  return C;
}

Condition Condition::var(llvm::StringRef Name) {
  Condition C;
  C.Kind = Op::Var;
  C.Name = Name.str();
  return C;
}

static Condition unary(Op K, Condition X) {
  Condition C;
  C.Kind = K;
  C.Operands.push_back(std::move(X));
  return C;
}

static Condition binary(Op K, Condition L, Condition R) {
  Condition C;
  C.Kind = K;
  C.Operands.push_back(std::move(L));
  C.Operands.push_back(std::move(R));
  return C;
}

int64_t Condition::evaluate(
    llvm::function_ref<int64_t(llvm::StringRef)> ValueOf) const {
  auto Arg = [&](unsigned I) { return Operands[I].evaluate(ValueOf); };
  switch (Kind) {
  case Op::Const:
    return Value;
  case Op::Var:
    return ValueOf(Name);
  case Op::Not:
    return Arg(0) == 0;
  case Op::And:
    return Arg(0) != 0 && Arg(1) != 0;
  case Op::Or:
    return Arg(0) != 0 || Arg(1) != 0;
  case Op::Eq:
    return Arg(0) == Arg(1);
  case Op::Ne:
    return Arg(0) != Arg(1);
  case Op::Lt:
    return Arg(0) < Arg(1);
  case Op::Le:
    return Arg(0) <= Arg(1);
  case Op::Gt:
    return Arg(0) > Arg(1);
  case Op::Ge:
    return Arg(0) >= Arg(1);
  }
  return 0;
}

bool Condition::isLiteral() const {
  return Kind == Op::Var || (Kind == Op::Not && Operands[0].Kind == Op::Var);
}

// Binding strength, as in C: larger binds tighter.
static int precedence(Op K) {
  switch (K) {
  case Op::Or:
    return 1;
  case Op::And:
    return 2;
  case Op::Eq:
  case Op::Ne:
    return 3;
  case Op::Lt:
  case Op::Le:
  case Op::Gt:
  case Op::Ge:
    return 4;
  case Op::Not:
    return 5;
  case Op::Const:
  case Op::Var:
    return 6;
  }
  return 0;
}

static const char *spelling(Op K) {
  switch (K) {
  case Op::And:
    return "&&";
  case Op::Or:
    return "||";
  case Op::Eq:
    return "==";
  case Op::Ne:
    return "!=";
  case Op::Lt:
    return "<";
  case Op::Le:
    return "<=";
  case Op::Gt:
    return ">";
  case Op::Ge:
    return ">=";
  default:
    return "";
  }
}

std::string Condition::str() const {
  auto Sub = [&](unsigned I, bool Right) {
    const Condition &O = Operands[I];
    int Outer = precedence(Kind), Inner = precedence(O.Kind);
    // Left-associative binary operators: the right operand of equal
    // precedence needs parentheses (except for the associative && and ||).
    bool Paren = Inner < Outer ||
                 (Right && Inner == Outer && Kind != Op::And && Kind != Op::Or);
    std::string S = O.str();
    return Paren ? S.insert(0, 1, '(').append(1, ')') : S;
  };
  switch (Kind) {
  case Op::Const:
    return std::to_string(Value);
  case Op::Var:
    return Name;
  case Op::Not:
    return Sub(0, false).insert(0, 1, '!');
  default:
    return Sub(0, false)
        .append(" ")
        .append(spelling(Kind))
        .append(" ")
        .append(Sub(1, true));
  }
}

static Op negatedComparison(Op K) {
  switch (K) {
  case Op::Eq:
    return Op::Ne;
  case Op::Ne:
    return Op::Eq;
  case Op::Lt:
    return Op::Ge;
  case Op::Le:
    return Op::Gt;
  case Op::Gt:
    return Op::Le;
  case Op::Ge:
    return Op::Lt;
  default:
    return K;
  }
}

std::vector<Condition> Condition::conjuncts(bool Negate) const {
  std::vector<Condition> Out;
  auto Append = [&](std::vector<Condition> More) {
    for (Condition &C : More)
      Out.push_back(std::move(C));
  };
  switch (Kind) {
  case Op::Const:
    if ((Value != 0) == Negate)
      Out.push_back(constant(0));
    return Out;
  case Op::Not:
    return Operands[0].conjuncts(!Negate);
  case Op::And:
    if (Negate)
      break; // !(A && B) is a disjunction.
    Append(Operands[0].conjuncts(false));
    Append(Operands[1].conjuncts(false));
    return Out;
  case Op::Or:
    if (!Negate)
      break;
    Append(Operands[0].conjuncts(true));
    Append(Operands[1].conjuncts(true));
    return Out;
  case Op::Var:
    Out.push_back(Negate ? unary(Op::Not, *this) : *this);
    return Out;
  case Op::Eq:
  case Op::Ne:
  case Op::Lt:
  case Op::Le:
  case Op::Gt:
  case Op::Ge: {
    Condition C = *this;
    if (Negate)
      C.Kind = negatedComparison(Kind);
    Out.push_back(std::move(C));
    return Out;
  }
  }
  Out.push_back(Negate ? unary(Op::Not, *this) : *this);
  return Out;
}

namespace {

/// Recursive descent over the C preprocessor's expression grammar.
class ConditionParser {
public:
  explicit ConditionParser(llvm::StringRef Text) : Text(Text) {}

  llvm::Expected<Condition> parse() {
    llvm::Expected<Condition> C = parseOr();
    if (!C)
      return C.takeError();
    skipSpace();
    if (Pos != Text.size())
      return fail("unexpected '" + Text.substr(Pos, 1) + "'");
    return C;
  }

private:
  llvm::StringRef Text;
  size_t Pos = 0;

  llvm::Error fail(const llvm::Twine &Message) {
    return makeError("condition '" + Text + "', column " +
                     llvm::Twine(Pos + 1) + ": " + Message);
  }

  void skipSpace() {
    while (Pos < Text.size() && llvm::isSpace(Text[Pos]))
      ++Pos;
  }

  bool accept(llvm::StringRef Token) {
    skipSpace();
    if (!Text.substr(Pos).starts_with(Token))
      return false;
    Pos += Token.size();
    return true;
  }

  llvm::Expected<Condition> parseOr() {
    return parseBinary(&ConditionParser::parseAnd, {{"||", Op::Or}});
  }
  llvm::Expected<Condition> parseAnd() {
    return parseBinary(&ConditionParser::parseEquality, {{"&&", Op::And}});
  }
  llvm::Expected<Condition> parseEquality() {
    return parseBinary(&ConditionParser::parseRelational,
                       {{"==", Op::Eq}, {"!=", Op::Ne}});
  }
  llvm::Expected<Condition> parseRelational() {
    // Two-character operators first, so that "<=" is not read as "<".
    return parseBinary(
        &ConditionParser::parseUnary,
        {{"<=", Op::Le}, {">=", Op::Ge}, {"<", Op::Lt}, {">", Op::Gt}});
  }

  using Level = llvm::Expected<Condition> (ConditionParser::*)();
  llvm::Expected<Condition>
  parseBinary(Level Next,
              std::initializer_list<std::pair<llvm::StringRef, Op>> Ops) {
    llvm::Expected<Condition> L = (this->*Next)();
    if (!L)
      return L;
    for (;;) {
      std::optional<Op> Found;
      for (const auto &[Token, K] : Ops)
        if (accept(Token)) {
          Found = K;
          break;
        }
      if (!Found)
        return L;
      llvm::Expected<Condition> R = (this->*Next)();
      if (!R)
        return R;
      L = binary(*Found, std::move(*L), std::move(*R));
    }
  }

  llvm::Expected<Condition> parseUnary() {
    skipSpace();
    if (Pos < Text.size() && Text[Pos] == '!' &&
        !Text.substr(Pos).starts_with("!=")) {
      ++Pos;
      llvm::Expected<Condition> X = parseUnary();
      if (!X)
        return X;
      return unary(Op::Not, std::move(*X));
    }
    return parsePrimary();
  }

  llvm::Expected<Condition> parsePrimary() {
    skipSpace();
    if (Pos >= Text.size())
      return fail("expected a feature, a number or '('");
    char C = Text[Pos];
    if (C == '(') {
      ++Pos;
      llvm::Expected<Condition> X = parseOr();
      if (!X)
        return X;
      if (!accept(")"))
        return fail("expected ')'");
      return X;
    }
    if (llvm::isDigit(C)) {
      size_t Start = Pos;
      while (Pos < Text.size() && llvm::isAlnum(Text[Pos]))
        ++Pos;
      llvm::StringRef Digits =
          Text.slice(Start, Pos).rtrim("uUlL"); // C integer suffixes.
      int64_t V = 0;
      if (Digits.getAsInteger(0, V))
        return fail("bad integer '" + Text.slice(Start, Pos) + "'");
      return Condition::constant(V);
    }
    if (llvm::isAlpha(C) || C == '_') {
      size_t Start = Pos;
      while (Pos < Text.size() &&
             (llvm::isAlnum(Text[Pos]) || Text[Pos] == '_'))
        ++Pos;
      llvm::StringRef Name = Text.slice(Start, Pos);
      if (Name != "defined")
        return Condition::var(Name);
      // defined(X) or defined X: the feature X.
      bool Paren = accept("(");
      skipSpace();
      size_t NameStart = Pos;
      while (Pos < Text.size() &&
             (llvm::isAlnum(Text[Pos]) || Text[Pos] == '_'))
        ++Pos;
      if (NameStart == Pos)
        return fail("expected a feature after 'defined'");
      Condition V = Condition::var(Text.slice(NameStart, Pos));
      if (Paren && !accept(")"))
        return fail("expected ')'");
      return V;
    }
    return fail("unexpected '" + Text.substr(Pos, 1) + "'");
  }
};

} // namespace

llvm::Expected<Condition> parseCondition(llvm::StringRef Text) {
  return ConditionParser(Text).parse();
}

} // namespace varsim::callgraph
