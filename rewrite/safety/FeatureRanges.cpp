//===- rewrite/safety/FeatureRanges.cpp - Code under a feature #if --------===//

#include "rewrite/safety/FeatureRanges.h"

#include "rewrite/FileRewriterImpl.h"

namespace varsim::rewrite::safety {

FeatureRanges::FeatureRanges(
    const std::map<std::string, FileStructure> &Structures,
    const std::map<std::string, FileGroups> &Groups,
    const FeatureSetup &Features)
    : Structures(Structures) {
  std::set<std::string> NotLiteral;
  for (const auto &[File, FS] : Structures) {
    auto G = Groups.find(File);
    if (G == Groups.end())
      continue;
    std::vector<Range> Ranges;
    for (size_t GI = 0; GI < FS.Groups.size(); ++GI) {
      if (GI >= G->second.Groups.size() || !G->second.Groups[GI].IsFeature)
        continue;
      const CondGroup &CG = FS.Groups[GI];
      // Macro -> its distinct bodies in this group's branches.
      std::map<std::string, std::set<std::string>> Bodies, Replacements;
      for (const CondGroup::Branch &B : CG.Branches)
        for (unsigned D : B.Directives)
          if (D < FS.Directives.size() &&
              FS.Directives[D].Kind == DirectiveKind::Define) {
            const Directive &Dv = FS.Directives[D];
            Bodies[Dv.Macro].insert((Dv.FunctionLike ? "(" : "") +
                                    llvm::StringRef(Dv.Body).trim().str());
            Replacements[Dv.Macro].insert(
                Dv.FunctionLike ? "("
                                : llvm::StringRef(Dv.Replacement).trim().str());
            if (Dv.FunctionLike || detail::literalType(Dv.Replacement).empty())
              NotLiteral.insert(Dv.Macro);
          }
      for (const auto &[Macro, Texts] : Bodies)
        if (Texts.size() > 1)
          SelectedMacros.insert(Macro);
      for (const auto &[Macro, Texts] : Replacements)
        if (Texts == std::set<std::string>{"", "static"})
          StorageMacros.insert(Macro);
      for (size_t BI = 0; BI < CG.Branches.size(); ++BI) {
        const CondGroup::Branch &B = CG.Branches[BI];
        if (B.ContentBegin >= B.ContentEnd ||
            BI >= G->second.Groups[GI].Presence.size())
          continue;
        Ranges.push_back(
            {B.ContentBegin, B.ContentEnd,
             conditionText(*G->second.Groups[GI].Presence[BI], Features)});
      }
    }
    if (!Ranges.empty())
      ByFile.emplace(File, std::move(Ranges));
  }
  for (const std::string &M : SelectedMacros)
    if (!NotLiteral.count(M))
      LiteralMacros.insert(M);
}

const std::string *FeatureRanges::innermost(const std::string &File,
                                            unsigned Offset,
                                            unsigned MinBegin) const {
  auto It = ByFile.find(File);
  if (It == ByFile.end())
    return nullptr;
  // Branches nest: the innermost holding the offset is the smallest.
  const Range *Best = nullptr;
  for (const Range &R : It->second)
    if (R.Begin >= MinBegin && R.Begin <= Offset && Offset < R.End &&
        (!Best || R.End - R.Begin < Best->End - Best->Begin))
      Best = &R;
  return Best ? &Best->Condition : nullptr;
}

const std::string *FeatureRanges::conditionAt(const std::string &File,
                                              unsigned Offset) const {
  return innermost(File, Offset, 0);
}

const std::string *FeatureRanges::conditionInside(const std::string &File,
                                                  unsigned Offset,
                                                  unsigned OuterBegin) const {
  return innermost(File, Offset, OuterBegin + 1);
}

unsigned FeatureRanges::lineOf(const std::string &File, unsigned Offset) const {
  auto It = Structures.find(File);
  return It == Structures.end() ? 0 : It->second.presumedLineOf(Offset);
}

SourcePoint FeatureRanges::pointOf(const std::string &File,
                                   unsigned Offset) const {
  auto It = Structures.find(File);
  if (It == Structures.end())
    return {File, 0, 0};
  unsigned Line = It->second.lineOf(Offset);
  return {File, It->second.presumedLineOf(Offset),
          Offset - It->second.LineStarts[Line - 1] + 1};
}

} // namespace varsim::rewrite::safety
