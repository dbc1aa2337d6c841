//===- rewrite/templates/PointerWrapperFactsImpl.h - The facts walk -*- C++
//-*-===//
//
// Internal to the pointer-wrapper facts parse (PointerWrapperFacts.h):
// the walk over one AST. PointerWrapperFacts.cpp records the uses of the
// candidate templates' instantiations (calls, built-in operators, sizes,
// other instantiations); PointerWrapperBranches.cpp says what each
// candidate branch declares (an iterator class over a pointer, a plain
// pointer, or something else, and why).
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_TEMPLATES_POINTERWRAPPERFACTSIMPL_H
#define VARSIM_REWRITE_TEMPLATES_POINTERWRAPPERFACTSIMPL_H

#include "rewrite/ProjectPaths.h"
#include "rewrite/templates/PointerWrapperFacts.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseMap.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace varsim::rewrite::templates::wrappers::facts {

using namespace clang;

struct Collector : RecursiveASTVisitor<Collector> {
  Collector(ASTContext &Ctx, const std::vector<CandidateGroup> &Groups,
            const ProjectLayout &Project, WrapperFacts &Out)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Groups(Groups), Paths(Project),
        Out(Out), Policy(Ctx.getPrintingPolicy()) {
    Policy.SuppressTagKeyword = true;
  }

  bool shouldVisitTemplateInstantiations() const { return true; }

  Place placeOf(SourceLocation L);

  std::string keyOf(SourceLocation L);

  /// The candidate group and branch holding L, if any.
  std::optional<std::pair<const CandidateGroup *, unsigned>>
  branchAt(SourceLocation L);

  /// The candidate group whose template T (canonical) is declared in.
  const CandidateGroup *groupOf(const ClassTemplateDecl *T);

  /// The group of the candidate template whose instantiation T is (through
  /// references, pointers and qualifiers), if any.
  const CandidateGroup *wrapperGroup(QualType T);

  /// In a pattern: T names the class template Tmpl (an instantiation of
  /// it, or the class itself), through references and qualifiers.
  static bool namesTemplate(QualType T, const ClassTemplateDecl *Tmpl);

  bool isMemberOfCandidate(const FunctionDecl *F);

  void refuse(const CandidateGroup *G, SourceLocation L, std::string Why);

  std::string calleeKey(const FunctionDecl *F);

  /// A call or construction with arguments Args: a wrapper passed to
  /// something else than the wrapper's own members is recorded (the
  /// pointer's configuration must call the same), refused where the
  /// callee is instantiated for it or takes it through `...`.
  void visitCall(SourceLocation L, const FunctionDecl *Callee,
                 llvm::ArrayRef<const Expr *> Args);

  bool VisitCallExpr(CallExpr *E);

  bool VisitCXXConstructExpr(CXXConstructExpr *E);

  /// A built-in operator on a pointer, for the comparison with the
  /// wrapper's configuration (a free operator there is another callee).
  void builtin(SourceLocation L, const Expr *Operand);
  bool VisitBinaryOperator(BinaryOperator *E);
  bool VisitUnaryOperator(UnaryOperator *E);

  bool VisitUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr *E);
  bool VisitCXXTypeidExpr(CXXTypeidExpr *E);

  /// Another template instantiated for a wrapper type in the project's
  /// code (a trait, a container): it may behave otherwise for the pointer.
  /// Instantiations in system headers are the probes of overload
  /// resolution (`std::is_error_code_enum<It>` while `it != end` looks at
  /// `operator!=(const error_code &, ...)`): what resolution chose is
  /// compared call by call.
  bool VisitClassTemplateSpecializationDecl(ClassTemplateSpecializationDecl *S);

  /// Declarations at namespace scope in candidate branches.
  bool VisitDecl(Decl *D);

  // What the branches declare (PointerWrapperBranches.cpp).
  void classifyBranches();
  void classifyWrapper(BranchFacts &F, ClassTemplateDecl *T);
  void classifyPointer(BranchFacts &F, ClassTemplateDecl *T);
  void checkWrapperInstance(BranchFacts &F, ClassTemplateSpecializationDecl *S,
                            const std::set<std::string> &Self);

  std::string argsOf(const ClassTemplateSpecializationDecl *S);

  void fail(BranchFacts &F, SourceLocation L, std::string Why);

  ASTContext &Ctx;
  SourceManager &SM;
  const std::vector<CandidateGroup> &Groups;
  ProjectPaths Paths;
  WrapperFacts &Out;
  PrintingPolicy Policy;
  llvm::DenseMap<const ClassTemplateDecl *, const CandidateGroup *>
      TemplateGroups;
  std::map<std::pair<const CandidateGroup *, unsigned>, std::vector<Decl *>>
      BranchDecls;
  struct PointerUse {
    std::string Key, Callee, Type;
  };
  std::vector<PointerUse> PointerUses;
};

} // namespace varsim::rewrite::templates::wrappers::facts

#endif // VARSIM_REWRITE_TEMPLATES_POINTERWRAPPERFACTSIMPL_H
