//===- rewrite/ParseFactsStartup.cpp - Startup code of a facts parse ------===//
//
// The part of DefinitionCollector (ParseFactsCollector.h) that records code
// run before main or at exit (constructor/destructor attributes, static
// objects whose initialization or destruction runs code) and the
// constructors' initializer lists, which the rewriter guards per feature
// (rewrite/safety/StartupLowering.h).
//
//===----------------------------------------------------------------------===//

#include "rewrite/FeatureGroups.h"
#include "rewrite/ParseFactsCollector.h"
#include "rewrite/ProjectPaths.h"
#include "rewrite/SyntaxOnlyParse.h"
#include "rewrite/safety/StartupLowering.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/QualTypeNames.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroArgs.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/Path.h"

namespace varsim::rewrite::facts {

std::optional<std::pair<const std::string *, std::pair<unsigned, unsigned>>>
DefinitionCollector::startupPlace(const Decl *D) {
  SourceLocation B = R.SM.getExpansionRange(D->getBeginLoc()).getBegin();
  if (B.isInvalid())
    return std::nullopt;
  FileID FID = R.SM.getFileID(B);
  const std::string *Path = State.projectPath(FID);
  if (!Path)
    return std::nullopt;
  auto Range = R.of(D->getSourceRange(), FID);
  if (!Range)
    return std::nullopt;
  return std::make_pair(Path, *Range);
}

void DefinitionCollector::recordStartupFunction(FunctionDecl *FD) {
  if (!FD->doesThisDeclarationHaveABody())
    return;
  auto *Body = dyn_cast_or_null<CompoundStmt>(FD->getBody());
  if (!Body)
    return;
  StartupFact F;
  if (auto *D = dyn_cast<CXXDestructorDecl>(FD)) {
    if (!D->isUserProvided() || !safety::destructorRefusal(D).empty())
      return;
    F.Destructor = true;
    F.ClassBegin = R.offset(D->getParent()->getBeginLoc());
  } else if (FD->hasAttr<ConstructorAttr>() || FD->hasAttr<DestructorAttr>()) {
    if (!safety::startupFunctionRefusal(FD).empty())
      return;
    if (safety::startupBodyInMacro(FD)) {
      F.K = StartupFact::CallAfter;
      bool Ctor = FD->hasAttr<ConstructorAttr>();
      F.Attribute = Ctor ? "constructor" : "destructor";
      int P = Ctor ? FD->getAttr<ConstructorAttr>()->getPriority()
                   : FD->getAttr<DestructorAttr>()->getPriority();
      F.Priority = P == ConstructorAttr::DefaultPriority ? -1 : P;
    }
  } else {
    return;
  }
  auto Place = startupPlace(FD);
  if (!Place)
    return;
  if (F.K == StartupFact::GuardBody) {
    SourceLocation L = Body->getLBracLoc();
    if (L.isMacroID() ||
        R.SM.getFileID(L) !=
            R.SM.getFileID(R.SM.getExpansionLoc(FD->getBeginLoc())))
      return;
    F.BodyBegin = R.SM.getFileOffset(L);
  }
  F.Name = FD->getNameAsString();
  F.Begin = Place->second.first;
  F.End = Place->second.second;
  State.Result.Files[*Place->first].Startup.push_back(std::move(F));
}

void DefinitionCollector::recordStartupObject(VarDecl *VD) {
  if (!Ctx.getLangOpts().CPlusPlus || isa<ParmVarDecl>(VD) ||
      !VD->isFileVarDecl() ||
      VD->isThisDeclarationADefinition() != VarDecl::Definition ||
      VD->getType()->isDependentType() ||
      !safety::startupObjectRefusal(VD).empty())
    return;
  if (VD->hasConstantInitialization() && !VD->needsDestruction(Ctx))
    return;
  auto Place = startupPlace(VD);
  if (!Place)
    return;
  StartupFact F;
  F.K = StartupFact::WrapObject;
  F.Name = VD->getNameAsString();
  F.Begin = Place->second.first;
  F.End = Place->second.second;
  State.Result.Files[*Place->first].Startup.push_back(std::move(F));
}

void DefinitionCollector::addInitializers(CXXConstructorDecl *CD, FileID FID,
                                          const std::string &Path) {
  for (const CXXCtorInitializer *I : CD->inits()) {
    if (!I->isWritten())
      continue;
    auto Range = R.of(I->getSourceRange(), FID);
    if (!Range)
      continue;
    InitializerFact F;
    F.Begin = Range->first;
    F.End = Range->second;
    F.Constructor = CD->getQualifiedNameAsString();
    if (const FieldDecl *M = I->getMember()) {
      F.Member = M->getNameAsString();
      SourceLocation L = R.SM.getExpansionLoc(M->getLocation());
      if (const std::string *MP = State.projectPath(R.SM.getFileID(L))) {
        F.MemberFile = *MP;
        F.MemberOffset = R.SM.getFileOffset(L);
      }
    }
    const Expr *Init = I->getInit();
    F.SideEffects = !Init || Init->HasSideEffects(Ctx);
    State.Result.Files[Path].Initializers.push_back(std::move(F));
  }
}

} // namespace varsim::rewrite::facts
