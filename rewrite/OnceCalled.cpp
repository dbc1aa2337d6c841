//===- rewrite/OnceCalled.cpp - Static functions called from one place ----===//
//
// See OnceCalled.h.
//
//===----------------------------------------------------------------------===//

#include "rewrite/OnceCalled.h"

#include "rewrite/MarkerPolicy.h"
#include "support/SourceFiles.h"

#include "llvm/ADT/StringMap.h"

namespace varsim::rewrite::detail {

std::map<const FunctionFact *, const FunctionFact *>
onlyCallers(llvm::StringRef Path, llvm::StringRef Text,
            const std::map<unsigned, const FunctionFact *> &Functions) {
  if (!isTranslationUnitName(Path))
    return {};
  // C names one function per name: a name defined twice (a duplicate per
  // configuration, two #if branches) is not one function.
  llvm::StringMap<unsigned> Defined, Uses;
  for (const auto &[Begin, Fn] : Functions)
    if (!Fn->Lambda && Fn->NameLength) {
      ++Defined[Fn->Name];
      Uses[Fn->Name] = 0;
    }
  forEachIdentifier(Text, [&](llvm::StringRef W, bool, unsigned) {
    if (auto It = Uses.find(W); It != Uses.end())
      ++It->second;
  });
  std::map<const FunctionFact *, const FunctionFact *> Out;
  for (const auto &[Begin, Fn] : Functions) {
    if (!Fn->CLanguage || Fn->Lambda || Fn->NameLength == 0 ||
        Defined.lookup(Fn->Name) != 1 || Uses.lookup(Fn->Name) != 2 ||
        Fn->BodyEnd >= Text.size())
      continue;
    llvm::StringRef Header = Text.slice(Fn->DeclBegin, Fn->BodyBegin);
    if (!namesIdentifier(Header, "static") ||
        countIdentifier(Header, Fn->Name) != 1)
      continue;
    // The other use: one call in the body of a function defined after it.
    for (const auto &[CallerBegin, Caller] : Functions) {
      if (Caller->Lambda || Caller->DeclBegin <= Fn->BodyEnd ||
          Caller->BodyEnd >= Text.size())
        continue;
      llvm::StringRef Body = Text.slice(Caller->BodyBegin, Caller->BodyEnd + 1);
      if (Body.contains(Fn->Name) && countIdentifier(Body, Fn->Name) == 1 &&
          callsOf(Body, {Fn->Name}).size() == 1) {
        Out[Fn] = Caller;
        break;
      }
    }
  }
  return Out;
}

} // namespace varsim::rewrite::detail
