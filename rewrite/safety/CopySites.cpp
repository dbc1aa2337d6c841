//===- rewrite/safety/CopySites.cpp - Where a class is copied or moved ----===//

#include "rewrite/safety/CopySites.h"

#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseSet.h"

#include <vector>

namespace varsim::rewrite::safety {

using namespace clang;

namespace {

const char *kindOf(const FunctionDecl *FD) {
  if (const auto *C = dyn_cast<CXXConstructorDecl>(FD))
    return C->isCopyConstructor()   ? "copy constructor"
           : C->isMoveConstructor() ? "move constructor"
                                    : "constructor";
  const auto *M = dyn_cast<CXXMethodDecl>(FD);
  return !M                              ? "function"
         : M->isCopyAssignmentOperator() ? "copy assignment"
         : M->isMoveAssignmentOperator() ? "move assignment"
                                         : "assignment operator";
}

/// The first declaration of FD's pattern (FD's own if it is not an
/// instantiation): an instantiated member lies at its definition once that
/// is instantiated, its pattern's first declaration in the class always.
const FunctionDecl *declarationOf(const FunctionDecl *FD) {
  if (const FunctionDecl *P =
          FD->getTemplateInstantiationPattern(/*ForDefinition=*/false))
    FD = P;
  return FD->getFirstDecl();
}

/// One key for a member in every parse: instantiations carry their
/// pattern's location; the kind tells an implicit copy from an implicit
/// move (both at the class).
std::string memberKey(ProjectFiles &Files, const FunctionDecl *FD) {
  return Files.key(Files.place(declarationOf(FD)->getLocation())) + "#" +
         kindOf(FD) + (FD->isImplicit() ? " (implicit)" : "");
}

/// The qualified name of a class, of its template for a specialization:
/// what type traits and guarded moves are matched by.
std::string className(const CXXRecordDecl *RD) {
  if (const auto *S = dyn_cast<ClassTemplateSpecializationDecl>(RD))
    return S->getSpecializedTemplate()
        ->getTemplatedDecl()
        ->getQualifiedNameAsString();
  if (const CXXRecordDecl *P = RD->getTemplateInstantiationPattern())
    return P->getQualifiedNameAsString();
  return RD->getQualifiedNameAsString();
}

class CopySiteVisitor : public RecursiveASTVisitor<CopySiteVisitor> {
public:
  CopySiteVisitor(ASTContext &Ctx, ProjectFiles &Files, SafetyFacts &Out)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Files(Files), Out(Out) {}

  bool shouldVisitTemplateInstantiations() const { return true; }

  bool TraverseDecl(Decl *D) {
    if (!D || isa<TranslationUnitDecl>(D))
      return RecursiveASTVisitor::TraverseDecl(D);
    if (!Files.place(D->getLocation()).File)
      return true; // Outside the project.
    const auto *FD = dyn_cast<FunctionDecl>(D);
    if (FD)
      Functions.push_back(FD);
    bool Result = RecursiveASTVisitor::TraverseDecl(D);
    if (FD)
      Functions.pop_back();
    return Result;
  }

  // Operands that are not evaluated: a variant may select an unusable
  // member there and still build (no call is emitted), and what it
  // selects can change a value (noexcept).
  bool TraverseUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr *E) {
    Unevaluated++;
    bool R = RecursiveASTVisitor::TraverseUnaryExprOrTypeTraitExpr(E);
    Unevaluated--;
    return R;
  }
  bool TraverseCXXNoexceptExpr(CXXNoexceptExpr *E) {
    Unevaluated++;
    bool R = RecursiveASTVisitor::TraverseCXXNoexceptExpr(E);
    Unevaluated--;
    return R;
  }
  bool TraverseCXXTypeidExpr(CXXTypeidExpr *E) {
    Unevaluated++;
    bool R = RecursiveASTVisitor::TraverseCXXTypeidExpr(E);
    Unevaluated--;
    return R;
  }
  bool TraverseRequiresExpr(RequiresExpr *E) {
    Unevaluated++;
    bool R = RecursiveASTVisitor::TraverseRequiresExpr(E);
    Unevaluated--;
    return R;
  }
  bool TraverseDecltypeTypeLoc(DecltypeTypeLoc TL) {
    Unevaluated++;
    bool R = RecursiveASTVisitor::TraverseDecltypeTypeLoc(TL);
    Unevaluated--;
    return R;
  }

  // `return b;` of a named return value: the copy or move is elided, so a
  // variant may select an undefined member there and still link.
  bool VisitReturnStmt(ReturnStmt *RS) {
    const VarDecl *V = RS->getNRVOCandidate();
    if (!V || !V->isNRVOVariable() || !RS->getRetValue())
      return true;
    if (const auto *CE =
            dyn_cast<CXXConstructExpr>(RS->getRetValue()->IgnoreImplicit()))
      ElidedReturns.insert(CE);
    return true;
  }

