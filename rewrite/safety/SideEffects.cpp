//===- rewrite/safety/SideEffects.cpp - Does creating an object run code? -===//

#include "rewrite/safety/SideEffects.h"

#include "clang/AST/Decl.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"

namespace varsim::rewrite::safety {

using namespace clang;

namespace {

bool inStd(const Decl *D) {
  for (const DeclContext *DC = D->getDeclContext(); DC; DC = DC->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC))
      if (NS->getName() == "std" &&
          NS->getParent()->getRedeclContext()->isTranslationUnit())
        return true;
  return false;
}

std::string quoted(const NamedDecl *D) {
  return "'" + D->getQualifiedNameAsString() + "'";
}

} // namespace

bool SideEffects::trusted(const Decl *D) const {
  if (!D)
    return false;
  if (inStd(D))
    return true;
  const SourceManager &SM = Ctx.getSourceManager();
  return SM.isInSystemHeader(SM.getFileLoc(D->getLocation()));
}

std::string SideEffects::construction(QualType T) {
  T = Ctx.getBaseElementType(T);
  const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
  if (!RD || !RD->hasDefinition() || T->isDependentType())
    return "";
  RD = RD->getDefinition();
  if (RD->isUnion() || RD->hasTrivialDefaultConstructor())
    return "";
  if (auto It = ConstructMemo.find(RD); It != ConstructMemo.end())
    return It->second;
  ConstructMemo[RD] = ""; // Optimistic while in progress.
  std::string Why;
  const CXXConstructorDecl *Default = nullptr;
  for (const CXXConstructorDecl *C : RD->ctors())
    if (C->isDefaultConstructor())
      Default = C;
  if (Default && Default->isUserProvided() && !trusted(RD))
    Why = constructorEffect(Default);
  else
    Why = recordParts(RD, /*Destroy=*/false);
  ConstructMemo[RD] = Why;
  return Why;
}

std::string SideEffects::destruction(QualType T) {
  T = Ctx.getBaseElementType(T);
  const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
  if (!RD || !RD->hasDefinition() || T->isDependentType())
    return "";
  RD = RD->getDefinition();
  if (RD->isUnion() || RD->hasTrivialDestructor())
    return "";
  if (auto It = DestroyMemo.find(RD); It != DestroyMemo.end())
    return It->second;
  DestroyMemo[RD] = "";
  std::string Why;
  const CXXDestructorDecl *D = RD->getDestructor();
  if (D && D->isUserProvided() && !trusted(RD)) {
    std::string Body = bodyEffect(D);
    if (!Body.empty())
      Why = "the destructor " + quoted(D) + " " + Body;
  }
  if (Why.empty())
    Why = recordParts(RD, /*Destroy=*/true);
  DestroyMemo[RD] = Why;
  return Why;
}

std::string SideEffects::initializer(const Expr *Init) {
  return Init ? exprEffect(Init) : "";
}

std::string SideEffects::constructorEffect(const CXXConstructorDecl *C) {
  if (!C || C->isTrivial())
    return "";
  const CXXRecordDecl *RD = C->getParent();
  if (trusted(RD) || !C->isUserProvided())
    // The standard library's (or an implicit) constructor: what it runs
    // is the construction of the parts; for copies and conversions the
    // arguments are checked where they are written.
    return C->isDefaultConstructor() ? recordParts(RD, false) : "";
  std::string Body = bodyEffect(C);
  return Body.empty() ? "" : "the constructor " + quoted(C) + " " + Body;
}

std::string SideEffects::recordParts(const CXXRecordDecl *RD, bool Destroy) {
  if (!RD || !RD->hasDefinition() || RD->isUnion())
    return "";
  RD = RD->getDefinition();
  for (const CXXBaseSpecifier &B : RD->bases()) {
    std::string Why =
        Destroy ? destruction(B.getType()) : construction(B.getType());
    if (!Why.empty())
      return Why;
  }
  for (const CXXBaseSpecifier &B : RD->vbases()) {
    std::string Why =
        Destroy ? destruction(B.getType()) : construction(B.getType());
    if (!Why.empty())
      return Why;
  }
  for (const FieldDecl *F : RD->fields()) {
    if (F->getType()->isReferenceType())
      continue;
    std::string Why;
    if (!Destroy && F->hasInClassInitializer())
      Why = initializer(F->getInClassInitializer());
    else
      Why = Destroy ? destruction(F->getType()) : construction(F->getType());
    if (!Why.empty())
      return Why;
  }
  return "";
}

