//===- rewrite/ProjectPaths.cpp - A parse's files as project paths --------===//

#include "rewrite/ProjectPaths.h"

#include "clang/Basic/FileManager.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Path.h"

namespace varsim::rewrite {

std::string absolutePathOf(clang::FileManager &FM, llvm::StringRef Name) {
  if (Name.empty())
    return "";
  llvm::SmallString<256> P(Name);
  FM.makeAbsolutePath(P);
  llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  return std::string(P);
}

std::string absolutePathOf(clang::SourceManager &SM, clang::FileID FID) {
  auto FE = SM.getFileEntryRefForID(FID);
  return FE ? absolutePathOf(SM.getFileManager(), FE->getName()) : "";
}

} // namespace varsim::rewrite
