//===- rewrite/Condition.h - #if expressions as presence conditions -*- C++
//-*-===//
//
// The expression of an #if/#elif (or the macro of an #ifdef/#ifndef) as a
// small tree that the rewriter can evaluate under a configuration, print as
// a presence condition over feature names (calltrace.json "Conditions"), and
// print as a C expression over the runtime's feature reads.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_CONDITION_H
#define VARSIM_REWRITE_CONDITION_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace varsim::rewrite {

struct Cond;
using CondPtr = std::shared_ptr<const Cond>;

/// One node of a preprocessor condition.
struct Cond {
  /// Call: a function-like macro applied to its arguments (Operands),
  /// `LOG_ENABLED(2)`; it evaluates to 0 (unknown to the conditions) until
  /// resolved (DerivedMacros).
  enum Kind { Int, Ident, Defined, Unary, Binary, Ternary, Call } K = Int;
  int64_t Value = 0; ///< Int.
  std::string Name;  ///< Ident, Defined, Call: the macro.
  std::string Op;    ///< Unary, Binary: "!", "&&", ">=", ...
  std::vector<CondPtr> Operands;
};

/// Parses the text after #if/#elif. Errors carry no location; the caller
/// adds the directive's.
llvm::Expected<CondPtr> parseCondition(llvm::StringRef Text);

CondPtr makeInt(int64_t V);
CondPtr makeDefined(llvm::StringRef Macro);
CondPtr makeNot(CondPtr E);
/// Conjunction; "1" operands are dropped, an empty list is "1".
CondPtr makeAnd(const std::vector<CondPtr> &Operands);

/// Disjunction; "0" operands are dropped, an empty list is "0".
CondPtr makeOr(const std::vector<CondPtr> &Operands);
CondPtr makeIdent(llvm::StringRef Macro);
CondPtr makeUnary(llvm::StringRef Op, CondPtr E);
CondPtr makeBinary(llvm::StringRef Op, CondPtr L, CondPtr R);
CondPtr makeTernary(CondPtr C, CondPtr T, CondPtr F);

/// True if A and B are the same tree.
bool sameCondition(const Cond &A, const Cond &B);
/// Number of nodes of E (to bound what substitutions build).
size_t conditionSize(const Cond &E);
/// True if E can only evaluate to 0 or 1 (defined(), !, comparisons, &&,
/// ||, the integers 0 and 1, ?: between such).
bool isBooleanValued(const Cond &E);
/// The binding strength of E's root as the preprocessor parses it: 12 for
/// an operand (integer, identifier, defined()), 11 for a unary operator,
/// 1 (||) to 10 (* / %) for a binary one, 0 for ?:.
int conditionPrecedence(const Cond &E);

/// An equivalent, smaller condition: integer operations are folded, and
/// the tests of ?:, && and || are taken as known in the operands they
/// guard (`!A ? 0 : (A ? 1 : 0)` is `A`). AsBoolean: only E's truth
/// matters (a branch's test), so `x != 0` may become `x`.
CondPtr simplifyCondition(const CondPtr &E, bool AsBoolean = true);

/// Every macro the condition names (tested with defined() or by value).
void collectMacros(const Cond &E, std::set<std::string> &Out);

/// Values of macros under a configuration: nullopt means "not defined".
using MacroValues = std::function<std::optional<int64_t>(llvm::StringRef)>;
int64_t evaluate(const Cond &E, const MacroValues &Values);

/// How to print an identifier; Defined says whether it appeared as
/// defined(NAME).
using IdentPrinter =
    std::function<std::string(llvm::StringRef Macro, bool Defined)>;
/// Prints E with minimal parentheses, identifiers through Print.
std::string printCondition(const Cond &E, const IdentPrinter &Print);

/// A literal of a conjunction: a macro that is defined (or, Negated, not).
struct MacroLiteral {
  std::string Macro;
  bool Negated = false;
};
/// If E is a conjunction of defined(M)/M/!defined(M)/!M, its literals.
std::optional<std::vector<MacroLiteral>> asConjunction(const Cond &E);

} // namespace varsim::rewrite

#endif // VARSIM_REWRITE_CONDITION_H
