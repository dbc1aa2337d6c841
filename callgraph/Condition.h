//===- callgraph/Condition.h - Presence conditions --------------*- C++ -*-===//
//
// A region's presence condition as the region table writes it: a C
// preprocessor expression over feature names (identifiers, integers, `!`,
// `&&`, `||`, comparisons, parentheses; `defined(X)` reads as `X`). The
// model needs two things from it: its truth in a configuration, and its
// split into conjuncts, so that `A && !B` becomes the literals A and !B of a
// term while `A || B` or `LEVEL >= 2` stays one general conjunct.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_CALLGRAPH_CONDITION_H
#define VARSIM_CALLGRAPH_CONDITION_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>
#include <vector>

namespace varsim::callgraph {

/// An expression tree of a presence condition.
struct Condition {
  enum class Op { Const, Var, Not, And, Or, Eq, Ne, Lt, Le, Gt, Ge };
  Op Kind = Op::Const;
  int64_t Value = 1;               ///< Const only.
  std::string Name;                ///< Var only.
  std::vector<Condition> Operands; ///< Not: 1; binary operators: 2.

  static Condition constant(int64_t V);
  static Condition var(llvm::StringRef Name);

  /// The value of the expression, with C semantics (comparisons and logical
  /// operators give 0 or 1). ValueOf gives a feature's value (0/1 for a
  /// boolean feature).
  int64_t evaluate(llvm::function_ref<int64_t(llvm::StringRef)> ValueOf) const;

  /// True for a (possibly negated) feature: `A` or `!A`.
  bool isLiteral() const;

  /// The expression printed with the parentheses it needs.
  std::string str() const;

  /// The conjuncts of the expression (of its negation if Negate), with
  /// negations pushed inwards (De Morgan; `!(X < 2)` is `X >= 2`) as long as
  /// that yields a conjunction; true conjuncts are left out (so `1` gives
  /// none) and a false one is kept as the constant 0.
  std::vector<Condition> conjuncts(bool Negate = false) const;
};

/// Parses a presence condition; errors name the column.
llvm::Expected<Condition> parseCondition(llvm::StringRef Text);

} // namespace varsim::callgraph

#endif // VARSIM_CALLGRAPH_CONDITION_H
