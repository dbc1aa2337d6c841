//===- rewrite/passes/ScanPass.cpp - Every source's #if structure ---------===//
//
// Reads: the project. Adds: every file of the project (AllFiles, copied or
// rewritten into OUT), the text and #if structure of each source file, and
// the scan errors as a record: a file that does not scan is refused only if
// a translation unit includes it and no lowering replaced it (FactsPass).
//
//===----------------------------------------------------------------------===//

#include "rewrite/passes/Passes.h"
#include "support/SourceFiles.h"

#include "llvm/Support/MemoryBuffer.h"

namespace varsim::rewrite {

llvm::Error runScanPass(RewriteState &S) {
  S.AllFiles = listProjectFiles(*S.Project);
  for (const std::string &File : S.AllFiles) {
    if (!isSourceFileName(File))
      continue;
    auto Buf = llvm::MemoryBuffer::getFile(File);
    if (!Buf)
      continue;
    std::string Text = (*Buf)->getBuffer().str();
    auto FS = scanDirectives(File, Text);
    if (!FS) {
      RewriteState::ScanDiagnostic D;
      llvm::handleAllErrors(
          FS.takeError(),
          [&](const LocatedError &L) {
            D.Where = L.where();
            D.Message = L.text();
          },
          [&](const llvm::ErrorInfoBase &Other) {
            D.Message = Other.message();
          });
      S.ScanErrors.emplace(File, std::move(D));
      continue;
    }
    S.Structures.emplace(File, std::move(*FS));
    S.Texts.emplace(File, std::move(Text));
  }
  return llvm::Error::success();
}

llvm::Error
RewriteState::applyLowering(std::map<std::string, std::string> Files) {
  if (llvm::Error E = applyOverlay(Files, Texts, Structures))
    return E;
  for (auto &[File, Text] : Files) {
    ScanErrors.erase(File);
    Lowered[File] = std::move(Text);
  }
  return llvm::Error::success();
}

llvm::Error RewriteState::applyTemplateLowering(
    llvm::Expected<templates::LoweringResult> Lowering) {
  if (!Lowering)
    return Lowering.takeError();
  DerivedMacrosStale = DerivedMacrosStale || !Lowering->Files.empty();
  if (llvm::Error E = applyLowering(std::move(Lowering->Files)))
    return E;
  for (templates::LoweredSite &Site : Lowering->Sites)
    TemplateSites.push_back(std::move(Site));
  return llvm::Error::success();
}

} // namespace varsim::rewrite
