//===- dataflow/MacroFacts.cpp - What the rewriter's macros mean ----------===//

#include "dataflow/MacroFacts.h"

#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include "llvm/ADT/STLExtras.h"

namespace varsim::dataflow {

using namespace clang;

std::optional<std::string> MacroFacts::featureRead(const Expr *E) const {
  auto [It, New] = FeatureReads.try_emplace(E);
  if (New)
    It->second = computeFeatureRead(E);
  return It->second;
}

std::optional<std::string> MacroFacts::computeFeatureRead(const Expr *E) const {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation Begin = E->getBeginLoc(), End = E->getEndLoc();
  if (!Begin.isMacroID() || !End.isMacroID())
    return std::nullopt;
  // Both ends must come from the same expansion of the feature macro: walk
  // outwards from the innermost macro at the start until one is the
  // feature read, and check the end lies in that same expansion.
  SourceLocation L = Begin;
  while (L.isMacroID()) {
    if (SM.isMacroArgExpansion(L)) {
      L = SM.getImmediateSpellingLoc(L);
      continue;
    }
    StringRef Name = Lexer::getImmediateMacroName(L, SM, Ctx.getLangOpts());
    CharSourceRange Expansion = SM.getImmediateExpansionRange(L);
    if (Name.starts_with(Options.FeatureReadPrefix)) {
      // The expansion that produced E's first token; E's last token must be
      // produced by it too.
      SourceLocation EndAt = End;
      while (EndAt.isMacroID()) {
        CharSourceRange R = SM.getImmediateExpansionRange(EndAt);
        if (R.getBegin() == Expansion.getBegin())
          return Name.drop_front(Options.FeatureReadPrefix.size()).str();
        if (SM.isMacroArgExpansion(EndAt))
          EndAt = SM.getImmediateSpellingLoc(EndAt);
        else
          EndAt = R.getBegin();
      }
      return std::nullopt;
    }
    L = Expansion.getBegin();
  }
  return std::nullopt;
}

std::optional<unsigned> MacroFacts::markerId(const Stmt *S) const {
  if (!S)
    return std::nullopt;
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation Begin = S->getBeginLoc();
  if (!Begin.isMacroID())
    return std::nullopt;
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
  const SourceManager &SM = Ctx.getSourceManager();
  PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(Loc));
  if (P.isInvalid())
    return {};
  return {P.getFilename(), P.getLine(), 0};
}

} // namespace varsim::dataflow
