//===- rewrite/templates/FeatureSpecializationFacts.cpp - Per-feature specs
//-===//
//
// See FeatureSpecializationFacts.h. One syntax-only parse; the explicit
// specializations are declarations of their own, so the walk needs no
// template instantiations.
//
//===----------------------------------------------------------------------===//

#include "rewrite/templates/FeatureSpecializationFacts.h"
#include "rewrite/ProjectPaths.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/TemplateBase.h"
#include "clang/Frontend/ASTUnit.h"

namespace varsim::rewrite::templates::specs {
namespace {

using namespace clang;

class Collector : public RecursiveASTVisitor<Collector> {
public:
  Collector(ASTContext &Ctx, const BranchRanges &Branches,
            const ProjectLayout &Project, SpecializationFacts &Out)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Branches(Branches),
        Paths(Project), Out(Out), Policy(Ctx.getPrintingPolicy()) {
    Policy.SuppressTagKeyword = true;
    Policy.FullyQualifiedName = true;
    Policy.SuppressUnwrittenScope = true;
    Policy.PrintCanonicalTypes = true;
  }

  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (!FD->doesThisDeclarationHaveABody() ||
        FD->getTemplateSpecializationKind() != TSK_ExplicitSpecialization)
      return true;
    SourceLocation Begin = FD->getOuterLocStart();
    SourceLocation At = SM.getExpansionLoc(FD->getLocation());
    const std::string *File = Paths.of(SM, SM.getFileID(At));
    if (!File || !inBranch(*File, SM.getFileOffset(At)))
      return true;
    SpecializationFact S;
    S.File = *File;
    PresumedLoc PL = SM.getPresumedLoc(At);
    S.Line = PL.isValid() ? PL.getLine() : SM.getSpellingLineNumber(At);
    S.Column = SM.getSpellingColumnNumber(At);
    S.Name = FD->getDeclName().isIdentifier() ? FD->getName().str() : "";
    S.Shown = FD->getQualifiedNameAsString();
    const FunctionDecl *Pattern = nullptr;
    if (const FunctionTemplateDecl *PT = FD->getPrimaryTemplate()) {
      while (const FunctionTemplateDecl *From =
                 PT->getInstantiatedFromMemberTemplate())
        PT = From;
      Pattern = PT->getTemplatedDecl();
      if (const TemplateArgumentList *Args =
              FD->getTemplateSpecializationArgs()) {
        llvm::raw_string_ostream OS(S.Arguments);
        printTemplateArgumentList(OS, Args->asArray(), Policy);
      }
      S.Shown += S.Arguments;
    } else if (const MemberSpecializationInfo *MSI =
                   FD->getMemberSpecializationInfo()) {
      Pattern = dyn_cast<FunctionDecl>(MSI->getInstantiatedFrom());
      while (Pattern && Pattern->getInstantiatedFromMemberFunction())
        Pattern = Pattern->getInstantiatedFromMemberFunction();
    }
    S.Signature = S.Shown + "(";
    for (const ParmVarDecl *P : FD->parameters()) {
      S.Signature += P->getType().getCanonicalType().getAsString(Policy) + ",";
      std::string N = P->getName().str();
      if (N.empty())
        S.Why = "a parameter has no name";
      S.Forwarded.push_back(P->getType()->isLValueReferenceType()
                                ? N
                                : "static_cast<decltype(" + N + ") &&>(" + N +
                                      ")");
    }
    S.Signature += ")";
    S.Shown = "'" + S.Shown + "'";
    if (S.Name.empty())
      S.Why = "it is not a function with a name (an operator or a conversion)";
    if (Begin.isMacroID() || FD->getLocation().isMacroID() ||
        FD->getBody()->getBeginLoc().isMacroID())
      S.Why = "it is written in a macro";
    else {
      S.Begin = SM.getFileOffset(Begin);
      S.BodyBegin = SM.getFileOffset(FD->getBody()->getBeginLoc());
      if (SM.getFileID(Begin) != SM.getFileID(At))
        S.Why = "it is written across files";
    }
    if (S.Arguments.find("(anonymous") != std::string::npos ||
        S.Arguments.find("(lambda") != std::string::npos)
      S.Why = "its template arguments have no name to write";
    if (S.Why.empty())
      describePrimary(Pattern, S);
    Out.Specializations.push_back(std::move(S));
    return true;
  }

private:
  bool inBranch(const std::string &File, unsigned Offset) const {
    auto It = Branches.find(File);
    if (It == Branches.end())
      return false;
    for (const auto &[B, E] : It->second)
      if (B <= Offset && Offset < E)
        return true;
    return false;
  }

  /// The definition the configurations without S call: where its text
  /// lies, or S.Why.
  void describePrimary(const FunctionDecl *Pattern, SpecializationFact &S) {
    const FunctionDecl *Def = nullptr;
    if (Pattern)
      for (const FunctionDecl *R : Pattern->redecls())
        if (R->doesThisDeclarationHaveABody())
          Def = R;
    if (!Def) {
      S.Why = "the template it specializes has no definition in this unit";
      return;
    }
    if (isa<CXXMethodDecl>(Def) && Def->isOutOfLine()) {
      S.Why = "the member it specializes is defined outside its class";
      return;
    }
    SourceRange R = Def->getSourceRange();
    if (const FunctionTemplateDecl *T = Def->getDescribedFunctionTemplate())
      R = T->getSourceRange();
    SourceLocation Name = Def->getLocation();
    if (R.getBegin().isMacroID() || R.getEnd().isMacroID() ||
        Name.isMacroID() || SM.getFileID(R.getBegin()) != SM.getFileID(Name) ||
        SM.getFileID(R.getEnd()) != SM.getFileID(Name)) {
      S.Why = "the template it specializes is written in a macro";
      return;
    }
    const std::string *File = Paths.of(SM, SM.getFileID(Name));
    if (!File) {
      S.Why = "the template it specializes is not in the project";
      return;
    }
    S.Primary.File = *File;
    S.Primary.Begin = SM.getFileOffset(R.getBegin());
    S.Primary.End = SM.getFileOffset(R.getEnd()) + 1;
    S.Primary.NameOffset = SM.getFileOffset(Name);
  }

  ASTContext &Ctx;
  SourceManager &SM;
  const BranchRanges &Branches;
  ProjectPaths Paths;
  SpecializationFacts &Out;
  PrintingPolicy Policy;
};

} // namespace

SpecializationFacts collectSpecializationFacts(
    const LoweringParse &Parse, const std::vector<std::string> &StripMacros,
    const BranchRanges &Branches, const ProjectLayout &Project,
    const std::map<std::string, std::string> *Overlay) {
  SpecializationFacts Out;
  std::unique_ptr<clang::ASTUnit> AST =
      buildLoweringAST(Parse, StripMacros, Overlay, Out);
  if (!AST)
    return Out;
  Collector C(AST->getASTContext(), Branches, Project, Out);
  C.TraverseDecl(AST->getASTContext().getTranslationUnitDecl());
  return Out;
}

} // namespace varsim::rewrite::templates::specs
