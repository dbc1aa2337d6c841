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

std::string printAt(const Cond &E, const IdentPrinter &Print, int MinPrec) {
  std::string S;
  switch (E.K) {
  case Cond::Int:
    S = std::to_string(E.Value);
    // `-(-1)` must not print as `--1`.
    if (E.Value < 0 && MinPrec >= UnaryPrecedence)
      return "(" + S + ")";
    return S;
  case Cond::Ident:
  case Cond::Defined:
    S = Print(E.Name, E.K == Cond::Defined);
    // An identifier printer may return a compound expression: keep it whole.
    return isWord(S) ? S : "(" + S + ")";
  case Cond::Unary:
    S = E.Op + printAt(*E.Operands[0], Print, UnaryPrecedence);
    break;
  case Cond::Binary: {
    int P = binaryPrecedence(E.Op);
    S = printAt(*E.Operands[0], Print, P) + " " + E.Op + " " +
        printAt(*E.Operands[1], Print, P + 1);
    break;
  }
  case Cond::Ternary:
    S = printAt(*E.Operands[0], Print, 1) + " ? " +
        printAt(*E.Operands[1], Print, 0) + " : " +
        printAt(*E.Operands[2], Print, 0);
    break;
  case Cond::Call: {
    S = E.Name + "(";
    for (size_t I = 0; I < E.Operands.size(); ++I)
      S += (I ? ", " : "") + printAt(*E.Operands[I], Print, 0);
    return S + ")";
  }
  }
  if (conditionPrecedence(E) < MinPrec)
    return "(" + S + ")";
  return S;
}

} // namespace

std::string printCondition(const Cond &E, const IdentPrinter &Print) {
  return printAt(E, Print, 0);
}

std::string printCondition(const Cond &E) {
  return printAt(E, [](llvm::StringRef M, bool Defined) {
    return Defined ? "defined(" + M.str() + ")" : M.str();
  }, 0);
}

} // namespace varsim::condition
