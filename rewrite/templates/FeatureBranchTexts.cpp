//===- rewrite/templates/FeatureBranchTexts.cpp - Feature branches' text --===//
//
// See FeatureBranchTexts.h.
//
//===----------------------------------------------------------------------===//

#include "rewrite/templates/FeatureBranchTexts.h"
#include "rewrite/DirectiveScanner.h"

#include "llvm/ADT/StringExtras.h"

#include <algorithm>
#include <optional>

namespace varsim::rewrite::templates {

int braceDepth(llvm::StringRef Text) {
  int Depth = 0;
  for (size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    if (Text.substr(I).starts_with("//"))
      I = std::min(Text.find('\n', I), Text.size());
    else if (Text.substr(I).starts_with("/*"))
      I = std::min(Text.find("*/", I + 2) + 1, Text.size());
    else if (C == '"' || C == '\'') {
      for (++I; I < Text.size() && Text[I] != C; ++I)
        if (Text[I] == '\\')
          ++I;
    } else
      Depth += C == '{' ? 1 : C == '}' ? -1 : 0;
  }
  return Depth;
}

const FileStructure *FeatureBranchTexts::structureOf(const std::string &File) {
  if (auto It = Structures.find(File); It != Structures.end())
    return &It->second;
  auto T = In.Texts.find(File);
  if (T == In.Texts.end())
    return nullptr;
  if (In.Structures)
    if (auto R = In.Structures->find(File); R != In.Structures->end()) {
      GroupsOf.emplace(File, analyzeGroups(R->second, In.Features));
      return &Structures.emplace(File, R->second).first->second;
    }
  auto FS = scanDirectives(File, T->second);
  if (!FS) {
    llvm::consumeError(FS.takeError()); // The rewriter reports it.
    return nullptr;
  }
  GroupsOf.emplace(File, analyzeGroups(*FS, In.Features));
  return &Structures.emplace(File, std::move(*FS)).first->second;
}

void FeatureBranchTexts::forEachFeatureBranch(
    llvm::function_ref<bool(llvm::StringRef)> Wanted,
    llvm::function_ref<void(const FeatureBranch &)> F) {
  for (const auto &[File, Text] : In.Texts) {
    llvm::StringRef T(Text);
    if (!T.contains("#if") || (Wanted && !Wanted(T)))
      continue;
    const FileStructure *FS = structureOf(File);
    if (!FS)
      continue;
    const FileGroups &FG = groupsOf(File);
    for (unsigned GI = 0; GI < FS->Groups.size(); ++GI) {
      if (!FG.Groups[GI].IsFeature)
        continue;
      const std::vector<CondPtr> &Presence = FG.Groups[GI].Presence;
      const CondGroup &CG = FS->Groups[GI];
      for (unsigned BI = 0; BI < CG.Branches.size(); ++BI)
        F({File, T, CG.Branches[BI].ContentBegin, CG.Branches[BI].ContentEnd,
           BI < Presence.size() ? Presence[BI] : nullptr});
    }
  }
}

Enclosing FeatureBranchTexts::enclosingOf(const std::string &File,
                                          unsigned Offset) {
  Enclosing E;
  const FileStructure &FS = Structures.at(File);
  const FileGroups &FG = GroupsOf.at(File);
  std::optional<unsigned> Inner;
  unsigned InnerBegin = 0;
  for (unsigned GI = 0; GI < FS.Groups.size(); ++GI)
    for (const CondGroup::Branch &B : FS.Groups[GI].Branches)
      if (B.ContentBegin <= Offset && Offset < B.ContentEnd &&
          (!Inner || B.ContentBegin >= InnerBegin)) {
        Inner = GI;
        InnerBegin = B.ContentBegin;
      }
  std::vector<std::string> Conds, Shown;
  if (Inner) {
    E.Inner = *Inner;
    const CondGroup &IG = FS.Groups[*Inner];
    for (unsigned BI = 0; BI < IG.Branches.size(); ++BI)
      if (IG.Branches[BI].ContentBegin <= Offset &&
          Offset < IG.Branches[BI].ContentEnd)
        E.InnerBranch = BI;
  }
  for (std::optional<unsigned> G = Inner; G && FG.Groups[*G].IsFeature;
       G = FS.Groups[*G].ParentGroup) {
    const CondGroup &CG = FS.Groups[*G];
    for (unsigned BI = 0; BI < CG.Branches.size(); ++BI)
      if (CG.Branches[BI].ContentBegin <= Offset &&
          Offset < CG.Branches[BI].ContentEnd) {
        std::string C = branchCondition(FS, CG, BI);
        Conds.push_back("(" + (C.empty() ? std::string("1") : C) + ")");
        if (BI < FG.Groups[*G].Own.size() && FG.Groups[*G].Own[BI])
          Shown.push_back(conditionText(*FG.Groups[*G].Own[BI], In.Features));
      }
    E.Outer = *G;
    E.Any = true;
  }
  E.Condition = llvm::join(Conds, " && ");
  E.Shown = llvm::join(Shown, " && ");
  if (E.Any) {
    const CondGroup &Outer = FS.Groups[E.Outer];
    E.OuterBegin = FS.Directives[Outer.Branches[0].DirectiveIndex].Begin;
    E.OuterEnd = FS.Directives[Outer.EndifIndex].End;
  }
  return E;
}

unsigned FeatureBranchTexts::presumedLine(const std::string &File,
                                          unsigned Offset) {
  auto [It, New] = Lines.try_emplace(File, In.Texts.at(File));
  return It->second(Structures.at(File).lineOf(Offset));
}

} // namespace varsim::rewrite::templates
