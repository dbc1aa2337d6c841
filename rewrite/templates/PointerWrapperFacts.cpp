//===- rewrite/templates/PointerWrapperFacts.cpp - Iterator class or pointer
//===//
//
// See PointerWrapperFacts.h. One syntax-only parse, its AST walked with the
// template instantiations (the uses that matter are in the member
// functions of class templates, RapidJSON's GenericValue). This file
// records the uses; what the branches declare is judged in
// PointerWrapperBranches.cpp.
//
//===----------------------------------------------------------------------===//

#include "rewrite/templates/PointerWrapperFacts.h"
#include "rewrite/templates/PointerWrapperFactsImpl.h"

#include "clang/Frontend/ASTUnit.h"

namespace varsim::rewrite::templates::wrappers {
namespace facts {

Place Collector::placeOf(SourceLocation L) {
  L = SM.getExpansionLoc(L);
  if (L.isInvalid())
    return {};
  return {Paths.pathOf(SM, SM.getFileID(L)), SM.getSpellingLineNumber(L),
          SM.getSpellingColumnNumber(L)};
}

std::string Collector::keyOf(SourceLocation L) {
  L = SM.getExpansionLoc(L);
  if (L.isInvalid())
    return "";
  return Paths.pathOf(SM, SM.getFileID(L)) + ":" +
         std::to_string(SM.getFileOffset(L));
}

/// The candidate group and branch holding L, if any.
std::optional<std::pair<const CandidateGroup *, unsigned>>
Collector::branchAt(SourceLocation L) {
  L = SM.getExpansionLoc(L);
  if (L.isInvalid())
    return std::nullopt;
  const std::string *File = Paths.of(SM, SM.getFileID(L));
  if (!File)
    return std::nullopt;
  unsigned Offset = SM.getFileOffset(L);
  for (const CandidateGroup &G : Groups)
    if (G.File == *File)
      for (unsigned B = 0; B < G.Branches.size(); ++B)
        if (G.Branches[B].first <= Offset && Offset < G.Branches[B].second)
          return std::make_pair(&G, B);
  return std::nullopt;
}

/// The candidate group whose template T (canonical) is declared in.
const CandidateGroup *Collector::groupOf(const ClassTemplateDecl *T) {
  auto [It, New] = TemplateGroups.try_emplace(T, nullptr);
  if (New)
    if (auto At = branchAt(T->getLocation()))
      It->second = At->first;
  return It->second;
}

/// The group of the candidate template whose instantiation T is (through
/// references, pointers and qualifiers), if any.
const CandidateGroup *Collector::wrapperGroup(QualType T) {
  if (T.isNull())
    return nullptr;
  T = T.getNonReferenceType().getCanonicalType();
  while (T->isPointerType())
    T = T->getPointeeType().getCanonicalType();
  auto *S = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      T->getAsCXXRecordDecl());
  if (!S)
    return nullptr;
  return groupOf(S->getSpecializedTemplate()->getCanonicalDecl());
}

/// In a pattern: T names the class template Tmpl (an instantiation of
/// it, or the class itself), through references and qualifiers.
bool Collector::namesTemplate(QualType T, const ClassTemplateDecl *Tmpl) {
  T = T.getNonReferenceType();
  if (T->getAs<InjectedClassNameType>())
    return true;
  if (const auto *TST = T->getAs<TemplateSpecializationType>())
    if (const TemplateDecl *D = TST->getTemplateName().getAsTemplateDecl())
      return D->getCanonicalDecl() == Tmpl->getCanonicalDecl();
  return false;
}

bool Collector::isMemberOfCandidate(const FunctionDecl *F) {
  const auto *M = dyn_cast_or_null<CXXMethodDecl>(F);
  return M && wrapperGroup(Ctx.getRecordType(M->getParent()));
}

void Collector::refuse(const CandidateGroup *G, SourceLocation L,
                       std::string Why) {
  Out.Refused[G->Key].push_back({placeOf(L), std::move(Why)});
}

std::string Collector::calleeKey(const FunctionDecl *F) {
  if (const FunctionDecl *P = F->getTemplateInstantiationPattern())
    F = P;
  return keyOf(F->getFirstDecl()->getLocation()) + " " +
         F->getQualifiedNameAsString();
}

/// A call or construction with arguments Args: a wrapper passed to
/// something else than the wrapper's own members is recorded (the
/// pointer's configuration must call the same), refused where the
/// callee is instantiated for it or takes it through `...`.
void Collector::visitCall(SourceLocation L, const FunctionDecl *Callee,
                          llvm::ArrayRef<const Expr *> Args) {
  std::string Key = keyOf(L);
  for (size_t I = 0; I < Args.size(); ++I) {
    QualType T = Args[I]->getType();
    if (const CandidateGroup *G = wrapperGroup(T)) {
      if (isMemberOfCandidate(Callee))
        continue;
      if (!Callee) {
        refuse(G, L, "called through a pointer or dependent name");
        continue;
      }
      if (Callee->isVariadic() && I >= Callee->getNumParams()) {
        refuse(G, L, "passed to '...'");
        continue;
      }
      if (const TemplateArgumentList *TA =
              Callee->getTemplateSpecializationArgs())
        for (const TemplateArgument &A : TA->asArray())
          if (A.getKind() == TemplateArgument::Type &&
              wrapperGroup(A.getAsType()))
            refuse(G, L,
                   "'" + Callee->getQualifiedNameAsString() +
                       "' is instantiated for its type");
      Out.WrapperCalls[Key].insert(calleeKey(Callee));
      Out.CallPlaces.emplace(Key, placeOf(L));
    } else if (Callee && T->isPointerType()) {
      PointerUses.push_back(
          {Key, calleeKey(Callee), T.getCanonicalType().getAsString(Policy)});
    }
  }
}

bool Collector::VisitCallExpr(CallExpr *E) {
  const FunctionDecl *Callee = E->getDirectCallee();
  llvm::SmallVector<const Expr *, 4> Args(E->arguments());
  visitCall(E->getExprLoc(), Callee, Args);
  return true;
}

bool Collector::VisitCXXConstructExpr(CXXConstructExpr *E) {
  llvm::SmallVector<const Expr *, 4> Args(E->arguments());
  visitCall(E->getLocation(), E->getConstructor(), Args);
  return true;
}

/// A built-in operator on a pointer, for the comparison with the
/// wrapper's configuration (a free operator there is another callee).
void Collector::builtin(SourceLocation L, const Expr *Operand) {
  QualType T = Operand->getType();
  if (T->isPointerType())
    PointerUses.push_back(
        {keyOf(L), "built-in", T.getCanonicalType().getAsString(Policy)});
}

bool Collector::VisitBinaryOperator(BinaryOperator *E) {
  builtin(E->getOperatorLoc(), E->getLHS()->IgnoreImpCasts());
  builtin(E->getOperatorLoc(), E->getRHS()->IgnoreImpCasts());
  return true;
}

bool Collector::VisitUnaryOperator(UnaryOperator *E) {
  builtin(E->getOperatorLoc(), E->getSubExpr()->IgnoreImpCasts());
  return true;
}

bool Collector::VisitUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr *E) {
  if (const CandidateGroup *G = wrapperGroup(E->getTypeOfArgument()))
    refuse(G, E->getBeginLoc(), "its size or alignment is taken");
  return true;
}

