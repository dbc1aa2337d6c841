//===- rewrite/CopyableFunctions.cpp - Functions a pass may copy whole ----===//
//
// The one test of whether a function may be copied whole, shared by the
// passes that version functions (HotVersions.cpp per feature switch,
// FeatureVersionsPlan.cpp per feature value): a copy must mean the same
// as the original, so the function is a plain C definition at file scope
// that no other edit touches where the copy's sentinels go.
//
//===----------------------------------------------------------------------===//

#include "rewrite/FileRewriterImpl.h"

namespace varsim::rewrite::detail {

bool editsAcross(const std::vector<Edit> &Edits, unsigned Offset) {
  return llvm::any_of(Edits, [&](const Edit &E) {
    return E.Begin < E.End && E.Begin <= Offset && Offset < E.End;
  });
}

std::map<std::string, unsigned> FileRewriter::functionNameCounts() const {
  std::map<std::string, unsigned> NameCount;
  for (const auto &[Begin, Fn] : Functions)
    if (!Fn->Lambda)
      ++NameCount[Fn->Name];
  return NameCount;
}

bool FileRewriter::copyableWhole(
    const FunctionFact &Fn, const std::map<std::string, unsigned> &NameCount,
    const std::set<std::string> &SwitchNames) const {
  auto Count = NameCount.find(Fn.Name);
  return Fn.CLanguage && !Fn.Lambda && !Fn.Member && !Fn.Template &&
         !Fn.Constexpr && !Fn.Variadic && Fn.NameLength != 0 &&
         Count != NameCount.end() && Count->second == 1 &&
         !SwitchNames.count(Fn.Name) && !Duplicates.count(Fn.BodyBegin) &&
         !Merged.count(Fn.BodyBegin) &&
         !inAnyParse(Fn.BodyBegin, &FunctionFact::OpaqueFuncName) &&
         !outermostGroupAt(Fn.DeclBegin) &&
         conditionText(*FG.presenceAt(FS, Fn.DeclBegin), F) == "1" &&
         !editsAcross(Edits, Fn.DeclBegin) &&
         !editsAcross(Edits, Fn.BodyBegin) &&
         !editsAcross(Edits, Fn.BodyEnd + 1);
}

} // namespace varsim::rewrite::detail
