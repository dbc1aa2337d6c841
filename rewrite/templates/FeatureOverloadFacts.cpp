//===- rewrite/templates/FeatureOverloadFacts.cpp - Overloads per feature -===//
//
// See FeatureOverloadFacts.h. One syntax-only parse whose walk visits the
// template instantiations too: the calls that matter are dependent ones
// (RapidJSON's `ScanCopyUnescapedString(is, os)` in a member template),
// resolved only in each instantiation.
//
//===----------------------------------------------------------------------===//

#include "rewrite/templates/FeatureOverloadFacts.h"
#include "rewrite/ProjectPaths.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/TemplateBase.h"
#include "clang/Frontend/ASTUnit.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/Path.h"

namespace varsim::rewrite::templates::overloads {
namespace {

using namespace clang;

/// The definition an instantiated member was instantiated from.
const FunctionDecl *patternOf(const FunctionDecl *FD) {
  while (const FunctionDecl *From = FD->getInstantiatedFromMemberFunction())
    FD = From;
  return FD;
}

/// The template a specialization instantiates, as written in the project.
const FunctionTemplateDecl *templateOf(const FunctionDecl *FD) {
  const FunctionTemplateDecl *T = FD->getPrimaryTemplate();
  while (T && T->getInstantiatedFromMemberTemplate())
    T = T->getInstantiatedFromMemberTemplate();
  return T;
}

class Collector : public RecursiveASTVisitor<Collector> {
public:
  Collector(ASTContext &Ctx, const BranchRanges &Branches,
            const std::set<std::string> &Names, const ProjectLayout &Project,
            OverloadFacts &Out)
      : SM(Ctx.getSourceManager()), Branches(Branches), Names(Names),
        Paths(Project), Out(Out), Policy(Ctx.getPrintingPolicy()) {
    Policy.SuppressTagKeyword = true;
    Policy.FullyQualifiedName = true;
    Policy.SuppressUnwrittenScope = true;
    Policy.PrintCanonicalTypes = true;
  }

  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return false; }

  bool TraverseDecl(Decl *D) {
    auto *FD = dyn_cast_or_null<FunctionDecl>(D);
    if (FD)
      Enclosing.push_back(FD);
    bool Result = RecursiveASTVisitor::TraverseDecl(D);
    if (FD)
      Enclosing.pop_back();
    return Result;
  }

  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (!FD->doesThisDeclarationHaveABody() || !named(FD) ||
        FD->getDescribedFunctionTemplate() ||
        FD->getTemplateSpecializationKind() != TSK_Undeclared ||
        FD->getInstantiatedFromMemberFunction() || !inBranch(FD))
      return true;
    OverloadFact O;
    O.At = place(FD->getLocation());
    O.Name = FD->getName().str();
    O.Member = isa<CXXMethodDecl>(FD);
    for (const NamedDecl *D :
         FD->getDeclContext()->getRedeclContext()->lookup(FD->getDeclName())) {
      // Other plain functions do not matter: `Name<>(...)` leaves them out.
      if (const auto *T = dyn_cast<FunctionTemplateDecl>(D))
        O.Templates.push_back(place(T->getTemplatedDecl()->getLocation()));
      else if (!isa<FunctionDecl>(D))
        O.Why = "a using-declaration or another entity has its name in its "
                "scope";
    }
    describe(FD, O);
    Out.Overloads.push_back(std::move(O));
    return true;
  }

  bool VisitCallExpr(CallExpr *CE) {
    const FunctionDecl *FD = CE->getDirectCallee();
    if (!FD || !named(FD) || isa<CXXOperatorCallExpr>(CE))
      return true;
    Callees.insert(CE->getCallee()->IgnoreParenImpCasts());
    CallFact C = site(CE->getExprLoc(), FD);
    C.Arguments = CE->getNumArgs();
    Out.Calls.push_back(std::move(C));
    return true;
  }

