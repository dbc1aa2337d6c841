//===- rewrite/ParseFactsParams.cpp - Parameter lists of a facts parse ----===//
//
// The part of DefinitionCollector (ParseFactsCollector.h) that records a
// function's parameter list when a feature directive lies inside it (some
// parameters exist only under features) and each call that passes them,
// with the placeholder a call uses where its parameter does not exist.
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

const std::string *DefinitionCollector::firstPath(FileID FID) {
  const std::string *Path = State.projectPath(FID);
  if (!Path)
    return nullptr;
  auto First = State.FirstFID.find(*Path);
  if (First == State.FirstFID.end() || First->second != FID)
    return nullptr;
  return Path;
}

std::optional<DefinitionCollector::Parens>
DefinitionCollector::paramParens(const FunctionDecl *FD) {
  FunctionTypeLoc TL = FD->getFunctionTypeLoc();
  if (!TL)
    return std::nullopt;
  SourceLocation L = TL.getLParenLoc(), RP = TL.getRParenLoc();
  if (L.isInvalid() || RP.isInvalid() || !L.isFileID() || !RP.isFileID() ||
      R.SM.getFileID(L) != R.SM.getFileID(RP))
    return std::nullopt;
  Parens P;
  P.FID = R.SM.getFileID(L);
  P.Path = firstPath(P.FID);
  if (!P.Path)
    return std::nullopt;
  P.Begin = R.SM.getFileOffset(L);
  P.End = R.SM.getFileOffset(RP) + 1;
  return P;
}

bool DefinitionCollector::conditionalParams(const FunctionDecl *FD) {
  FD = FD->getCanonicalDecl();
  auto Known = CondParams.find(FD);
  if (Known != CondParams.end())
    return Known->second;
  bool Found = false;
  for (const FunctionDecl *RD : FD->redecls()) {
    std::optional<Parens> P = paramParens(RD);
    if (!P)
      continue;
    auto W = State.Watched.find(*P->Path);
    auto S = State.Structures.find(*P->Path);
    if (W == State.Watched.end() || S == State.Structures.end())
      continue;
    for (unsigned Idx : W->second) {
      unsigned B = S->second.Directives[Idx].Begin;
      if (P->Begin < B && B < P->End)
        Found = true;
    }
  }
  CondParams[FD] = Found;
  return Found;
}

std::string DefinitionCollector::paramKey(const FunctionDecl *FD) {
  std::string Key = FD->getQualifiedNameAsString();
  if (!FD->isExternallyVisible()) {
    const FunctionDecl *C = FD->getCanonicalDecl();
    SourceLocation L = R.SM.getExpansionLoc(C->getLocation());
    const std::string *Path = State.projectPath(R.SM.getFileID(L));
    Key += "|" + (Path ? *Path : std::string("?")) + "@" +
           std::to_string(R.SM.getFileOffset(L));
  }
  return Key;
}

std::string DefinitionCollector::placeholderFor(QualType T, std::string &Why) {
  const PrintingPolicy &PP = Ctx.getPrintingPolicy();
  if (!Ctx.getLangOpts().CPlusPlus) {
    QualType U = T.getUnqualifiedType();
    if (U->isIncompleteType() || U->isArrayType() || U->isFunctionType()) {
      Why = "its type '" + U.getAsString(PP) + "' has no value to pass";
      return "";
    }
    return "(" + U.getAsString(PP) + "){0}";
  }
  if (T->isLValueReferenceType() &&
      !T.getNonReferenceType().isConstQualified()) {
    Why = "it is a non-const reference ('" + T.getAsString(PP) +
          "'), to which no placeholder value binds";
    return "";
  }
  QualType U = T.getNonReferenceType().getUnqualifiedType();
  std::string Name = TypeName::getFullyQualifiedName(U, Ctx, PP);
  if (U->isScalarType())
    return "static_cast<" + Name + ">(0)";
  const CXXRecordDecl *RD = U->getAsCXXRecordDecl();
  bool Simple = llvm::none_of(Name, [](char C) {
    return std::isspace(static_cast<unsigned char>(C)) || C == '(' ||
           C == '*' || C == '&' || C == '[';
  });
  if (RD && RD->hasDefinition() && !RD->isAbstract() &&
      RD->hasDefaultConstructor() && Simple)
    return Name + "{}";
  Why = "its type '" + Name + "' has no default value varsim can spell";
  return "";
}

