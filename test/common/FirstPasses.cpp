//===- test/common/FirstPasses.cpp - The first half of the rewrite --------===//

#include "test/common/FirstPasses.h"

#include "rewrite/passes/Passes.h"

namespace varsim::test {

llvm::Expected<std::unique_ptr<FirstPasses>>
runFirstPasses(llvm::StringRef CompileCommands, llvm::StringRef ModelPath,
               llvm::StringRef Last) {
  auto F = std::make_unique<FirstPasses>();
  F->Options.CompileCommands = CompileCommands.str();
  F->Options.FeatureModel = ModelPath.str();
  rewrite::RewriteState &S = F->State;
  auto Project = rewrite::loadProject(CompileCommands);
  if (!Project)
    return Project.takeError();
  S.Project.emplace(std::move(*Project));
  bool Found = false;
  for (const rewrite::RewritePass &P : rewrite::rewritePasses()) {
    if (P.Name == "project")
      continue;
    if (llvm::Error E = P.Run(S))
      return E;
    if (P.Name == "scan" && !S.ScanErrors.empty()) {
      const auto &D = S.ScanErrors.begin()->second;
      return makeError(D.Where, D.Message);
    }
    if (P.Name == Last) {
      Found = true;
      break;
    }
  }
  if (!Found)
    return makeError("no rewrite pass named '" + Last + "'");
  return F;
}

llvm::Error scanProject(llvm::StringRef CompileCommands,
                        llvm::StringRef ModelPath, ScannedProject &Into) {
  auto First = runFirstPasses(CompileCommands, ModelPath, "features");
  if (!First)
    return First.takeError();
  rewrite::RewriteState &S = (*First)->State;
  Into.Layout = std::move(*S.Project);
  Into.Features = std::move(S.Features);
  Into.Texts = std::move(S.Texts);
  Into.Structures = std::move(S.Structures);
  return llvm::Error::success();
}

} // namespace varsim::test
