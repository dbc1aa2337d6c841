//===- rewrite/templates/FlagFacts.h - Class-template flags -----*- C++ -*-===//
//
// The part of a template-facts parse that finds the `bool` parameters of
// the project's class templates (FlagParam), every use of them in the
// pattern, and every template argument written for them (FlagBinding).
// Called by the facts visitor (TemplateFacts.cpp) on the nodes it visits.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_TEMPLATES_FLAGFACTS_H
#define VARSIM_REWRITE_TEMPLATES_FLAGFACTS_H

#include "rewrite/templates/TemplateFacts.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/TypeLoc.h"
#include "llvm/ADT/DenseMap.h"

#include <functional>
#include <optional>

namespace varsim::rewrite::templates {

class FlagFactsCollector {
public:
  /// PathOf: a project file's absolute path (nullptr outside the project);
  /// Candidate: the NameDef of a site declaration (nullptr if none).
  FlagFactsCollector(
      clang::ASTContext &Ctx,
      std::function<const std::string *(clang::FileID)> PathOf,
      std::function<const NameDef *(const clang::NamedDecl *)> Candidate,
      TemplateFacts &Out)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), PathOf(std::move(PathOf)),
        Candidate(std::move(Candidate)), Out(Out) {}

  /// A class template defined in the project: its bool parameters.
  void visitClassTemplate(const clang::ClassTemplateDecl *CTD);
  /// A written specialization `T<args>`: the arguments of T's flags.
  void visitSpecialization(clang::TemplateSpecializationTypeLoc TL);
  /// An explicit or partial specialization, or an explicit instantiation:
  /// its template's flags stay template parameters.
  void
  visitExplicitSpecialization(const clang::ClassTemplateSpecializationDecl *D);
  /// A reference to a template parameter: a use of a flag, if it is one.
  void visitParameterUse(const clang::DeclRefExpr *E);

private:
  /// Where a use of a flag is the whole condition of an `if constexpr`
  /// whose branches compile for every argument: its `constexpr` keyword.
  std::optional<unsigned> lowerableCondition(const clang::DeclRefExpr *E,
                                             std::string &Why);

  clang::ASTContext &Ctx;
  clang::SourceManager &SM;
  std::function<const std::string *(clang::FileID)> PathOf;
  std::function<const NameDef *(const clang::NamedDecl *)> Candidate;
  TemplateFacts &Out;
  /// The flag of each template parameter declaration seen (FlagParam key).
  llvm::DenseMap<const clang::Decl *, std::string> ParamKeys;
  llvm::DenseMap<const clang::Decl *, std::string> TemplateKeys;
};

/// The file offset of the `constexpr` keyword after If's `if`, lexed from
/// the source (the AST keeps only the `if`); none when the `if` comes from
/// a macro or the keyword is not there.
std::optional<unsigned> constexprKeywordOffset(const clang::IfStmt &If,
                                               const clang::SourceManager &SM,
                                               const clang::LangOptions &LO);

} // namespace varsim::rewrite::templates

#endif // VARSIM_REWRITE_TEMPLATES_FLAGFACTS_H
