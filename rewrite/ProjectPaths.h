//===- rewrite/ProjectPaths.h - A parse's files as project paths -*- C++
//-*-===//
//
// Every recorder of a parse keys its facts by the project file's absolute
// path (identical across parses, so that their facts merge). Looking the
// path up per location is slow: this is the one cache from a parse's
// FileIDs to those paths (and to the paths of its other files).
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_PROJECTPATHS_H
#define VARSIM_REWRITE_PROJECTPATHS_H

#include "rewrite/ProjectLayout.h"

#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"

#include <set>
#include <string>

namespace varsim::rewrite {

/// FID's file as an absolute path without dots; "" for none (a macro
/// buffer, the predefines).
std::string absolutePathOf(clang::SourceManager &SM, clang::FileID FID);
/// A file name as the parse read it (relative to the compile command's
/// directory) as an absolute path without dots; "" for "".
std::string absolutePathOf(clang::FileManager &FM, llvm::StringRef Name);

/// One parse's files by FileID, memoized: their absolute paths, and which
/// are project sources.
class ProjectPaths {
public:
  explicit ProjectPaths(const ProjectLayout &Project) : Project(Project) {}

  /// The absolute path of FID if it is a project source, else nullptr;
  /// the pointer stays valid as long as this object.
  const std::string *of(clang::SourceManager &SM, clang::FileID FID) {
    const File &F = lookUp(SM, FID);
    return F.InProject ? F.Path : nullptr;
  }

  /// The absolute path of any file of the parse ("" for a macro buffer or
  /// the predefines); valid as long as this object.
  const std::string &pathOf(clang::SourceManager &SM, clang::FileID FID) {
    return *lookUp(SM, FID).Path;
  }

  const ProjectLayout &project() const { return Project; }

private:
  struct File {
    const std::string *Path = nullptr;
    bool InProject = false;
  };
  const File &lookUp(clang::SourceManager &SM, clang::FileID FID) {
    auto [It, New] = Paths.try_emplace(FID);
    if (New) {
      std::string P = absolutePathOf(SM, FID);
      It->second.InProject = !P.empty() && Project.isProjectSource(P);
      It->second.Path = &*Names.insert(std::move(P)).first;
    }
    return It->second;
  }

  const ProjectLayout &Project;
  llvm::DenseMap<clang::FileID, File> Paths;
  std::set<std::string> Names;
};

} // namespace varsim::rewrite

#endif // VARSIM_REWRITE_PROJECTPATHS_H
