//===- rewrite/passes/FileRewritePass.cpp - Each file's edits
//--------------===//
//
// Reads: the parses' views, texts, structures, groups and the
// ProjectContext. Adds: the rewritten text of every project file some
// translation unit included and that needs a change (Rewritten); regions
// and renamings appended to the ProjectContext (rewrite/FileRewriter.h).
//
//===----------------------------------------------------------------------===//

#include "rewrite/passes/Passes.h"
#include "runtime/SimulatorTables.h"

#include "llvm/Support/Path.h"

namespace path = llvm::sys::path;

namespace varsim::rewrite {
namespace {

/// "../../varsim/varsim_generated.h" from a file Rel below the root.
std::string generatedIncludeFor(llvm::StringRef Rel) {
  std::string Up;
  for (auto It = path::begin(Rel), End = path::end(Rel); It != End; ++It)
    Up += "../";
  // One "../" too many: the file name itself is not a directory.
  Up = Up.substr(3);
  return Up + "varsim/" + runtime::GeneratedHeaderName.str();
}

} // namespace

llvm::Error runFileRewritePass(RewriteState &S) {
  for (const auto &[File, Vs] : S.Views) {
    auto FS = S.Structures.find(File);
    if (FS == S.Structures.end())
      continue;
    FileInput In{
        File,        S.Texts.at(File),
        &FS->second, &S.Groups.at(File),
        Vs,          generatedIncludeFor(S.Project->relativeToRoot(File))};
    auto Text = rewriteFile(In, *S.Ctx);
    if (!Text)
      return Text.takeError();
    if (!Text->empty())
      S.Rewritten[File] = std::move(*Text);
  }
  return llvm::Error::success();
}

} // namespace varsim::rewrite