  bool VisitDeclRefExpr(DeclRefExpr *E) {
    notACall(E, E->getDecl(), E->getLocation());
    return true;
  }
  bool VisitMemberExpr(MemberExpr *E) {
    notACall(E, E->getMemberDecl(), E->getMemberLoc());
    return true;
  }

private:
  bool named(const FunctionDecl *FD) const {
    return FD->getDeclName().isIdentifier() && Names.count(FD->getName().str());
  }

  Place place(SourceLocation Loc) {
    Place P;
    SourceLocation At = SM.getExpansionLoc(Loc);
    if (const std::string *File = Paths.of(SM, SM.getFileID(At))) {
      P.File = *File;
      P.Offset = SM.getFileOffset(At);
      PresumedLoc PL = SM.getPresumedLoc(At);
      P.Line = PL.isValid() ? PL.getLine() : SM.getSpellingLineNumber(At);
      P.Column = SM.getSpellingColumnNumber(At);
    }
    return P;
  }

  bool inBranch(const Decl *D) {
    Place P = place(D->getLocation());
    auto It = Branches.find(P.File);
    if (P.File.empty() || It == Branches.end())
      return false;
    for (const auto &[B, E] : It->second)
      if (B <= P.Offset && P.Offset < E)
        return true;
    return false;
  }

  std::string type(QualType T) {
    return T.getCanonicalType().getAsString(Policy);
  }

  /// Return and parameter types, qualifiers: what a call binds to.
  std::string signature(const FunctionDecl *FD) {
    std::string S = type(FD->getReturnType()) + " (";
    for (const ParmVarDecl *P : FD->parameters())
      S += type(P->getType()) + ", ";
    S += ")";
    if (const auto *M = dyn_cast<CXXMethodDecl>(FD)) {
      S += M->isStatic() ? " static" : "";
      S += M->isConst() ? " const" : "";
      S += M->isVolatile() ? " volatile" : "";
      S += M->getRefQualifier() == RQ_LValue   ? " &"
           : M->getRefQualifier() == RQ_RValue ? " &&"
                                               : "";
    }
    return S;
  }

  /// "rd::Reader<char>::ParseString<rd::StringStream>(rd::StringStream &)".
  std::string shown(const FunctionDecl *FD) {
    std::string S = FD->getQualifiedNameAsString();
    if (const TemplateArgumentList *Args =
            FD->getTemplateSpecializationArgs()) {
      llvm::raw_string_ostream OS(S);
      printTemplateArgumentList(OS, Args->asArray(), Policy);
    }
    S += "(";
    for (const ParmVarDecl *P : FD->parameters())
      S += (P == FD->parameters().front() ? "" : ", ") + type(P->getType());
    return S + ")";
  }

  void describe(const FunctionDecl *FD, OverloadFact &O) {
    O.Shown = "'" + shown(FD) + "'";
    O.Signature = signature(FD);
    SourceLocation Begin = FD->getOuterLocStart();
    if (Begin.isMacroID() || FD->getLocation().isMacroID() ||
        FD->getBody()->getBeginLoc().isMacroID()) {
      O.Why = "it is written in a macro";
      return;
    }
    if (SM.getFileID(Begin) != SM.getFileID(FD->getLocation())) {
      O.Why = "it is written across files";
      return;
    }
    O.Begin = SM.getFileOffset(Begin);
    O.BodyBegin = SM.getFileOffset(FD->getBody()->getBeginLoc());
    O.BodyEnd = SM.getFileOffset(FD->getBody()->getEndLoc());
    if (FD->getBody()->getEndLoc().isMacroID())
      O.Why = "it is written in a macro";
    if (isa<CXXConstructorDecl, CXXDestructorDecl>(FD))
      O.Why = "it is a constructor";
    else if (const auto *M = dyn_cast<CXXMethodDecl>(FD); M && M->isVirtual())
      O.Why = "it is virtual (its overriders would run in every "
              "configuration)";
    else if (FD->isVariadic())
      O.Why = "it takes a '...' argument";
    else if (O.Templates.size() > 1)
      O.Why = "its scope declares several function templates of its name "
              "(which the forwarding call picks is not checked)";
    for (const ParmVarDecl *P : FD->parameters()) {
      std::string N = P->getName().str();
      QualType T = P->getType();
      if (N.empty())
        O.Why = "a parameter has no name";
      else if (P->hasDefaultArg())
        O.Why = "a parameter has a default argument";
      else if (!T->isReferenceType() &&
               (T->isDependentType() ||
                (T->isRecordType() &&
                 !T.isTriviallyCopyableType(FD->getASTContext()))))
        O.Why = "a parameter of class type is passed by value (the "
                "forwarding call would move it once more)";
      O.Forwarded.push_back(T->isLValueReferenceType()
                                ? N
                                : "static_cast<decltype(" + N + ") &&>(" + N +
                                      ")");
    }
  }

