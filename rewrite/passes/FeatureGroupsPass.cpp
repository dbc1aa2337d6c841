//===- rewrite/passes/FeatureGroupsPass.cpp - Feature groups
//---------------===//
//
// Reads: the structures (after every lowering) and the features. Adds: per
// file, its feature groups and the directives the parses place (Watched);
// the presence conditions the parse configurations must cover (ToCover);
// the macros #ifs test (Tested, TestedAt, TestedIn) and where each is #defined
// (DefinedAt), for the rewrite's messages.
//
//===----------------------------------------------------------------------===//

#include "rewrite/PassThroughLines.h"
#include "rewrite/passes/Passes.h"

namespace varsim::rewrite {

llvm::Error runFeatureGroupsPass(RewriteState &S) {
  const ProjectLayout &Project = *S.Project;
  std::set<std::string> CoverSeen;
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
      if (!G.Groups[GI].IsFeature)
        continue;
      for (const CondPtr &PC : G.Groups[GI].Presence)
        if (CoverSeen.insert(conditionText(*PC, *S.Features)).second)
          S.ToCover.push_back(PC);
    }
    S.Watched[File] = G.Watched;
    S.Groups.emplace(File, std::move(G));
  }
  return llvm::Error::success();
}

} // namespace varsim::rewrite