  bool VisitCXXConstructExpr(CXXConstructExpr *E) {
    const CXXConstructorDecl *C = E->getConstructor();
    if (!C || E->getNumArgs() == 0)
      return true;
    bool FromValue =
        fromClass(E->getArg(0)->getType(), C->getParent()) &&
        (E->getNumArgs() == 1 || isa<CXXDefaultArgExpr>(E->getArg(1)));
    if (!FromValue && !C->isCopyOrMoveConstructor())
      return true;
    site(E->getLocation(), C, E->isElidable() || ElidedReturns.count(E) != 0);
    return true;
  }

  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *E) {
    if (E->getOperator() != OO_Equal || E->getNumArgs() != 2)
      return true;
    if (const auto *M = dyn_cast_or_null<CXXMethodDecl>(E->getDirectCallee()))
      assignment(E->getOperatorLoc(), M, E->getArg(1));
    return true;
  }
  // `ValueType::operator=(std::forward<ValueType>(rhs))`.
  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *E) {
    const CXXMethodDecl *M = E->getMethodDecl();
    if (M && M->getOverloadedOperator() == OO_Equal && E->getNumArgs() == 1)
      assignment(E->getExprLoc(), M, E->getArg(0));
    return true;
  }

  // `__is_constructible(C, C&&)` written in project code.
  bool VisitTypeTraitExpr(TypeTraitExpr *E) {
    for (const TypeSourceInfo *T : E->getArgs())
      trait(T->getType(), "a type trait");
    return true;
  }

  /// Standard type traits about construction, assignment and swapping
  /// instantiated for a project class (in any namespace inside std).
  void standardTraits(const DeclContext *DC) {
    for (const Decl *D : DC->decls()) {
      if (const auto *NS = dyn_cast<NamespaceDecl>(D)) {
        standardTraits(NS);
        continue;
      }
      const auto *CTD = dyn_cast<ClassTemplateDecl>(D);
      if (!CTD || !movesTrait(CTD->getName()))
        continue;
      for (const ClassTemplateSpecializationDecl *S : CTD->specializations()) {
        std::string Text = "std::" + CTD->getNameAsString() + "<" +
                           printArgs(S->getTemplateArgs().asArray()) + ">";
        for (const TemplateArgument &A : S->getTemplateArgs().asArray())
          if (A.getKind() == TemplateArgument::Type)
            trait(A.getAsType(), Text);
          else if (A.getKind() == TemplateArgument::Pack)
            for (const TemplateArgument &P : A.pack_elements())
              if (P.getKind() == TemplateArgument::Type)
                trait(P.getAsType(), Text);
      }
    }
  }

