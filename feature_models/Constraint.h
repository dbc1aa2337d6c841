//===- feature_models/Constraint.h - Cross-tree constraints -----*- C++ -*-===//
//
// Private to feature_models/: a cross-tree constraint, as read from either
// XML format, is a condition (condition/Condition.h) over feature names
// with `!`, `&&`, `||`, `=>`, `<=>`, atmost1(...) and the constants 0 and
// 1; the library prints it (diagnostics), evaluates it (check()'s
// explanation of what is violated), and the BDD and the FeatureIDE writer
// walk it.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_FEATURE_MODELS_CONSTRAINT_H
#define VARSIM_FEATURE_MODELS_CONSTRAINT_H

#include "condition/Condition.h"

#include <string>
#include <vector>

namespace varsim::fm {

using Expr = condition::CondPtr;

/// A cross-tree constraint with where it came from.
struct Constraint {
  Expr E;
  std::string Text; ///< How diagnostics name it; printed from E if empty.
  unsigned Line = 0;
};

/// Op ("&&", "||", "<=>") over Ops from left to right; one operand is
/// itself.
inline Expr foldOperands(llvm::StringRef Op, const std::vector<Expr> &Ops) {
  Expr Result = Ops.front();
  for (size_t I = 1; I < Ops.size(); ++I)
    Result = condition::makeBinary(Op, Result, Ops[I]);
  return Result;
}

} // namespace varsim::fm

#endif // VARSIM_FEATURE_MODELS_CONSTRAINT_H
