//===- rewrite/globals/GlobalFactsUses.cpp - References to entities -------===//
//
// The globals walk's side that records where a file-scope entity (variable,
// function, type, enumerator, member array) is referred to, and the key
// that names the entity across translation units (GlobalFactsCollector.h).
//
//===----------------------------------------------------------------------===//

#include "rewrite/globals/GlobalFactsCollector.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"

namespace varsim::rewrite::globals::collect {
namespace {

bool atFileScope(const Decl *D) {
  const DeclContext *DC = D->getDeclContext();
  return DC && DC->getRedeclContext()->isFileContext();
}

} // namespace

bool Collector::TraverseDecl(Decl *D) {
  if (!D || isa<TranslationUnitDecl>(D) || isa<NamespaceDecl>(D) ||
      isa<LinkageSpecDecl>(D))
    return Base::TraverseDecl(D);
  SourceLocation L = SM.getExpansionLoc(D->getLocation());
  if (L.isInvalid() || !S.pathOf(SM.getFileID(L)))
    return true; // System and other non-project headers.
  // Lexically at file scope: out-of-line member definitions too.
  const DeclContext *LDC = D->getLexicalDeclContext();
  if (!Context.empty() || !LDC || !LDC->getRedeclContext()->isFileContext())
    return Base::TraverseDecl(D);
  Context = classify(D, Where);
  bool R = Base::TraverseDecl(D);
  Context.clear();
  Where.clear();
  ProtoKey.clear();
  return R;
}

bool Collector::VisitDeclRefExpr(DeclRefExpr *E) {
  if (auto *EC = dyn_cast<EnumConstantDecl>(E->getDecl()))
    if (auto *ED = dyn_cast<EnumDecl>(EC->getDeclContext()))
      addRef(ED, E->getLocation(), EC->getName().str());
  if (auto *FD = dyn_cast<FunctionDecl>(E->getDecl()))
    if (!isa<CXXMethodDecl>(FD) && atFileScope(FD))
      addRef(FD, E->getLocation());
  if (auto *VD = dyn_cast<VarDecl>(E->getDecl()))
    if (!isa<ParmVarDecl>(VD) && VD->hasGlobalStorage() &&
        !VD->isStaticLocal() && atFileScope(VD))
      addRef(VD, E->getLocation());
  return true;
}

bool Collector::VisitNamedDecl(NamedDecl *D) {
  const DeclContext *DC = D->getDeclContext();
  if (!D->getIdentifier() || !DC || !DC->isFunctionOrMethod())
    return true;
  SourceLocation At = SM.getExpansionLoc(D->getLocation());
  const std::string *File = S.pathOf(SM.getFileID(At));
  if (!File)
    return true;
  // A parameter's scope is its function's body; a block-scope name's the
  // innermost block around it.
  const Stmt *Scope = nullptr;
  if (isa<ParmVarDecl>(D)) {
    if (const auto *FD = dyn_cast<FunctionDecl>(DC))
      Scope = FD->getBody();
  } else if (!Blocks.empty()) {
    Scope = Blocks.back();
  }
  if (!Scope)
    return true;
  LocalDecl L;
  L.Name = D->getName().str();
  L.File = *File;
  L.Offset = SM.getFileOffset(At);
  L.ScopeEnd = offsetOf(Scope->getEndLoc());
  S.Out.Locals.emplace(keyOf(L.File, L.Offset) + "|" + L.Name, std::move(L));
  return true;
}

bool Collector::VisitMemberExpr(MemberExpr *E) {
  auto *F = dyn_cast<FieldDecl>(E->getMemberDecl());
  if (!F || !F->getType()->isConstantArrayType() || Decayed.count(E))
    return true;
  const RecordDecl *RD = F->getParent();
  if (!RD || !atFileScope(RD))
    return true;
  SourceLocation FL = SM.getExpansionLoc(F->getLocation());
  const std::string *FFile = S.pathOf(SM.getFileID(FL));
  SourceLocation At = SM.getExpansionLoc(E->getMemberLoc());
  const std::string *File = S.pathOf(SM.getFileID(At));
  if (!FFile || !File)
    return true;
  ExtentUse U;
  U.Field = keyOf(*FFile, SM.getFileOffset(FL));
  U.Name = F->getNameAsString();
  U.File = *File;
  U.Offset = SM.getFileOffset(At);
  U.Line = SM.getSpellingLineNumber(At);
  U.Column = SM.getSpellingColumnNumber(At);
  S.Out.ExtentUses.emplace(keyOf(U.File, U.Offset), std::move(U));
  return true;
}

std::string Collector::entityKey(const NamedDecl *D, llvm::StringRef Kind) {
  const Decl *Def = D;
  if (auto *VD = dyn_cast<VarDecl>(D); VD && VD->getDefinition())
    Def = VD->getDefinition();
  if (auto *RD = dyn_cast<RecordDecl>(D); RD && RD->getDefinition())
    Def = RD->getDefinition();
  if (auto *FD = dyn_cast<FunctionDecl>(D); FD && FD->getDefinition())
    Def = FD->getDefinition();
  SourceLocation L = SM.getExpansionLoc(Def->getLocation());
  const std::string *File = S.pathOf(SM.getFileID(L));
  if (!File)
    return "";
  // An anonymous one by its place (its printed name may hold a path
  // spelled differently per unit).
  if (D->getDeclName().isEmpty())
    return Kind.str() + "|@" + std::to_string(SM.getFileOffset(L)) + "|" +
           *File;
  // A variable with external linkage is one entity in every unit (one
  // definition rule): a unit that only declares it `extern` sees no
  // definition, and must still meet the lowered item (QA Q11).
  if (isa<VarDecl>(D) && D->isExternallyVisible())
    return Kind.str() + "|" + D->getQualifiedNameAsString() + "|extern";
  // So is a C function with external linkage (C has no overloads): a
  // unit that calls it through a header's prototype meets the item
  // defined in another unit (CrossUnit.cpp).
  if (isa<FunctionDecl>(D) && D->isExternallyVisible() &&
      !Ctx.getLangOpts().CPlusPlus)
    return Kind.str() + "|" + D->getName().str() + "|extern";
  return Kind.str() + "|" + D->getQualifiedNameAsString() +
         specializationArgs(D) + "|" + *File;
}

std::string Collector::specializationArgs(const NamedDecl *D) {
  if (const auto *PS = dyn_cast<ClassTemplatePartialSpecializationDecl>(D))
    return "|" + PS->getInjectedSpecializationType().getAsString();
  if (const auto *CS = dyn_cast<ClassTemplateSpecializationDecl>(D);
      CS && CS->isExplicitSpecialization())
    return "|" + QualType(CS->getTypeForDecl(), 0).getAsString();
  return "";
}

llvm::StringRef Collector::kindOf(const Decl *D) {
  if (isa<VarDecl>(D))
    return "variable";
  if (isa<TypedefNameDecl>(D))
    return "typedef";
  if (isa<RecordDecl>(D))
    return "record";
  if (isa<FunctionDecl>(D))
    return "function";
  if (isa<EnumDecl>(D))
    return "enum";
  return "";
}

void Collector::addRef(const NamedDecl *Target, SourceLocation NameLoc,
                       std::string Member) {
  if (!Target || !atFileScope(Target) || NameLoc.isInvalid())
    return;
  llvm::StringRef Kind = kindOf(Target);
  if (Kind.empty())
    return;
  std::string Key = entityKey(Target, Kind);
  if (Key.empty())
    return;
  auto [At, Via] = S.writtenAt(NameLoc);
  const std::string *File = S.pathOf(SM.getFileID(At));
  if (!File)
    return;
  EntityRef R;
  R.Target = Key;
  R.File = *File;
  R.Offset = SM.getFileOffset(At);
  R.Line = SM.getSpellingLineNumber(At);
  R.Column = SM.getSpellingColumnNumber(At);
  R.ViaMacro = Via;
  R.InMacroArg = !Via && NameLoc.isMacroID();
  R.Member = std::move(Member);
  R.Context = Context;
  R.Where = Where;
  if (Context.empty())
    R.Proto = ProtoKey;
  if (Context.empty() && Where.empty())
    R.Where = "a declaration at file scope";
  // A reference in a function's signature is not in its body.
  if (Context.rfind("F:", 0) == 0) {
    const FunctionDef &F = S.Out.Functions.at(Context.substr(2));
    if (R.File != F.File || R.Offset < F.BodyBegin || R.Offset > F.BodyEnd) {
      R.Context = "S:" + F.Key;
      R.Where = "the signature of function '" + F.Name + "'";
    }
  }
  // The entity's own name in its definition is not a reference.
  if (R.Context == "E:" + Key && !Via && R.Member.empty()) {
    auto It = S.Out.Defs.find(keyOf(R.File, R.Offset));
    if (It != S.Out.Defs.end() && It->second.Key == Key)
      return;
  }
  // Several enumerators may be named in one macro expansion.
  std::string RefKey = keyOf(R.File, R.Offset) + "|" + Key + "|" + R.Member;
  S.Out.Refs.emplace(RefKey, std::move(R));
}

} // namespace varsim::rewrite::globals::collect
