//===- rewrite/UnexpandedText.cpp - Text no configuration expands ---------===//

#include "rewrite/UnexpandedText.h"

#include "llvm/ADT/STLExtras.h"

namespace varsim::rewrite {

UnexpandedText::UnexpandedText(
    const std::vector<ParseResult> &Results,
    const std::map<std::string, FileStructure> &Structures,
    const std::map<std::string, FileGroups> &Groups, bool NDEBUGIsFeature) {
  if (NDEBUGIsFeature)
    ArgumentsTrusted = false;
  for (const ParseResult &R : Results) {
    if (R.Failed)
      continue;
    for (const auto &[File, Facts] : R.Files)
      Reads[File].push_back(&Facts);
  }
  for (const auto &[File, FS] : Structures) {
    auto G = Groups.find(File);
    for (unsigned DI = 0; DI < FS.Directives.size(); ++DI) {
      const Directive &D = FS.Directives[DI];
      if (D.Kind != DirectiveKind::Define && D.Kind != DirectiveKind::Undef)
        continue;
      ProjectMacros.insert(D.Macro);
      if (D.Macro != "NDEBUG" || G == Groups.end())
        continue;
      CondPtr P = G->second.presenceAt(FS, D.Begin);
      if (!(P->K == Cond::Int && P->Value != 0))
        ArgumentsTrusted = false;
    }
  }
}

bool UnexpandedText::contains(const std::string &File, unsigned Offset) const {
  auto It = Reads.find(File);
  if (It == Reads.end() || It->second.empty())
    return false;
  // Every inclusion of the file counts, not only the first: an X-macro
  // list included twice may skip the text once and expand it the second
  // time (issue 18).
  auto Unexpanded =
      [&](const std::vector<std::pair<unsigned, unsigned>> &Skipped,
          const std::vector<DiscardedArgument> &Discarded) {
        if (llvm::any_of(Skipped, [&](const std::pair<unsigned, unsigned> &R) {
              return R.first <= Offset && Offset < R.second;
            }))
          return true;
        return ArgumentsTrusted &&
               llvm::any_of(Discarded, [&](const DiscardedArgument &A) {
                 return A.Begin <= Offset && Offset < A.End &&
                        !ProjectMacros.count(A.Macro);
               });
      };
  return llvm::all_of(It->second, [&](const FileFacts *Facts) {
    return Unexpanded(Facts->Skipped, Facts->DiscardedArguments) &&
           llvm::all_of(Facts->Repeats, [&](const RepeatInclusion &R) {
             return Unexpanded(R.Skipped, R.DiscardedArguments);
           });
  });
}

} // namespace varsim::rewrite
