//===- feature_models/Expr.h - Propositional constraints --------*- C++ -*-===//
//
// Private to feature_models/: the propositional formula of a cross-tree
// constraint over feature ids, as read from either XML format, with a
// printer (for diagnostics and the FeatureIDE writer's round trip) and an
// evaluator (for check()'s explanation of what is violated).
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_FEATURE_MODELS_EXPR_H
#define VARSIM_FEATURE_MODELS_EXPR_H

#include "feature_models/FeatureModel.h"

#include <string>
#include <vector>

namespace varsim::fm {

struct Expr {
  enum class Kind { True, False, Var, Not, And, Or, Implies, Iff, AtMostOne };
  Kind K = Kind::True;
  FeatureId Var = 0; ///< Kind::Var only.
  std::vector<Expr> Ops;

  static Expr var(FeatureId Id) {
    Expr E;
    E.K = Kind::Var;
    E.Var = Id;
    return E;
  }
  static Expr make(Kind K, std::vector<Expr> Ops) {
    Expr E;
    E.K = K;
    E.Ops = std::move(Ops);
    return E;
  }
  static Expr negate(Expr Op) { return make(Kind::Not, {std::move(Op)}); }
};

/// A cross-tree constraint with where it came from.
struct Constraint {
  Expr E;
  std::string Text; ///< How diagnostics name it; printed from E if empty.
  unsigned Line = 0;
};

/// Prints E with feature names and the operators !, &, |, =>, <=>, and
/// atmost1(...), parenthesized only where precedence needs it.
std::string printExpr(const Expr &E, const std::vector<Feature> &Features);

/// Evaluates E where a variable is true if its feature is selected.
bool evalExpr(const Expr &E, const std::vector<bool> &Selected);

/// Calls F on every feature id that E mentions.
template <typename Fn> void forEachVar(Expr &E, Fn &&F) {
  if (E.K == Expr::Kind::Var)
    F(E.Var);
  for (Expr &Op : E.Ops)
    forEachVar(Op, F);
}

} // namespace varsim::fm

#endif // VARSIM_FEATURE_MODELS_EXPR_H
