//===- rewrite/Stringifiers.h - Macros that stringify an argument -*- C++
//-*-===//
//
// Which function-like macros turn an argument into a string literal after
// expanding it (`#define STR(x) STR_(x)` / `#define STR_(x) #x`): a macro
// or feature named in such an argument is spelled into the string with
// its value, which the simulator cannot select at run time. Read by the
// facts parse (the refusal) and the globals recorder (the copies per
// value).
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_STRINGIFIERS_H
#define VARSIM_REWRITE_STRINGIFIERS_H

#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"

namespace varsim::rewrite {

/// Whether a function-like macro turns an argument into a string literal
/// after expanding it: its body passes a parameter to a macro that
/// applies `#` to it (or does so in turn). A macro applying `#` directly
/// spells its argument as written, which no rewrite changes.
class StringifierCheck {
public:
  explicit StringifierCheck(clang::Preprocessor &PP) : PP(PP) {}

  bool expandsAndStringifies(const clang::MacroInfo *MI, unsigned Depth = 0) {
    if (!MI || !MI->isFunctionLike() || MI->getNumParams() == 0 || Depth > 8)
      return false;
    auto [It, New] = Expanding.try_emplace(MI, false);
    if (!New)
      return It->second;
    bool PassesParam = llvm::any_of(
        MI->tokens(), [&](const clang::Token &T) { return isParam(MI, T); });
    bool Result = false;
    if (PassesParam)
      for (const clang::Token &T : MI->tokens()) {
        const clang::IdentifierInfo *II = T.getIdentifierInfo();
        if (!II || isParam(MI, T))
          continue;
        const clang::MacroInfo *Callee = PP.getMacroInfo(II);
        if (Callee && Callee != MI &&
            (stringifies(Callee) || expandsAndStringifies(Callee, Depth + 1))) {
          Result = true;
          break;
        }
      }
    Expanding[MI] = Result;
    return Result;
  }

private:
  static bool isParam(const clang::MacroInfo *MI, const clang::Token &T) {
    const clang::IdentifierInfo *II = T.getIdentifierInfo();
    return II && llvm::is_contained(MI->params(), II);
  }
  static bool stringifies(const clang::MacroInfo *MI) {
    if (!MI->isFunctionLike())
      return false;
    llvm::ArrayRef<clang::Token> Ts = MI->tokens();
    for (size_t I = 0; I + 1 < Ts.size(); ++I)
      if ((Ts[I].is(clang::tok::hash) || Ts[I].is(clang::tok::hashat)) &&
          isParam(MI, Ts[I + 1]))
        return true;
    return false;
  }

  clang::Preprocessor &PP;
  llvm::DenseMap<const clang::MacroInfo *, bool> Expanding;
};

} // namespace varsim::rewrite

#endif // VARSIM_REWRITE_STRINGIFIERS_H