bool Collector::VisitCXXTypeidExpr(CXXTypeidExpr *E) {
  QualType T = E->isTypeOperand() ? E->getTypeOperand(Ctx)
                                  : E->getExprOperand()->getType();
  if (const CandidateGroup *G = wrapperGroup(T))
    refuse(G, E->getBeginLoc(), "its type is inspected with typeid");
  return true;
}

/// Another template instantiated for a wrapper type in the project's
/// code (a trait, a container): it may behave otherwise for the pointer.
/// Instantiations in system headers are the probes of overload
/// resolution (`std::is_error_code_enum<It>` while `it != end` looks at
/// `operator!=(const error_code &, ...)`): what resolution chose is
/// compared call by call.
bool Collector::VisitClassTemplateSpecializationDecl(
    ClassTemplateSpecializationDecl *S) {
  if (groupOf(S->getSpecializedTemplate()->getCanonicalDecl()))
    return true;
  SourceLocation POI = SM.getExpansionLoc(S->getPointOfInstantiation());
  if (POI.isInvalid() || !Paths.of(SM, SM.getFileID(POI)))
    return true;
  for (const TemplateArgument &A : S->getTemplateArgs().asArray())
    if (A.getKind() == TemplateArgument::Type)
      if (const CandidateGroup *G = wrapperGroup(A.getAsType()))
        refuse(G, S->getPointOfInstantiation(),
               "'" + S->getQualifiedNameAsString() +
                   "' is instantiated for its type");
  return true;
}

/// Declarations at namespace scope in candidate branches.
bool Collector::VisitDecl(Decl *D) {
  if (D->isImplicit() || !D->getDeclContext() ||
      D->getFriendObjectKind() != Decl::FOK_None ||
      !D->getDeclContext()->getRedeclContext()->isFileContext())
    return true;
  if (auto *S = dyn_cast<ClassTemplateSpecializationDecl>(D))
    if (!isa<ClassTemplatePartialSpecializationDecl>(S) &&
        !S->isExplicitSpecialization())
      return true; // An instantiation: at its template's place.
  if (auto *R = dyn_cast<CXXRecordDecl>(D); R && R->getDescribedClassTemplate())
    return true; // Seen as its ClassTemplateDecl.
  auto At = branchAt(D->getLocation());
  if (!At)
    return true;
  BranchDecls[{At->first, At->second}].push_back(D);
  return true;
}

} // namespace facts

WrapperFacts collectWrapperFacts(
    const LoweringParse &Parse, const std::vector<std::string> &StripMacros,
    const std::vector<CandidateGroup> &Groups, const ProjectLayout &Project,
    const std::map<std::string, std::string> *Overlay) {
  WrapperFacts Out;
  std::unique_ptr<clang::ASTUnit> AST =
      buildLoweringAST(Parse, StripMacros, Overlay, Out);
  if (!AST)
    return Out;
  facts::Collector C(AST->getASTContext(), Groups, Project, Out);
  C.TraverseDecl(AST->getASTContext().getTranslationUnitDecl());
  C.classifyBranches();
  return Out;
}

} // namespace varsim::rewrite::templates::wrappers
