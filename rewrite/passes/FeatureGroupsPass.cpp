//===- rewrite/passes/FeatureGroupsPass.cpp - Feature groups -------------===//
//
// Reads: the structures (after every lowering) and the features. Adds: per
// file, its feature groups and the directives the parses place (Watched);
// the presence conditions the parse configurations must cover (ToCover;
// a header's together with the condition under which a unit includes it);
// the macros #ifs test (Tested, TestedAt, TestedIn) and where each is #defined
// (DefinedAt), for the rewrite's messages.
//
//===----------------------------------------------------------------------===//

#include "rewrite/PassThroughLines.h"
#include "rewrite/passes/Passes.h"

namespace varsim::rewrite {

llvm::Error runFeatureGroupsPass(RewriteState &S) {
  const ProjectLayout &Project = *S.Project;
  for (const auto &[File, FS] : S.Structures) {
    FileGroups G = analyzeGroups(FS, *S.Features);
    std::string Rel = Project.relativeToRoot(File);
    // Messages name the user's lines (a lowering may have added some).
    auto Text = S.Texts.find(File);
    PresumedLines Presumed(Text == S.Texts.end()
                               ? llvm::StringRef()
                               : llvm::StringRef(Text->second));
    for (const Directive &D : FS.Directives)
      if (D.Kind == DirectiveKind::Define)
        S.DefinedAt[D.Macro].push_back(
            {File, Rel + ":" + std::to_string(Presumed(D.Line)), D.Line,
             D.FunctionLike, D.Replacement, D.Body, D.Begin});
    for (size_t GI = 0; GI < FS.Groups.size(); ++GI) {
      for (const CondGroup::Branch &B : FS.Groups[GI].Branches)
        if (B.Condition) {
          std::set<std::string> Here;
          collectMacros(*B.Condition, Here);
          for (const std::string &M : Here)
            S.TestedAt.try_emplace(
                M, Rel + ":" +
                       std::to_string(
                           Presumed(FS.Directives[B.DirectiveIndex].Line)));
          S.Tested.insert(Here.begin(), Here.end());
          for (const std::string &M : Here)
            S.TestedIn[M].insert(File);
        }
    }
    S.Watched[File] = G.Watched;
    S.Groups.emplace(File, std::move(G));
  }

  std::set<std::string> Units;
  for (const CompileEntry &E : Project.Entries)
    Units.insert(E.File);
  std::map<std::string, CondPtr> Included =
      includeContexts(S.Structures, S.Groups, Units, *S.Features);
  std::set<std::string> CoverSeen;
  for (const auto &[File, FS] : S.Structures) {
    const FileGroups &G = S.Groups.at(File);
    auto Context = Included.find(File);
    for (size_t GI = 0; GI < FS.Groups.size(); ++GI) {
      if (!G.Groups[GI].IsFeature)
        continue;
      for (CondPtr PC : G.Groups[GI].Presence) {
        if (Context != Included.end()) {
          CondPtr Both = makeAnd({Context->second, PC});
          if (isSatisfiable(*Both, *S.Features))
            PC = std::move(Both);
        }
        if (CoverSeen.insert(conditionText(*PC, *S.Features)).second)
          S.ToCover.push_back(PC);
      }
    }
  }
  return llvm::Error::success();
}

} // namespace varsim::rewrite
