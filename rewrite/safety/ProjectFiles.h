//===- rewrite/safety/ProjectFiles.h - Locations in project files -*- C++
//-*-===//
//
// Maps the locations of one parse to the project's files (absolute paths)
// and offsets, the way the safety checks key their facts: identical across
// parses, so that the facts of several parses can be merged.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_SAFETY_PROJECTFILES_H
#define VARSIM_REWRITE_SAFETY_PROJECTFILES_H

#include "rewrite/ProjectLayout.h"
#include "rewrite/ProjectPaths.h"
#include "support/Diagnostic.h"

#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Path.h"

#include <set>
#include <string>

namespace varsim::rewrite::safety {

using clang::FileID;
using clang::SourceLocation;
using clang::SourceManager;

/// Maps locations to project files and positions.
class ProjectFiles {
public:
  ProjectFiles(SourceManager &SM, const ProjectLayout &Project)
      : SM(SM), Paths(Project) {}

  /// The absolute path of FID if it is a project source, else nullptr.
  const std::string *path(FileID FID) { return Paths.of(SM, FID); }

  struct Place {
    const std::string *File = nullptr; ///< nullptr: not in the project.
    unsigned Offset = 0;
    FileID FID;
    SourceLocation Loc;
  };
  /// Where L is written in a file (macro arguments: where the argument is
  /// written; macro bodies: where the macro is used).
  Place place(SourceLocation L) {
    Place P;
    if (L.isInvalid())
      return P;
    P.Loc = fileLoc(L);
    P.FID = SM.getFileID(P.Loc);
    P.File = path(P.FID);
    P.Offset = SM.getFileOffset(P.Loc);
    return P;
  }
  /// The line as `#line` gives it: the lowerings append per-configuration
  /// copies of a function under `#line N` (the original's line), so that a
  /// fact found in a copy is reported at the user's line, not past the end
  /// of the file.
  SourcePoint point(const Place &P) {
    unsigned Line = SM.getLineNumber(P.FID, P.Offset);
    clang::PresumedLoc PL =
        SM.getPresumedLoc(P.Loc, /*UseLineDirectives=*/true);
    if (PL.isValid() && PL.getFileID() == P.FID)
      Line = PL.getLine();
    return {*P.File, Line, SM.getColumnNumber(P.FID, P.Offset)};
  }
  /// A key for a position in any file (project or not).
  std::string key(const Place &P) {
    if (P.File)
      return *P.File + ":" + std::to_string(P.Offset);
    if (auto FE = SM.getFileEntryRefForID(P.FID))
      return FE->getName().str() + ":" + std::to_string(P.Offset);
    return "<builtin>:" + std::to_string(P.Loc.getRawEncoding());
  }

  const ProjectLayout &project() const { return Paths.project(); }

  /// SM.getFileLoc(L), with what every macro expansion's own use becomes
  /// remembered: the checks ask for nearly every node, and in macro-heavy
  /// code (Lua) each walk up the expansions costs a search of the source
  /// manager's entries per step. A macro argument steps to where it is
  /// written; any other expansion to where the macro is used, which is the
  /// same for all of its tokens.
  SourceLocation fileLoc(SourceLocation L) {
    while (L.isMacroID()) {
      auto [FID, Offset] = SM.getDecomposedLoc(L);
      const clang::SrcMgr::ExpansionInfo &Exp =
          SM.getSLocEntry(FID).getExpansion();
      if (Exp.isMacroArgExpansion()) {
        L = Exp.getSpellingLoc().getLocWithOffset(Offset);
        continue;
      }
      if (auto It = UseOfExpansion.find(FID); It != UseOfExpansion.end())
        return It->second;
      SourceLocation Use = fileLoc(Exp.getExpansionLocStart());
      UseOfExpansion[FID] = Use;
      return Use;
    }
    return L;
  }

  SourceManager &SM;

private:
  ProjectPaths Paths;
  llvm::DenseMap<FileID, SourceLocation> UseOfExpansion;
};

} // namespace varsim::rewrite::safety

#endif // VARSIM_REWRITE_SAFETY_PROJECTFILES_H
