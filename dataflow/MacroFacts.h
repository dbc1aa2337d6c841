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
#include "llvm/ADT/DenseMap.h"

#include <optional>
#include <string>

namespace varsim::dataflow {

class MacroFacts {
public:
  MacroFacts(const clang::ASTContext &Ctx, const AnalysisOptions &Options)
      : Ctx(Ctx), Options(Options) {}

  /// If E is exactly one feature read, the feature's macro.
  std::optional<std::string> featureRead(const clang::Expr *E) const;

  /// If S is a region marker, the region id.
  std::optional<unsigned> markerId(const clang::Stmt *S) const;

  /// If Block starts with a region marker, its id.
  std::optional<unsigned> blockRegion(const clang::Stmt *Block) const;

  /// Where S starts in the files the user sees (macro expansions resolved).
  SourcePoint pointOf(clang::SourceLocation Loc) const;

private:
  std::optional<std::string> computeFeatureRead(const clang::Expr *E) const;

  const clang::ASTContext &Ctx;
  const AnalysisOptions &Options;
  /// featureRead by expression: the walks evaluate each expression once
  /// per round and per loop iteration, and the macro walk is costly.
  mutable llvm::DenseMap<const clang::Expr *, std::optional<std::string>>
      FeatureReads;
};

} // namespace varsim::dataflow

#endif // VARSIM_DATAFLOW_MACROFACTS_H