void DefinitionCollector::recordParamList(FunctionDecl *FD) {
  if (FD->isImplicit() || !conditionalParams(FD))
    return;
  std::optional<Parens> P = paramParens(FD);
  if (!P)
    return;
  ParamListFact F;
  F.Key = paramKey(FD);
  F.Name = FD->getQualifiedNameAsString();
  F.NameOffset = R.offset(FD->getLocation());
  F.ParamsBegin = P->Begin;
  F.ParamsEnd = P->End;
  auto *MD = dyn_cast<CXXMethodDecl>(FD);
  if (FD->isVariadic())
    F.Refusal = "a variadic function";
  else if (FD->isTemplated())
    F.Refusal = "a template (or a member of one)";
  else if (MD && MD->isVirtual())
    F.Refusal = "a virtual member function";
  else if (FD->getOverloadedOperator() != OO_None || isa<CXXConversionDecl>(FD))
    F.Refusal = "an operator";
  else if (FD->getLocation().isMacroID())
    F.Refusal = "a function declared by a macro";
  else if (Ctx.getLangOpts().CPlusPlus)
    for (NamedDecl *ND :
         FD->getDeclContext()->getRedeclContext()->lookup(FD->getDeclName())) {
      const auto *Other = dyn_cast<FunctionDecl>(ND->getUnderlyingDecl());
      if (!Other)
        if (const auto *FT =
                dyn_cast<FunctionTemplateDecl>(ND->getUnderlyingDecl()))
          Other = FT->getTemplatedDecl();
      // Implicit members and copy/move constructors take one argument
      // of the class: no call of FD's picks them instead.
      if (const auto *CD = dyn_cast_or_null<CXXConstructorDecl>(Other);
          Other &&
          (Other->isImplicit() || (CD && CD->isCopyOrMoveConstructor())))
        continue;
      if (Other && Other->getCanonicalDecl() != FD->getCanonicalDecl())
        F.Refusal = "an overloaded function (a call may pick another "
                    "overload per variant)";
    }
  for (const ParmVarDecl *PV : FD->parameters()) {
    ParamFact PF;
    PF.Name = PV->getName().str();
    if (PF.Name.empty() && F.Refusal.empty())
      F.Refusal = "a declaration with an unnamed parameter";
    auto Range = R.of(PV->getSourceRange(), P->FID);
    if (!Range) {
      if (F.Refusal.empty())
        F.Refusal = "a parameter written by a macro";
      continue;
    }
    PF.Begin = Range->first;
    PF.End = Range->second;
    PF.Placeholder = placeholderFor(PV->getType(), PF.NoPlaceholder);
    PF.Type =
        PV->getType().getCanonicalType().getAsString(Ctx.getPrintingPolicy());
    PF.Default = PV->hasDefaultArg() && !PV->hasInheritedDefaultArg();
    if (PF.Default && !PV->hasUnparsedDefaultArg() &&
        !PV->hasUninstantiatedDefaultArg())
      if (const Expr *DA = PV->getDefaultArg())
        PF.DefaultType =
            DA->IgnoreImplicit()->getType().getCanonicalType().getAsString(
                Ctx.getPrintingPolicy());
    F.Params.push_back(std::move(PF));
  }
  State.Result.Files[*P->Path].ParamLists.push_back(std::move(F));
}

void DefinitionCollector::recordCall(const Expr *E, const FunctionDecl *FD,
                                     llvm::ArrayRef<const Expr *> Args,
                                     SourceLocation RParen,
                                     const char *Refusal) {
  SourceLocation B = R.SM.getExpansionLoc(E->getBeginLoc());
  FileID FID = R.SM.getFileID(B);
  const std::string *Path = firstPath(FID);
  if (!Path)
    return;
  CallFact C;
  C.Key = paramKey(FD);
  C.Callee = FD->getQualifiedNameAsString();
  C.Begin = R.SM.getFileOffset(B);
  if (Refusal)
    C.Refusal = Refusal;
  else if (E->getBeginLoc().isMacroID() || E->getEndLoc().isMacroID())
    C.Refusal = "the call is written in a macro expansion";
  if (RParen.isValid() && RParen.isFileID() && R.SM.getFileID(RParen) == FID)
    C.RParen = R.SM.getFileOffset(RParen);
  llvm::StringRef Buffer = R.SM.getBufferData(FID);
  for (const Expr *A : Args) {
    CallFact::Arg CA;
    if (isa<CXXDefaultArgExpr>(A)) {
      CA.Default = true;
      C.Args.push_back(CA);
      continue;
    }
    auto Range = R.of(A->getSourceRange(), FID);
    if (!Range) {
      if (C.Refusal.empty())
        C.Refusal = "an argument is written in a macro expansion";
      C.Args.push_back(CA);
      continue;
    }
    CA.Begin = Range->first;
    CA.End = Range->second;
    CA.Braced = CA.Begin < Buffer.size() && Buffer[CA.Begin] == '{';
    C.Args.push_back(CA);
  }
  for (const ParmVarDecl *PV : FD->parameters())
    C.Params.push_back(PV->getName().str());
  State.Result.Files[*Path].Calls.push_back(std::move(C));
}

} // namespace varsim::rewrite::facts
