//===- rewrite/globals/SettledDefaults.cpp - Defaults inside copies -------===//

#include "rewrite/globals/SettledDefaults.h"

namespace varsim::rewrite::globals {

std::vector<std::pair<unsigned, unsigned>>
settledDefaults(const FileStructure &FS, const FileGroups &FG, unsigned Begin,
                unsigned End) {
  std::vector<std::pair<unsigned, unsigned>> Out;
  for (unsigned GI = 0; GI < FS.Groups.size(); ++GI) {
    const CondGroup &G = FS.Groups[GI];
    if (GI < FG.Groups.size() && FG.Groups[GI].IsFeature)
      continue; // A feature's default is the #if rewriter's (Defaulted).
    if (G.Branches.size() != 1)
      continue;
    const CondGroup::Branch &B = G.Branches.front();
    const Directive &If = FS.Directives[B.DirectiveIndex];
    const Directive &Endif = FS.Directives[G.EndifIndex];
    if (If.Begin < Begin || Endif.End > End)
      continue;
    if (If.Kind != DirectiveKind::Ifndef || If.Macro.empty() ||
        !B.Children.empty() || B.Directives.size() != 1)
      continue;
    const Directive &Def = FS.Directives[B.Directives.front()];
    if (Def.Kind != DirectiveKind::Define || Def.Macro != If.Macro ||
        Def.Begin != B.ContentBegin || Def.End != B.ContentEnd)
      continue;
    bool UndefinedLater = false;
    for (const Directive &D : FS.Directives)
      UndefinedLater |= D.Kind == DirectiveKind::Undef && D.Macro == If.Macro &&
                        D.Begin >= Endif.End;
    if (!UndefinedLater)
      Out.emplace_back(If.Begin, Endif.End);
  }
  return Out;
}

std::string
keepSettledOnly(llvm::StringRef Text, unsigned Begin, unsigned End,
                const std::vector<std::pair<unsigned, unsigned>> &Keep) {
  std::string Out;
  for (unsigned I = Begin; I < End && I < Text.size(); ++I) {
    bool Kept = false;
    for (const auto &[B, E] : Keep)
      Kept |= I >= B && I < E;
    if (Kept || Text[I] == '\n')
      Out += Text[I];
  }
  return Out;
}

} // namespace varsim::rewrite::globals