std::string SideEffects::bodyEffect(const FunctionDecl *FD) {
  if (auto It = BodyMemo.find(FD); It != BodyMemo.end())
    return It->second;
  BodyMemo[FD] = "";
  std::string Why;
  const FunctionDecl *Def = nullptr;
  if (!FD->hasBody(Def) || !Def->getBody()) {
    Why = "is defined in another file (assumed to have effects)";
  } else {
    if (const auto *C = dyn_cast<CXXConstructorDecl>(Def))
      for (const CXXCtorInitializer *I : C->inits())
        if (Why.empty() && I->getInit())
          Why = exprEffect(I->getInit());
    if (Why.empty())
      Why = exprEffect(Def->getBody());
    if (Why.empty())
      if (const auto *D = dyn_cast<CXXDestructorDecl>(Def))
        Why = recordParts(D->getParent(), /*Destroy=*/true);
  }
  BodyMemo[FD] = Why;
  return Why;
}

std::string SideEffects::exprEffect(const Stmt *S) {
  if (!S)
    return "";
  if (isa<UnaryExprOrTypeTraitExpr>(S) || isa<CXXTypeidExpr>(S))
    return ""; // Unevaluated (in the cases that matter here).
  if (isa<AsmStmt>(S))
    return "runs inline assembly";
  if (isa<CXXThrowExpr>(S))
    return "throws";
  if (const auto *L = dyn_cast<LambdaExpr>(S)) {
    // Creating a closure runs its captures' initializers, not its body.
    for (const Expr *Init : L->capture_inits())
      if (std::string Why = exprEffect(Init); !Why.empty())
        return Why;
    return "";
  }
  if (const auto *D = dyn_cast<CXXDefaultInitExpr>(S))
    return exprEffect(D->getExpr());
  if (const auto *D = dyn_cast<CXXDefaultArgExpr>(S))
    return exprEffect(D->getExpr());
  if (const auto *C = dyn_cast<CallExpr>(S)) {
    const FunctionDecl *FD = C->getDirectCallee();
    if (!FD)
      return "calls through a function pointer";
    if (!inStd(FD)) {
      if (trusted(FD) || !FD->isDefined())
        return "calls " + quoted(FD);
      if (!bodyEffect(FD).empty())
        return "calls " + quoted(FD);
    }
  }
  if (const auto *C = dyn_cast<CXXConstructExpr>(S))
    if (std::string Why = constructorEffect(C->getConstructor()); !Why.empty())
      return Why;
  if (const auto *B = dyn_cast<CXXBindTemporaryExpr>(S))
    if (std::string Why = destruction(B->getType()); !Why.empty())
      return Why;
  if (const auto *D = dyn_cast<CXXDeleteExpr>(S))
    if (std::string Why = destruction(D->getDestroyedType()); !Why.empty())
      return Why;
  if (const auto *DS = dyn_cast<DeclStmt>(S))
    for (const Decl *Dcl : DS->decls())
      if (const auto *VD = dyn_cast<VarDecl>(Dcl); VD && !VD->isStaticLocal())
        if (std::string Why = destruction(VD->getType()); !Why.empty())
          return Why;
  if (const auto *R = dyn_cast<DeclRefExpr>(S))
    if (const auto *VD = dyn_cast<VarDecl>(R->getDecl()))
      if (VD->hasGlobalStorage() && !VD->getType().isConstQualified() &&
          !trusted(VD))
        return "uses the global " + quoted(VD);
  for (const Stmt *Child : S->children())
    if (std::string Why = exprEffect(Child); !Why.empty())
      return Why;
  return "";
}

} // namespace varsim::rewrite::safety
