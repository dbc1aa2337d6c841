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
  enum Kind { Int, Ident, Defined, Unary, Binary, Ternary } K = Int;
  int64_t Value = 0; ///< Int.
  std::string Name;  ///< Ident, Defined: the macro.
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
