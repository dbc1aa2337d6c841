//===- model/validation/ExitCodes.cpp - Accepted exit codes ---------------===//

#include "model/validation/ExitCodes.h"

#include "support/Diagnostic.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

namespace varsim::validation {

llvm::Expected<ExitCodes> ExitCodes::parse(llvm::StringRef Spec) {
  ExitCodes E;
  if (Spec.trim() == "any") {
    E.Any = true;
    E.Codes.clear();
    return E;
  }
  E.Codes.clear();
  llvm::SmallVector<llvm::StringRef, 4> Parts;
  Spec.split(Parts, ',');
  for (llvm::StringRef P : Parts) {
    int Code = 0;
    if (P.trim().getAsInteger(10, Code) || Code < 0 || Code > 255)
      return makeError("--exit-code '" + Spec +
                       "': expected a number 0-255, a comma-separated list "
                       "of them, or 'any'");
    if (!llvm::is_contained(E.Codes, Code))
      E.Codes.push_back(Code);
  }
  return E;
}

bool ExitCodes::accepts(int Code) const {
  return Any || llvm::is_contained(Codes, Code);
}

std::string ExitCodes::str() const {
  if (Any)
    return "any";
  std::string S;
  for (int C : Codes)
    S += (S.empty() ? "" : ",") + std::to_string(C);
  return S;
}

} // namespace varsim::validation
