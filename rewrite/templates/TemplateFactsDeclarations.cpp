//===- rewrite/templates/TemplateFactsDeclarations.cpp - Sites' decls ----===//
//
// What a declaration the facts walk meets is to the template lowering: a
// candidate site's declaration (a type alias, a class or an integral
// constant at namespace scope in a candidate #if branch; NameDef) or a
// function definition that may become a template over sites
// (FunctionSite, with the reason it cannot, if any).
//
//===----------------------------------------------------------------------===//

#include "rewrite/templates/TemplateFactsImpl.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Lex/Lexer.h"

namespace varsim::rewrite::templates::facts {

bool Collector::qualifierNamesCandidate(const NestedNameSpecifier *N) {
  for (; N; N = N->getPrefix())
    if (const Type *T = N->getAsType()) {
      const NamedDecl *D = nullptr;
      if (auto *TT = T->getAs<TypedefType>())
        D = TT->getDecl();
      else if (auto *RT = T->getAs<RecordType>())
        D = RT->getDecl();
      if (D && candidate(D))
        return true;
    }
  return false;
}

const CandidateBranch *Collector::branchAt(const std::string &File,
                                           unsigned Offset) {
  auto It = S.Candidates.find(File);
  if (It == S.Candidates.end())
    return nullptr;
  for (const CandidateBranch &B : It->second)
    if (B.Begin <= Offset && Offset < B.End)
      return &B;
  return nullptr;
}

/// The NameDef of D if D is declared at namespace scope in a candidate
/// branch (recorded on first sight), else nullptr.
const NameDef *Collector::candidate(const NamedDecl *D) {
  if (!D)
    return nullptr;
  if (auto *RD = dyn_cast<RecordDecl>(D))
    if (const RecordDecl *Def = RD->getDefinition())
      D = Def;
  auto Cached = Seen.find(D);
  if (Cached != Seen.end())
    return Cached->second;
  const NameDef *Result = classify(D);
  Seen[D] = Result;
  return Result;
}

const NameDef *Collector::classify(const NamedDecl *D) {
  if (!D->getDeclName().isIdentifier() || D->isImplicit())
    return nullptr;
  if (!D->getDeclContext()->getRedeclContext()->isFileContext())
    return nullptr;
  SourceLocation L = D->getLocation();
  if (L.isInvalid() || L.isMacroID())
    return nullptr;
  const std::string *File = S.pathOf(SM.getFileID(L));
  if (!File)
    return nullptr;
  unsigned Offset = SM.getFileOffset(L);
  const CandidateBranch *B = branchAt(*File, Offset);
  if (!B)
    return nullptr;

  NameDef Def;
  if (auto *TD = dyn_cast<TypedefNameDecl>(D)) {
    Def.Idiom = "policy";
    if (auto *TA = dyn_cast<TypeAliasDecl>(TD);
        TA && TA->getDescribedAliasTemplate())
      Def.Unsupported = "an alias template";
  } else if (auto *VD = dyn_cast<VarDecl>(D)) {
    if (isa<ParmVarDecl>(VD) || !VD->getType()->isIntegralOrEnumerationType() ||
        !VD->getType().isConstQualified() ||
        !VD->isUsableInConstantExpressions(Ctx))
      return nullptr; // Not a constant: the #if rewriter's business.
    Def.IsType = false;
    Def.Idiom = "feature constant";
    QualType T = VD->getType().getUnqualifiedType();
    PrintingPolicy P = Policy;
    P.FullyQualifiedName = true;
    P.SuppressScope = false;
    Def.ValueType = T.getCanonicalType().getAsString(P);
    if (Def.ValueType.find("(anonymous") != std::string::npos)
      Def.ValueType = T.getAsString(Policy);
    SourceLocation End = SM.getExpansionLoc(VD->getEndLoc());
    if (SM.getFileID(End) == SM.getFileID(L))
      Def.DeclEnd = SM.getFileOffset(
          Lexer::getLocForEndOfToken(End, 0, SM, Ctx.getLangOpts()));
  } else if (auto *RD = dyn_cast<CXXRecordDecl>(D)) {
    if (!RD->isThisDeclarationADefinition() || RD->isLambda())
      return nullptr;
    Def.Idiom = "trait class";
    if (isa<ClassTemplatePartialSpecializationDecl>(RD))
      Def.Unsupported = "a partial specialization";
    else if (isa<ClassTemplateSpecializationDecl>(RD))
      Def.Unsupported = "an explicit specialization";
    else if (RD->getDescribedClassTemplate())
      Def.Unsupported = "a class template";
  } else if (isa<FunctionTemplateDecl>(D) || isa<ClassTemplateDecl>(D) ||
             isa<TypeAliasTemplateDecl>(D)) {
    return nullptr; // Seen through their templated declarations.
  } else {
    return nullptr;
  }
  Def.File = *File;
  Def.Group = B->Group;
  Def.Branch = B->Branch;
  Def.Name = D->getName().str();
  Def.NameOffset = Offset;
  Def.Line = SM.getSpellingLineNumber(L);
  Def.Column = SM.getSpellingColumnNumber(L);
  std::string Scope;
  bool Anonymous = false;
  for (const DeclContext *C = D->getDeclContext(); C; C = C->getParent())
    if (auto *NS = dyn_cast<NamespaceDecl>(C)) {
      if (NS->isAnonymousNamespace())
        Anonymous = true;
      else
        Scope = NS->getName().str() + "::" + Scope;
    }
  Def.Qualifier = Anonymous ? "" : "::" + Scope;
  Def.Key = *File + "|" + std::to_string(B->Group) + "|" + Scope +
            (Anonymous ? "(anonymous)" : "") + Def.Name;
  auto [It, _] = S.Out.Defs.emplace(keyOf(*File, Offset), std::move(Def));
  return &It->second;
}

/// The key a FunctionSite of FD has ("" outside the project).
std::string Collector::functionKey(const FunctionDecl *FD) {
  SourceLocation L = FD->getLocation();
  if (L.isInvalid() || L.isMacroID())
    return "";
  const std::string *File = S.pathOf(SM.getFileID(L));
  return File ? keyOf(*File, SM.getFileOffset(L)) : "";
}

/// The site of a function definition (created on first use); nullptr if
/// its body is not in a project file.
FunctionSite *Collector::site(FunctionDecl *FD) {
  auto *Body = FD->getBody();
  if (!Body || FD->getLocation().isMacroID() || Body->getBeginLoc().isMacroID())
    return nullptr;
  SourceLocation NameLoc = FD->getLocation();
  const std::string *File = S.pathOf(SM.getFileID(NameLoc));
  if (!File)
    return nullptr;
  std::string Key = keyOf(*File, SM.getFileOffset(NameLoc));
  auto [It, New] = S.Out.Functions.try_emplace(Key);
  FunctionSite &F = It->second;
  if (!New)
    return &F;
  F.Key = Key;
  F.File = *File;
  F.Name = FD->getDeclName().isIdentifier() ? FD->getName().str()
                                            : FD->getNameAsString();
  F.NameOffset = SM.getFileOffset(NameLoc);
  F.DeclBegin = SM.getFileOffset(SM.getExpansionLoc(FD->getBeginLoc()));
  F.BodyBegin = SM.getFileOffset(Body->getBeginLoc());
  F.BodyEnd = SM.getFileOffset(Body->getEndLoc());
  F.Line = SM.getSpellingLineNumber(NameLoc);
  F.Column = SM.getSpellingColumnNumber(NameLoc);
  F.FirstDeclaration = FD->getPreviousDecl() == nullptr;
  F.Static = FD->getStorageClass() == SC_Static;
  F.Inline = FD->isInlineSpecified();
  for (const DeclContext *C = FD->getDeclContext(); C; C = C->getParent())
    if (auto *NS = dyn_cast<NamespaceDecl>(C))
      F.Namespaces.insert(
          F.Namespaces.begin(),
          {NS->isAnonymousNamespace() ? std::string() : NS->getName().str(),
           NS->isInline()});
  F.ReturnType = FD->getReturnType().getAsString(Policy);
  for (ParmVarDecl *P : FD->parameters()) {
    std::string Text;
    llvm::raw_string_ostream OS(Text);
    P->getType().print(OS, Policy, P->getName());
    F.Parameters.push_back(Text);
    F.ParamNames.push_back(P->getName().str());
    if (P->getName().empty())
      F.Unsupported = "a function with an unnamed parameter";
  }
  if (isa<CXXMethodDecl>(FD))
    F.Unsupported = "a member function ('" + FD->getQualifiedNameAsString() +
                    "'): only the bodies of non-member functions are "
                    "lowered";
  else if (FD->getTemplatedKind() != FunctionDecl::TK_NonTemplate ||
           FD->isDependentContext())
    F.Unsupported = "a function template ('" + F.Name + "')";
  else if (FD->isMain())
    F.Unsupported = "'main': move the code that uses it into a function "
                    "that main calls";
  else if (FD->isVariadic())
    F.Unsupported = "a variadic function ('" + F.Name + "')";
  else if (FD->isConstexpr() || FD->isConsteval())
    F.Unsupported = "a constexpr function ('" + F.Name + "')";
  else if (FD->getQualifier())
    F.Unsupported = "a function defined with a qualified name ('" +
                    FD->getQualifiedNameAsString() + "')";
  else if (FD->getReturnType()->getContainedDeducedType())
    F.Unsupported = "a function with a deduced return type ('" + F.Name + "')";
  else if (!FD->getDeclName().isIdentifier())
    F.Unsupported = "an operator or conversion function";
  else if (FD->isExternC())
    F.Unsupported = "a function with C language linkage ('" + F.Name + "')";
  return &F;
}

} // namespace varsim::rewrite::templates::facts
