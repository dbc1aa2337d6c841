//===- rewrite/globals/SplitHeads.cpp - A head shared by two branches -----===//
//
// `static int` / `#ifdef CONFIG_NUMA` / `pick_queue(a, b) {...}` / `#else` /
// `pick_queue(c) {...}` / `#endif`: a function whose name, parameters and
// body are under a feature group that opens after the first words of its
// declaration. Each branch is a whole definition once the shared words are
// written in it; then the function-switches pass (rewrite/passes/
// SignatureSwitches.cpp) renames the definitions per feature as for any
// function defined per feature with another signature. The shared words
// are moved into each branch on the branch's first line (their own line
// left empty), so every line keeps its number. Reads the Discovered
// record and the ItemTable; adds edits to Additions.
//
//===----------------------------------------------------------------------===//

#include "rewrite/globals/LoweringState.h"

namespace varsim::rewrite::globals::lowering {

void splitSharedHeads(const Discovered &Dx, const ItemTable &Tab,
                      Additions &Add) {
  std::set<std::pair<std::string, unsigned>> Done;
  for (const auto &[_, F] : Dx.Facts.Functions) {
    if (!Dx.In.Structures.count(F.File) || !Dx.In.Texts.count(F.File) ||
        !Done.insert({F.File, F.DeclBegin}).second)
      continue;
    const FileStructure &FS = Dx.structure(F.File);
    const FileGroups &FG = Dx.Groups.at(F.File);
    llvm::StringRef T(Dx.text(F.File));
    for (unsigned GI = 0; GI < FS.Groups.size(); ++GI) {
      const CondGroup &G = FS.Groups[GI];
      const Directive &If = FS.Directives[G.Branches.front().DirectiveIndex];
      if (!FG.Groups[GI].IsFeature || If.Begin <= F.DeclBegin ||
          If.Begin >= F.NameOffset ||
          FS.Directives[G.EndifIndex].Begin <= F.BodyEnd)
        continue;
      // The shared words: no directive, nothing but the head before them.
      llvm::StringRef Shared = T.slice(F.DeclBegin, If.Begin);
      if (Shared.contains('#') || Shared.contains(';') ||
          Shared.contains('{') || Shared.contains('}'))
        break;
      // Every branch holds exactly one definition that shares them, and
      // nothing else.
      bool Whole = true;
      for (const CondGroup::Branch &B : G.Branches) {
        unsigned N = 0;
        for (const auto &[OKey, O] : Dx.Facts.Functions)
          if (O.File == F.File && O.DeclBegin == F.DeclBegin &&
              O.NameOffset >= B.ContentBegin && O.BodyEnd < B.ContentEnd) {
            ++N;
            Whole =
                Whole && T.slice(O.BodyEnd + 1, B.ContentEnd).trim().empty();
            auto It = Tab.Items.find(O.EntityKey);
            Whole = Whole && (It == Tab.Items.end() || !It->second.variant());
          }
        Whole = Whole && N == 1;
      }
      // An #if without #else: the words would have no declaration left
      // in the configurations without the branch.
      Whole = Whole && FS.Directives[G.Branches.back().DirectiveIndex].Kind ==
                           DirectiveKind::Else;
      if (!Whole)
        break;
      Add.Edits[F.File].insert({F.DeclBegin,
                                static_cast<unsigned>(Shared.size()),
                                newlinesOf(Shared)});
      for (const CondGroup::Branch &B : G.Branches)
        Add.Edits[F.File].insert({B.ContentBegin, 0, oneLine(Shared) + " "});
      Item Sites;
      Sites.Decisions.insert({0, F.File, GI, ""});
      Add.UnionSites.push_back({F.File, FS.lineOf(F.DeclBegin), "function head",
                                featuresOf(Dx, Sites)});
      break;
    }
  }
}

} // namespace varsim::rewrite::globals::lowering
