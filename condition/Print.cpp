//===- condition/Print.cpp - A condition as C text ------------------------===//

#include "condition/Condition.h"
#include "condition/Operators.h"

#include "llvm/ADT/STLExtras.h"

#include <cctype>

namespace varsim::condition {
namespace {

bool isWord(llvm::StringRef S) {
  return llvm::all_of(S, [](char C) {
    return std::isalnum(static_cast<unsigned char>(C)) || C == '_';
  });
}

/// Constraint: the feature models' spelling and grouping.
std::string printAt(const Cond &E, const IdentPrinter &Print, int MinPrec,
                    bool Constraint) {
  auto Sub = [&](const CondPtr &O, int Min) {
    return printAt(*O, Print, Min, Constraint);
  };
  std::string S;
  switch (E.K) {
  case Cond::Int:
    if (Constraint && (E.Value == 0 || E.Value == 1))
      return E.Value ? "true" : "false";
    S = std::to_string(E.Value);
    // `-(-1)` must not print as `--1`.
    if (E.Value < 0 && MinPrec >= UnaryPrecedence)
      return "(" + S + ")";
    return S;
  case Cond::Ident:
  case Cond::Defined:
    S = Print(E.Name, E.K == Cond::Defined);
    // Feature names of a model may hold '.' and '$'.
    if (Constraint)
      return S;
    // An identifier printer may return a compound expression: keep it whole.
    return isWord(S) ? S : "(" + S + ")";
  case Cond::Unary:
    S = E.Op + Sub(E.Operands[0], UnaryPrecedence);
    break;
  case Cond::Binary: {
    int P = binaryPrecedence(E.Op);
    if (!Constraint) {
      S = Sub(E.Operands[0], P) + " " + E.Op + " " + Sub(E.Operands[1], P + 1);
      break;
    }
    // & and | are associative and => groups to the right: only the left
    // operand of an arrow of the same strength needs parentheses.
    bool Arrow = E.Op == "=>" || E.Op == "<=>";
    std::string Op = E.Op == "&&" ? "&" : E.Op == "||" ? "|" : E.Op;
    S = Sub(E.Operands[0], Arrow ? P + 1 : P) + " " + Op + " " +
        Sub(E.Operands[1], P);
    break;
  }
  case Cond::Ternary:
    S = Sub(E.Operands[0], 1) + " ? " + Sub(E.Operands[1], 0) + " : " +
        Sub(E.Operands[2], 0);
    break;
  case Cond::Call: {
    S = E.Name + "(";
    for (size_t I = 0; I < E.Operands.size(); ++I)
      S += (I ? ", " : "") + Sub(E.Operands[I], Constraint ? -100 : 0);
    return S + ")";
  }
  }
  if (conditionPrecedence(E) < MinPrec)
    return "(" + S + ")";
  return S;
}

} // namespace

std::string printCondition(const Cond &E, const IdentPrinter &Print) {
  return printAt(E, Print, 0, /*Constraint=*/false);
}

std::string printCondition(const Cond &E) {
  return printAt(
      E,
      [](llvm::StringRef M, bool Defined) {
        return Defined ? "defined(" + M.str() + ")" : M.str();
      },
      0, /*Constraint=*/false);
}

std::string printConstraint(const Cond &E) {
  return printAt(
      E, [](llvm::StringRef M, bool) { return M.str(); }, -100,
      /*Constraint=*/true);
}

} // namespace varsim::condition
