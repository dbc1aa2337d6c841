//===- rewrite/ParseFactsImpl.h - The facts parse's pieces ---*- C++ -*-===//
//
// Internal to the facts recorder (rewrite/ParseFacts.cpp): the state its
// preprocessor callbacks and AST visitors share, and the three recorders
// it installs, each in a file of its own: the skipped ranges and macro
// uses (ParseFactsSkips.cpp), the definitions (ParseFactsDefinitions.cpp)
// and the places of directive lines in the AST (ParseFactsPlaces.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_PARSEFACTSIMPL_H
#define VARSIM_REWRITE_PARSEFACTSIMPL_H

#include "rewrite/ParseFacts.h"
#include "rewrite/ProjectPaths.h"

#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/DenseMap.h"

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace varsim::rewrite::facts {

using namespace clang;

/// State shared by the callbacks and the AST consumer of one parse.
struct ParseState {
  const ProjectLayout &Project;
  const std::map<std::string, FileStructure> &Structures;
  const std::map<std::string, std::vector<unsigned>> &Watched;
  ParseResult &Result;
  const std::set<std::string> FeatureMacros;
  SourceManager *SM = nullptr;
  /// Every macro expansion in a project file's first inclusion, by the
  /// file offset of the expansion, for ConstantUses.
  std::map<std::string, std::vector<std::pair<unsigned, std::string>>>
      Expansions = {};
  ProjectPaths Paths{Project};
  std::map<std::string, FileID> FirstFID = {};
  /// A later inclusion of a project file: its index in FileFacts::Repeats.
  llvm::DenseMap<FileID, unsigned> RepeatIndex{};

  /// What the later inclusion FID of a project file records, or nullptr
  /// for the first inclusion or a file outside the project.
  RepeatInclusion *repeatOf(FileID FID) {
    const std::string *Path = projectPath(FID);
    if (!Path || FirstFID.at(*Path) == FID)
      return nullptr;
    auto &Repeats = Result.Files[*Path].Repeats;
    auto [It, New] = RepeatIndex.try_emplace(FID, Repeats.size());
    if (New)
      Repeats.emplace_back();
    return &Repeats[It->second];
  }

  /// The project path of FID, or nullptr for a file outside the project.
  /// The first FileID asking registers the file's facts and its first
  /// inclusion.
  const std::string *projectPath(FileID FID) {
    const std::string *Path = Paths.of(*SM, FID);
    if (Path && FirstFID.try_emplace(*Path, FID).second)
      Result.Files.try_emplace(*Path);
    return Path;
  }
};

/// File offsets of AST nodes, and their containment of a line start.
class Ranges {
public:
  Ranges(SourceManager &SM, const LangOptions &LO) : SM(SM), LO(LO) {}

  /// [begin, end-of-last-token) in FID, if the node is in FID.
  std::optional<std::pair<unsigned, unsigned>> of(SourceRange R, FileID FID) {
    if (R.isInvalid())
      return std::nullopt;
    SourceLocation B = SM.getExpansionRange(R.getBegin()).getBegin();
    SourceLocation E = SM.getExpansionRange(R.getEnd()).getEnd();
    if (SM.getFileID(B) != FID || SM.getFileID(E) != FID)
      return std::nullopt;
    SourceLocation EndTok = Lexer::getLocForEndOfToken(E, 0, SM, LO);
    unsigned EO =
        EndTok.isValid() ? SM.getFileOffset(EndTok) : SM.getFileOffset(E) + 1;
    return std::make_pair(SM.getFileOffset(B), EO);
  }
  unsigned offset(SourceLocation L) {
    return SM.getFileOffset(SM.getExpansionLoc(L));
  }
  /// The line in the ORIGINAL source: presumed, so that code an earlier
  /// pass appended under `#line N` (file-scope copies at the end of a
  /// file) reports the line it came from, not one past the file's end.
  unsigned line(SourceLocation L) {
    SourceLocation E = SM.getExpansionLoc(L);
    PresumedLoc P = SM.getPresumedLoc(E);
    return P.isValid() ? P.getLine() : SM.getExpansionLineNumber(L);
  }

  SourceManager &SM;
  const LangOptions &LO;
};

inline bool contains(const std::optional<std::pair<unsigned, unsigned>> &R,
                     unsigned D) {
  return R && R->first < D && D < R->second;
}

/// The recorder of skipped ranges and macro uses, for S's parse with PP.
std::unique_ptr<PPCallbacks> makeSkipRecorder(ParseState &S, Preprocessor &PP);

/// Records the function definitions and named file-scope definitions of
/// the project's files in S.Result.
void collectDefinitions(ParseState &S, ASTContext &Ctx);

/// Places the watched directive lines of every project file in the AST.
void placeDirectives(ParseState &S, ASTContext &Ctx);

} // namespace varsim::rewrite::facts

#endif // VARSIM_REWRITE_PARSEFACTSIMPL_H
