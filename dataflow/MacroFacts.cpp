//===- dataflow/MacroFacts.cpp - What the rewriter's macros mean ----------===//

#include "dataflow/MacroFacts.h"

#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include "llvm/ADT/STLExtras.h"

namespace varsim::dataflow {

using namespace clang;

std::optional<StringRef> MacroFacts::featureRead(const Expr *E) const {
  // Outside macros before the cache: the walks ask for every expression in
  // every round, and a look-up in a cache of them all missed the CPU's
  // caches more often than not.
  if (!E->getBeginLoc().isMacroID() || !E->getEndLoc().isMacroID())
    return std::nullopt;
  auto [It, New] = FeatureReads.try_emplace(E, 0);
  if (New)
    if (std::optional<StringRef> Read = computeFeatureRead(E)) {
      ReadNames.push_back(*Read);
      It->second = ReadNames.size();
    }
  if (!It->second)
    return std::nullopt;
  return ReadNames[It->second - 1];
}

StringRef MacroFacts::expansionName(FileID FID, SourceLocation L) const {
  auto [It, New] = ExpansionNames.try_emplace(FID);
  if (New)
    It->second = Lexer::getImmediateMacroName(L, Ctx.getSourceManager(),
                                              Ctx.getLangOpts());
  return It->second;
}

std::optional<StringRef> MacroFacts::computeFeatureRead(const Expr *E) const {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation Begin = E->getBeginLoc(), End = E->getEndLoc();
  if (!Begin.isMacroID() || !End.isMacroID())
    return std::nullopt;
  // Both ends must come from the same expansion of the feature macro: walk
  // outwards from the innermost macro at the start until one is the
  // feature read, and check the end lies in that same expansion. Each step
  // is SourceManager's isMacroArgExpansion, getImmediateSpellingLoc and
  // getImmediateExpansionRange with one look-up of the expansion entry.
  SourceLocation L = Begin;
  while (L.isMacroID()) {
    auto [FID, Offset] = SM.getDecomposedLoc(L);
    const SrcMgr::ExpansionInfo &Exp = SM.getSLocEntry(FID).getExpansion();
    if (Exp.isMacroArgExpansion()) {
      L = Exp.getSpellingLoc().getLocWithOffset(Offset);
      continue;
    }
    SourceLocation ExpansionBegin = Exp.getExpansionLocStart();
    StringRef Name = expansionName(FID, L);
    if (Name.starts_with(Options.FeatureReadPrefix)) {
      // The expansion that produced E's first token; E's last token must be
      // produced by it too.
      SourceLocation EndAt = End;
      while (EndAt.isMacroID()) {
        auto [EndFID, EndOffset] = SM.getDecomposedLoc(EndAt);
        const SrcMgr::ExpansionInfo &EndExp =
            SM.getSLocEntry(EndFID).getExpansion();
        if (EndExp.getExpansionLocStart() == ExpansionBegin)
          return Name.drop_front(Options.FeatureReadPrefix.size());
        EndAt = EndExp.isMacroArgExpansion()
                    ? EndExp.getSpellingLoc().getLocWithOffset(EndOffset)
                    : EndExp.getExpansionLocStart();
      }
      return std::nullopt;
    }
    L = ExpansionBegin;
  }
  return std::nullopt;
}

std::optional<unsigned> MacroFacts::markerId(const Stmt *S) const {
  if (!S || !S->getBeginLoc().isMacroID())
    return std::nullopt;
  auto [It, New] = Markers.try_emplace(S);
  if (New)
    It->second = computeMarkerId(S);
  return It->second;
}

std::optional<unsigned> MacroFacts::computeMarkerId(const Stmt *S) const {
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange Range = SM.getExpansionRange(S->getSourceRange());
  StringRef Text = Lexer::getSourceText(Range, SM, Ctx.getLangOpts());
  StringRef Name = Text.take_until([](char C) { return C == '('; }).trim();
  if (!llvm::is_contained(Options.MarkerMacros, Name))
    return std::nullopt;
  StringRef Arg = Text.drop_front(Name.size())
                      .ltrim()
                      .drop_front(1)
                      .take_until([](char C) { return C == ')'; })
                      .trim();
  unsigned Id = 0;
  if (Arg.getAsInteger(0, Id))
    return std::nullopt;
  return Id;
}

std::optional<unsigned> MacroFacts::blockRegion(const Stmt *Block) const {
  const auto *C = dyn_cast_or_null<CompoundStmt>(Block);
  if (!C || C->body_empty())
    return std::nullopt;
  return markerId(C->body_front());
}

SourcePoint MacroFacts::pointOf(SourceLocation Loc) const {
  auto [It, New] = Points.try_emplace(Loc);
  if (New) {
    const SourceManager &SM = Ctx.getSourceManager();
    PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(Loc));
    if (P.isValid())
      It->second = {P.getFilename(), P.getLine(), 0};
  }
  return It->second;
}

} // namespace varsim::dataflow
