//===- condition/Condition.h - Conditions over features ---------*- C++ -*-===//
//
// The one expression tree of a condition over macros and features, shared by
// the rewriter (the expression of an #if/#elif, or the macro of an
// #ifdef/#ifndef), the call graph and the model (a region's presence
// condition in calltrace.json and manifest.json), the plan and the feature
// models (cross-tree constraints). The tree is C's preprocessor expression
// plus, for a feature model's constraints only, the binary operators `=>`
// and `<=>` and the call `atmost1(...)` (true when at most one operand is).
//
// There are two text forms, both C syntax, read by two entry points:
//  - parseCondition: what follows #if, the whole preprocessor grammar.
//  - parsePresence: a presence condition as the rewriter writes it into the
//    manifest and the trace (features, integers, `!`, `&&`, `||`,
//    comparisons, parentheses; `defined(X)` reads as `X`), with errors that
//    name the column.
// printCondition writes both; printConstraint writes a constraint in the
// feature models' syntax (`!A | B & C`, `=>`, `<=>`, `true`, `false`).
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_CONDITION_CONDITION_H
#define VARSIM_CONDITION_CONDITION_H

#include "llvm/ADT/STLFunctionalExtras.h"
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

namespace varsim::condition {

struct Cond;
/// Trees are immutable and share subtrees: the simplifier and the
/// substitutions of derived macros rebuild only the paths they change.
using CondPtr = std::shared_ptr<const Cond>;

/// One node of a condition.
struct Cond {
  /// Call: a function-like macro applied to its arguments (Operands),
  /// `LOG_ENABLED(2)`; it evaluates to 0 (unknown to the conditions) until
  /// resolved (rewrite/DerivedMacros). A constraint's atmost1(...) is the
  /// Call named AtMostOne.
  enum Kind { Int, Ident, Defined, Unary, Binary, Ternary, Call } K = Int;
  int64_t Value = 0; ///< Int.
  std::string Name;  ///< Ident, Defined, Call: the macro or feature.
  std::string Op;    ///< Unary, Binary: "!", "&&", ">=", "=>", ...
  std::vector<CondPtr> Operands;
};

/// The name of the Call that holds when at most one operand does.
inline constexpr llvm::StringLiteral AtMostOne = "atmost1";

/// Parses the text after #if/#elif. Errors carry no location; the caller
/// adds the directive's.
llvm::Expected<CondPtr> parseCondition(llvm::StringRef Text);

/// Parses a presence condition (see above); `defined(X)` becomes the
/// identifier X. Errors name the text and the column.
llvm::Expected<CondPtr> parsePresence(llvm::StringRef Text);

CondPtr makeInt(int64_t V);
CondPtr makeDefined(llvm::StringRef Macro);
CondPtr makeIdent(llvm::StringRef Macro);
/// Negation; `!!X` and `!!defined(X)` fold to their operand's truth.
CondPtr makeNot(CondPtr E);
/// Conjunction; "1" operands are dropped, an empty list is "1".
CondPtr makeAnd(const std::vector<CondPtr> &Operands);
/// Disjunction; "0" operands are dropped, an empty list is "0".
CondPtr makeOr(const std::vector<CondPtr> &Operands);
CondPtr makeUnary(llvm::StringRef Op, CondPtr E);
CondPtr makeBinary(llvm::StringRef Op, CondPtr L, CondPtr R);
CondPtr makeTernary(CondPtr C, CondPtr T, CondPtr F);
CondPtr makeCall(llvm::StringRef Name, std::vector<CondPtr> Arguments);

/// True if A and B are the same tree.
bool sameCondition(const Cond &A, const Cond &B);
/// Number of nodes of E (to bound what substitutions build).
size_t conditionSize(const Cond &E);
/// True if E can only evaluate to 0 or 1 (defined(), !, comparisons, &&,
/// ||, =>, <=>, the integers 0 and 1, ?: between such).
bool isBooleanValued(const Cond &E);
/// The binding strength of E's root as the preprocessor parses it: 12 for
/// an operand (integer, identifier, defined(), call), 11 for a unary
/// operator, 1 (||) to 10 (* / %) for a binary one, 0 for ?:, and below
/// that the constraint operators => (-1) and <=> (-2).
int conditionPrecedence(const Cond &E);

/// An equivalent, smaller condition: integer operations are folded, and
/// the tests of ?:, && and || are taken as known in the operands they
/// guard (`!A ? 0 : (A ? 1 : 0)` is `A`). AsBoolean: only E's truth
/// matters (a branch's test), so `x != 0` may become `x`.
CondPtr simplifyCondition(const CondPtr &E, bool AsBoolean = true);

/// Every macro the condition names (tested with defined(), by value, or
/// called).
void collectMacros(const Cond &E, std::set<std::string> &Out);

/// The identifiers E reads (a presence condition's features), each once,
/// in the order they first appear.
std::vector<std::string> namesOf(const Cond &E);

/// Values of macros under a configuration: nullopt means "not defined".
using MacroValues = std::function<std::optional<int64_t>(llvm::StringRef)>;
/// The value of E with C's semantics (comparisons and logical operators
/// give 0 or 1; division by zero gives 0).
int64_t evaluate(const Cond &E, const MacroValues &Values);
/// The value of a presence condition, where every name is a feature with a
/// value (0/1 for a boolean feature; `defined(X)` is `X != 0`).
int64_t evaluatePresence(const Cond &E,
                         llvm::function_ref<int64_t(llvm::StringRef)> ValueOf);

/// How to print an identifier; Defined says whether it appeared as
/// defined(NAME).
using IdentPrinter =
    std::function<std::string(llvm::StringRef Macro, bool Defined)>;
/// Prints E with minimal parentheses, identifiers through Print.
std::string printCondition(const Cond &E, const IdentPrinter &Print);
/// Prints E as the preprocessor reads it (`defined(X)` as written); for a
/// presence condition, the text parsePresence reads back.
std::string printCondition(const Cond &E);
/// Prints a feature model's constraint: `!`, `&`, `|`, `=>`, `<=>`,
/// `true`, `false` and atmost1(...), parenthesized only where precedence
/// needs it (=> groups to the right; & and | are associative).
std::string printConstraint(const Cond &E);

/// A literal of a conjunction: a macro that is defined (or, Negated, not).
struct MacroLiteral {
  std::string Macro;
  bool Negated = false;
};
/// If E is a conjunction of defined(M)/M/!defined(M)/!M, its literals.
std::optional<std::vector<MacroLiteral>> asConjunction(const Cond &E);

/// True for a (possibly negated) feature: `A` or `!A`.
bool isLiteral(const Cond &E);

/// The features a presence condition's conjuncts fix wherever it holds:
/// literals (`A`, `!A`: a boolean feature's value) in Truths, comparisons
/// of a feature with a number (`LEVEL == 2`, a clone per value of a
/// numeric feature) in Values. "!(A && B) && C" gives C; "A || B" and
/// "LEVEL >= 2" give none. Negated holds the literals of Truths that are
/// negated (`!LEVEL`: a numeric feature's value 0).
struct FixedFeatures {
  std::vector<std::string> Truths, Values, Negated;
  bool fixes(llvm::StringRef Feature) const;
};
FixedFeatures fixedFeatures(const Cond &E);
/// The conjuncts of E (of its negation if Negate), with negations pushed
/// inwards (De Morgan; `!(X < 2)` is `X >= 2`) as long as that yields a
/// conjunction; true conjuncts are left out (so `1` gives none) and a false
/// one is kept as the constant 0.
std::vector<CondPtr> conjuncts(const CondPtr &E, bool Negate = false);

} // namespace varsim::condition

#endif // VARSIM_CONDITION_CONDITION_H
