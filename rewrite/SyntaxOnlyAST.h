//===- rewrite/SyntaxOnlyAST.h - A syntax-only parse that keeps its AST -*- C++
//-*-===//
//
// For a check whose parse an analysis reads afterwards (the simulator's
// compile check and the data-flow analysis): one parse serves both.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_SYNTAXONLYAST_H
#define VARSIM_REWRITE_SYNTAXONLYAST_H

#include "rewrite/SyntaxOnlyParse.h"

#include "clang/Frontend/ASTUnit.h"

#include <memory>

namespace varsim::rewrite {

/// Parses P.Entry's file as runSyntaxOnly does (same arguments, same
/// diagnostics) and keeps the AST in AST (null if none could be built),
/// for a later analysis of the same text that would otherwise parse again.
SyntaxOnlyResult buildSyntaxOnlyAST(const SyntaxOnlyParse &P,
                                    std::unique_ptr<clang::ASTUnit> &AST);

} // namespace varsim::rewrite

#endif // VARSIM_REWRITE_SYNTAXONLYAST_H
