//===- feature_models/Expr.cpp - Propositional constraints ----------------===//

#include "feature_models/Expr.h"

namespace varsim::fm {
namespace {

/// Binding strength, higher binds tighter.
int precedence(Expr::Kind K) {
  switch (K) {
  case Expr::Kind::Iff:
    return 1;
  case Expr::Kind::Implies:
    return 2;
  case Expr::Kind::Or:
    return 3;
  case Expr::Kind::And:
    return 4;
  case Expr::Kind::Not:
    return 5;
  default:
    return 6;
  }
}

const char *infixOperator(Expr::Kind K) {
  switch (K) {
  case Expr::Kind::Iff:
    return " <=> ";
  case Expr::Kind::Implies:
    return " => ";
  case Expr::Kind::Or:
    return " | ";
  default:
    return " & ";
  }
}

void print(const Expr &E, const std::vector<Feature> &Features,
           std::string &Out) {
  auto Operand = [&](const Expr &Op, bool LeftOfArrow) {
    int Outer = precedence(E.K), Inner = precedence(Op.K);
    // Implication is right-associative; everything else groups explicitly
    // when the operator is the same, to avoid any doubt.
    bool Paren =
        Inner < Outer || (Inner == Outer && LeftOfArrow &&
                          E.K != Expr::Kind::And && E.K != Expr::Kind::Or);
    if (Paren)
      Out += '(';
    print(Op, Features, Out);
    if (Paren)
      Out += ')';
  };
  switch (E.K) {
  case Expr::Kind::True:
    Out += "true";
    return;
  case Expr::Kind::False:
    Out += "false";
    return;
  case Expr::Kind::Var:
    if (E.Var < Features.size()) {
      Out += Features[E.Var].Name;
    } else {
      Out += '#';
      Out += std::to_string(E.Var);
    }
    return;
  case Expr::Kind::Not:
    Out += '!';
    Operand(E.Ops.front(), false);
    return;
  case Expr::Kind::AtMostOne:
    Out += "atmost1(";
    for (size_t I = 0; I < E.Ops.size(); ++I) {
      if (I)
        Out += ", ";
      print(E.Ops[I], Features, Out);
    }
    Out += ')';
    return;
  case Expr::Kind::And:
  case Expr::Kind::Or:
  case Expr::Kind::Implies:
  case Expr::Kind::Iff:
    if (E.Ops.empty()) {
      Out += E.K == Expr::Kind::Or ? "false" : "true";
      return;
    }
    for (size_t I = 0; I < E.Ops.size(); ++I) {
      if (I)
        Out += infixOperator(E.K);
      // The left operand of => and <=> binds tighter: (a => b) => c.
      Operand(E.Ops[I],
              I == 0 && (E.K == Expr::Kind::Implies || E.K == Expr::Kind::Iff));
    }
    return;
  }
}

} // namespace

std::string printExpr(const Expr &E, const std::vector<Feature> &Features) {
  std::string Out;
  print(E, Features, Out);
  return Out;
}

bool evalExpr(const Expr &E, const std::vector<bool> &Selected) {
  switch (E.K) {
  case Expr::Kind::True:
    return true;
  case Expr::Kind::False:
    return false;
  case Expr::Kind::Var:
    return E.Var < Selected.size() && Selected[E.Var];
  case Expr::Kind::Not:
    return !evalExpr(E.Ops.front(), Selected);
  case Expr::Kind::And:
    for (const Expr &Op : E.Ops)
      if (!evalExpr(Op, Selected))
        return false;
    return true;
  case Expr::Kind::Or:
    for (const Expr &Op : E.Ops)
      if (evalExpr(Op, Selected))
        return true;
    return false;
  case Expr::Kind::Implies: {
    // a => b => c groups to the right.
    bool Value = evalExpr(E.Ops.back(), Selected);
    for (size_t I = E.Ops.size() - 1; I-- > 0;)
      Value = !evalExpr(E.Ops[I], Selected) || Value;
    return Value;
  }
  case Expr::Kind::Iff: {
    bool Value = evalExpr(E.Ops.front(), Selected);
    for (size_t I = 1; I < E.Ops.size(); ++I)
      Value = Value == evalExpr(E.Ops[I], Selected);
    return Value;
  }
  case Expr::Kind::AtMostOne: {
    unsigned N = 0;
    for (const Expr &Op : E.Ops)
      N += evalExpr(Op, Selected);
    return N <= 1;
  }
  }
  return false;
}

} // namespace varsim::fm
