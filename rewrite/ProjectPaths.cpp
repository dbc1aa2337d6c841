//===- rewrite/ProjectPaths.cpp - A parse's files as project paths --------===//

#include "rewrite/ProjectPaths.h"

#include "clang/Basic/FileManager.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Path.h"

namespace varsim::rewrite {

std::string absolutePathOf(clang::SourceManager &SM, clang::FileID FID) {
  auto FE = SM.getFileEntryRefForID(FID);
  if (!FE)
    return "";
  llvm::SmallString<256> P(FE->getName());
  SM.getFileManager().makeAbsolutePath(P);
  llvm::sys::path::remove_dots(P, true);
  return std::string(P);
}

} // namespace varsim::rewrite
