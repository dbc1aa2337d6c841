//===- rewrite/ProjectPaths.h - A parse's files as project paths -*- C++
//-*-===//
//
// Every recorder of a parse keys its facts by the project file's absolute
// path (identical across parses, so that their facts merge). Looking the
// path up per location is slow: this is the one cache from a parse's
// FileIDs to those paths.
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

/// The project sources among one parse's files, by FileID, memoized.
class ProjectPaths {
public:
  explicit ProjectPaths(const ProjectLayout &Project) : Project(Project) {}

  /// The absolute path of FID if it is a project source, else nullptr;
  /// the pointer stays valid as long as this object.
  const std::string *of(clang::SourceManager &SM, clang::FileID FID) {
    auto [It, New] = Paths.try_emplace(FID, nullptr);
    if (!New)
      return It->second;
    std::string P = absolutePathOf(SM, FID);
    if (!P.empty() && Project.isProjectSource(P))
      It->second = &*Names.insert(std::move(P)).first;
    return It->second;
  }

  const ProjectLayout &project() const { return Project; }

private:
  const ProjectLayout &Project;
  llvm::DenseMap<clang::FileID, const std::string *> Paths;
  std::set<std::string> Names;
};

} // namespace varsim::rewrite

#endif // VARSIM_REWRITE_PROJECTPATHS_H