private:
  static bool movesTrait(llvm::StringRef Name) {
    if (!Name.starts_with("is_") && !Name.starts_with("__is_"))
      return false;
    for (llvm::StringRef W : {"construct", "assign", "swap", "convertible",
                              "move", "copy", "relocat"})
      if (Name.contains(W))
        return true;
    return false;
  }

  std::string printArgs(llvm::ArrayRef<TemplateArgument> Args) {
    std::string S;
    llvm::raw_string_ostream OS(S);
    bool First = true;
    for (const TemplateArgument &A : Args) {
      OS << (First ? "" : ", ");
      A.print(Ctx.getPrintingPolicy(), OS, /*IncludeType=*/false);
      First = false;
    }
    return S;
  }

  /// Records that Text asks about T's class and what it holds by value or
  /// derives from (their move members decide its answer too).
  void trait(QualType T, const std::string &Text) {
    std::vector<const CXXRecordDecl *> Work;
    llvm::DenseSet<const CXXRecordDecl *> Seen;
    if (const CXXRecordDecl *RD = T.getNonReferenceType()->getAsCXXRecordDecl())
      Work.push_back(RD);
    while (!Work.empty()) {
      const CXXRecordDecl *RD = Work.back();
      Work.pop_back();
      if (!Seen.insert(RD).second || !RD->hasDefinition())
        continue;
      RD = RD->getDefinition();
      // The standard's own name rather than a helper's (`__is_..._impl`).
      if (Files.place(RD->getLocation()).File) {
        auto [It, New] = Out.TraitQueries.try_emplace(className(RD), Text);
        if (!New && llvm::StringRef(It->second).starts_with("std::__"))
          It->second = Text;
      }
      for (const CXXBaseSpecifier &B : RD->bases())
        if (const CXXRecordDecl *BD = B.getType()->getAsCXXRecordDecl())
          Work.push_back(BD);
      for (const FieldDecl *F : RD->fields())
        if (const CXXRecordDecl *FD =
                Ctx.getBaseElementType(F->getType())->getAsCXXRecordDecl())
          Work.push_back(FD);
    }
  }

  /// True if a value of type T is of class RD or of a class derived from
  /// it (a copy or move of that part).
  static bool fromClass(QualType T, const CXXRecordDecl *RD) {
    const CXXRecordDecl *A = T.getNonReferenceType()->getAsCXXRecordDecl();
    if (!A || !RD || RD->isDependentContext())
      return false;
    if (A->getCanonicalDecl() == RD->getCanonicalDecl())
      return true;
    return A->hasDefinition() && A->getDefinition()->isDerivedFrom(RD);
  }

  void assignment(SourceLocation Loc, const CXXMethodDecl *M, const Expr *Arg) {
    if (fromClass(Arg->getType(), M->getParent()) ||
        M->isCopyAssignmentOperator() || M->isMoveAssignmentOperator())
      site(Loc, M, /*Elided=*/false);
  }

  void site(SourceLocation Loc, const CXXMethodDecl *Selected, bool Elided) {
    const CXXRecordDecl *RD = Selected->getParent();
    if (RD->isDependentContext() || !Files.place(RD->getLocation()).File)
      return;
    ProjectFiles::Place P = Files.place(Loc);
    if (!P.File)
      return;
    std::string Class = Ctx.getRecordType(RD).getCanonicalType().getAsString(
        Ctx.getPrintingPolicy());
    std::string Key = *P.File + ":" + std::to_string(P.Offset);
    if (Loc.isMacroID()) {
      SourceLocation S = SM.getSpellingLoc(Loc);
      Key += ":" + SM.getFilename(S).str() + ":" +
             std::to_string(SM.getFileOffset(S));
    }
    Key += "|" + Class;
    // One location selects per instance of its function (`T(std::move(x))`
    // in f<A&> and f<A>).
    if (!Functions.empty())
      Key += "|" + Functions.back()->getQualifiedNameAsString() + " " +
             Functions.back()->getType().getCanonicalType().getAsString();
    std::string Member = memberKey(Files, Selected);
    CopySite &S = Out.CopySites[Key];
    S.File = *P.File;
    S.Offset = P.Offset;
    S.Class = Class;
    S.Selected.insert(Member);
    S.Unevaluated |= Unevaluated > 0;
    S.Elided |= Elided;
    S.Assignment = !isa<CXXConstructorDecl>(Selected);
    describe(Member, Selected);
  }

  void describe(const std::string &Key, const CXXMethodDecl *M) {
    auto [It, New] = Out.Members.try_emplace(Key);
    if (!New)
      return;
    SelectedMember &S = It->second;
    std::string Params;
    for (const ParmVarDecl *P : M->parameters())
      Params += (Params.empty() ? "" : ", ") +
                P->getType().getAsString(Ctx.getPrintingPolicy());
    ProjectFiles::Place At = Files.place(declarationOf(M)->getLocation());
    std::string Where =
        M->isImplicit() ? "implicit"
        : At.File       ? Files.project().relativeToRoot(*At.File) + ":" +
                        std::to_string(SM.getLineNumber(At.FID, At.Offset))
                  : "outside the project";
    S.Shown = std::string("the ") + kindOf(M) + " '" +
              M->getQualifiedNameAsString() + "(" + Params + ")' (" + Where +
              ")";
    S.Move = isa<CXXConstructorDecl>(M)
                 ? cast<CXXConstructorDecl>(M)->isMoveConstructor()
                 : M->isMoveAssignmentOperator();
    S.Deleted = M->isDeleted();
    S.Private = M->getAccess() == AS_private;
    const FunctionDecl *Pattern =
        M->getTemplateInstantiationPattern(/*ForDefinition=*/false);
    S.Defined = M->isImplicit() || M->isDefaulted() || M->isDefined() ||
                (Pattern && Pattern->isDefined());
  }

  ASTContext &Ctx;
  SourceManager &SM;
  ProjectFiles &Files;
  SafetyFacts &Out;
  std::vector<const FunctionDecl *> Functions;
  unsigned Unevaluated = 0;
  llvm::DenseSet<const CXXConstructExpr *> ElidedReturns;
};

} // namespace

bool recordGuardedMove(const CXXMethodDecl *M, const ProjectFiles::Place &At,
                       const std::string &Condition, const std::string &Refusal,
                       ProjectFiles &Files, SafetyFacts &Out) {
  const auto *C = dyn_cast<CXXConstructorDecl>(M);
  const CXXRecordDecl *RD = M->getParent();
  bool Guarded =
      C ? C->isMoveConstructor() && RD->hasUserDeclaredCopyConstructor()
        : M->isMoveAssignmentOperator() && RD->hasUserDeclaredCopyAssignment();
  if (!Guarded || !At.File)
    return false;
  Out.GuardedMoves[memberKey(Files, M)] = {Files.point(At), Condition, Refusal,
                                           className(RD)};
  return true;
}

void collectCopySites(ASTContext &Ctx, ProjectFiles &Files, SafetyFacts &Out) {
  CopySiteVisitor V(Ctx, Files, Out);
  V.TraverseDecl(Ctx.getTranslationUnitDecl());
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (const auto *NS = dyn_cast<NamespaceDecl>(D);
        NS && NS->getName() == "std")
      V.standardTraits(NS);
}

} // namespace varsim::rewrite::safety
