//===- dataflow/MacroFacts.h - What the rewriter's macros mean -*- C++
//-*-===//
//
// Private to the data-flow checks. The simulator's sources say what is a
// feature read (an expansion of VARSIM_F_<MACRO>) and where a region starts
// (VARSIM_REGION(id) as the first statement of a block) only through
// macros, which the AST keeps in its source locations.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_DATAFLOW_MACROFACTS_H
#define VARSIM_DATAFLOW_MACROFACTS_H

#include "dataflow/DataFlow.h"

#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"

#include <optional>
#include <string>
#include <vector>

namespace varsim::dataflow {

class MacroFacts {
public:
  MacroFacts(const clang::ASTContext &Ctx, const AnalysisOptions &Options)
      : Ctx(Ctx), Options(Options) {}

  /// If E is exactly one feature read, the feature's macro (a view of the
  /// source buffer that spells it, valid while the AST lives).
  std::optional<llvm::StringRef> featureRead(const clang::Expr *E) const;

  /// If S is a region marker, the region id.
  std::optional<unsigned> markerId(const clang::Stmt *S) const;

  /// If Block starts with a region marker, its id.
  std::optional<unsigned> blockRegion(const clang::Stmt *Block) const;

  /// Where S starts in the files the user sees (macro expansions resolved).
  SourcePoint pointOf(clang::SourceLocation Loc) const;

private:
  std::optional<llvm::StringRef> computeFeatureRead(const clang::Expr *E) const;
  std::optional<unsigned> computeMarkerId(const clang::Stmt *S) const;
  /// The name of the macro whose (non-argument) expansion FID holds L.
  llvm::StringRef expansionName(clang::FileID FID,
                                clang::SourceLocation L) const;

  const clang::ASTContext &Ctx;
  const AnalysisOptions &Options;
  /// featureRead by expression: the walks evaluate each expression once
  /// per round and per loop iteration, and the macro walk is costly.
  /// (1 + the index of the read's name in ReadNames, or 0: none; compact,
  /// since every expression inside a macro has an entry).
  mutable llvm::DenseMap<const clang::Expr *, unsigned> FeatureReads;
  mutable std::vector<llvm::StringRef> ReadNames;
  /// Macro names by expansion: every expression inside a macro walks the
  /// same expansions outwards, and lexing a name at each step dominated
  /// the analysis of macro-dense code (Lua).
  mutable llvm::DenseMap<clang::FileID, llvm::StringRef> ExpansionNames;
  /// markerId and pointOf by statement and location: every walk of a body
  /// (about six per body on Lua, one per round that finds it stale) asks
  /// again, and each answer walks macro expansions (markerId also lexes).
  mutable llvm::DenseMap<const clang::Stmt *, std::optional<unsigned>> Markers;
  mutable llvm::DenseMap<clang::SourceLocation, SourcePoint> Points;
};

} // namespace varsim::dataflow

#endif // VARSIM_DATAFLOW_MACROFACTS_H