  CallFact site(SourceLocation Loc, const FunctionDecl *Callee) {
    CallFact C;
    C.At = place(Loc);
    SourceLocation Spelled = SM.getSpellingLoc(Loc);
    C.Key = (C.At.File.empty() ? SM.getFilename(SM.getExpansionLoc(Loc)).str()
                               : C.At.File) +
            ":" + std::to_string(SM.getFileOffset(SM.getExpansionLoc(Loc))) +
            ":" + std::to_string(SM.getFileOffset(Spelled)) + " in " +
            (Enclosing.empty() ? std::string("(file scope)")
                               : shown(Enclosing.back()));
    C.Callee = "'" + shown(Callee) + "'";
    C.Qualified = Callee->getQualifiedNameAsString();
    Place Def = place(Callee->getLocation());
    C.Where = Def.File.empty() ? std::string("outside the project")
                               : llvm::sys::path::filename(Def.File).str() +
                                     ":" + std::to_string(Def.Line);
    C.Signature = signature(Callee);
    C.Parameters = Callee->getNumParams();
    if (const FunctionTemplateDecl *T = templateOf(Callee)) {
      C.Template = place(T->getTemplatedDecl()->getLocation());
      C.Specialization = true;
    } else if (Callee->getTemplateSpecializationKind() == TSK_Undeclared ||
               Callee->getTemplateSpecializationKind() ==
                   TSK_ImplicitInstantiation) {
      const FunctionDecl *P = patternOf(Callee);
      C.Overload = place(P->getLocation());
      C.IsOverload = !P->getDescribedFunctionTemplate() && inBranch(P);
    }
    return C;
  }

  void notACall(const Expr *E, const ValueDecl *D, SourceLocation Loc) {
    const auto *FD = dyn_cast_or_null<FunctionDecl>(D);
    if (!FD || !named(FD) || Callees.contains(E))
      return;
    CallFact C = site(Loc, FD);
    C.NotACall = true;
    Out.Calls.push_back(std::move(C));
  }

  SourceManager &SM;
  const BranchRanges &Branches;
  const std::set<std::string> &Names;
  ProjectPaths Paths;
  OverloadFacts &Out;
  PrintingPolicy Policy;
  std::vector<const FunctionDecl *> Enclosing;
  llvm::DenseSet<const Expr *> Callees;
};

} // namespace

OverloadFacts collectOverloadFacts(
    const LoweringParse &Parse, const std::vector<std::string> &StripMacros,
    const BranchRanges &Branches, const std::set<std::string> &Names,
    const ProjectLayout &Project,
    const std::map<std::string, std::string> *Overlay) {
  OverloadFacts Out;
  std::unique_ptr<clang::ASTUnit> AST =
      buildLoweringAST(Parse, StripMacros, Overlay, Out);
  if (!AST)
    return Out;
  Collector C(AST->getASTContext(), Branches, Names, Project, Out);
  C.TraverseDecl(AST->getASTContext().getTranslationUnitDecl());
  // Calls are compared within one unit: another may not see the overload
  // in any configuration.
  for (CallFact &Call : Out.Calls)
    Call.Key = Parse.Entry->File + ": " + Call.Key;
  return Out;
}

} // namespace varsim::rewrite::templates::overloads
