//===- condition/Operators.h - C's operators on int64_t --------*- C++ -*-===//
//
// Private to condition/: the binding strength and the value of the binary
// operators, shared by the parser, the printer and the evaluator.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_CONDITION_OPERATORS_H
#define VARSIM_CONDITION_OPERATORS_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>

namespace varsim::condition {

/// C's binary operators, from || (1) to * / % (10), then the constraint
/// operators => (-1) and <=> (-2); -100 for anything else.
int binaryPrecedence(llvm::StringRef Op);

/// The precedence of a unary operator, and of an operand.
constexpr int UnaryPrecedence = 11;
constexpr int OperandPrecedence = 12;

/// A op B as the preprocessor computes it (division by zero gives 0).
int64_t applyBinary(llvm::StringRef Op, int64_t A, int64_t B);

} // namespace varsim::condition

#endif // VARSIM_CONDITION_OPERATORS_H
