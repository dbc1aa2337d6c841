//===- rewrite/globals/GlobalFactsDeclarations.cpp - File-scope definitions =//
//
// The globals walk's side that records what each file-scope declaration
// defines or declares: entities and their texts, prototypes, variable
// redeclarations, function definitions, and why one cannot be lowered
// (GlobalFactsCollector.h).
//
//===----------------------------------------------------------------------===//

#include "rewrite/globals/GlobalFactsCollector.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Lex/Lexer.h"

namespace varsim::rewrite::globals::collect {
namespace {

NamespaceChain namespacesOf(const Decl *D) {
  NamespaceChain Out;
  for (const DeclContext *C = D->getDeclContext(); C; C = C->getParent())
    if (auto *NS = dyn_cast<NamespaceDecl>(C))
      Out.insert(Out.begin(), {NS->isAnonymousNamespace() ? std::string()
                                                          : NS->getName().str(),
                               NS->isInline()});
  return Out;
}

} // namespace

bool Collector::leadingSpecifierMacro(SourceLocation Begin,
                                      SourceLocation Name) {
  if (!Begin.isMacroID() || Name.isMacroID())
    return false;
  CharSourceRange Inv = SM.getExpansionRange(Begin);
  if (Inv.getEnd().isMacroID() ||
      SM.getFileID(Inv.getEnd()) != SM.getFileID(Name))
    return false;
  return SM.getFileOffset(Inv.getEnd()) < SM.getFileOffset(Name);
}

unsigned Collector::pastSemicolon(SourceLocation End) {
  // A declaration ending in a macro's invocation (`= "v" STR(LEVEL);`)
  // ends at the invocation's last token.
  SourceLocation E = End.isMacroID() ? SM.getExpansionRange(End).getEnd() : End;
  SourceLocation After =
      Lexer::getLocForEndOfToken(E, 0, SM, Ctx.getLangOpts());
  if (After.isInvalid())
    return 0;
  std::optional<Token> Next = Lexer::findNextToken(E, SM, Ctx.getLangOpts());
  if (!Next || !Next->is(tok::semi))
    return 0;
  return SM.getFileOffset(Next->getLocation()) + 1;
}

std::string Collector::classify(Decl *D, std::string &Why) {
  if (auto *FD = dyn_cast<FunctionDecl>(D)) {
    if (!FD->doesThisDeclarationHaveABody()) {
      Why = "the declaration of function '" + FD->getNameAsString() + "'";
      ProtoKey = prototype(FD);
      return "";
    }
    return "F:" + function(FD);
  }
  if (auto *FT = dyn_cast<FunctionTemplateDecl>(D)) {
    Why = "function template '" + FT->getNameAsString() + "'";
    return "";
  }
  if (auto *VD = dyn_cast<VarDecl>(D)) {
    if (!VD->isThisDeclarationADefinition()) {
      redecl(VD);
      Why = "a declaration of '" + VD->getNameAsString() + "'";
      return "";
    }
    return entity(VD, "variable");
  }
  if (auto *TD = dyn_cast<TypedefNameDecl>(D))
    return entity(TD, "typedef");
  if (auto *RD = dyn_cast<RecordDecl>(D)) {
    if (RD->isThisDeclarationADefinition() && RD->getIdentifier())
      return entity(RD, "record");
    Why = "a declaration of '" + RD->getNameAsString() + "'";
    return "";
  }
  if (auto *ED = dyn_cast<EnumDecl>(D)) {
    // Anonymous ones too (`enum { A, B };`, `typedef enum { ... } t;`).
    if (ED->isThisDeclarationADefinition())
      return entity(ED, "enum");
    Why = "a declaration of enumeration '" + ED->getNameAsString() + "'";
    return "";
  }
  if (isa<StaticAssertDecl>(D))
    return entity(D, "static_assert");
  if (auto *ND = dyn_cast<NamedDecl>(D))
    Why = "the declaration of '" + ND->getQualifiedNameAsString() + "'";
  else
    Why = "a declaration at file scope";
  return "";
}

void Collector::redecl(const VarDecl *VD) {
  std::string Key = entityKey(VD, "variable");
  SourceLocation L = SM.getExpansionLoc(VD->getLocation());
  const std::string *File = S.pathOf(SM.getFileID(L));
  if (Key.empty() || !File)
    return;
  EntityRedecl R{Key, *File, SM.getFileOffset(L), SM.getSpellingLineNumber(L),
                 SM.getSpellingColumnNumber(L)};
  if (!VD->getLocation().isMacroID() &&
      (!VD->getBeginLoc().isMacroID() ||
       leadingSpecifierMacro(VD->getBeginLoc(), VD->getLocation())) &&
      firstDeclarator(*File, VD->getBeginLoc())) {
    R.Begin = offsetOf(VD->getBeginLoc());
    R.End = pastSemicolon(VD->getEndLoc());
  }
  S.Out.Redecls.emplace(keyOf(*File, R.Offset), R);
}

std::string Collector::prototype(const FunctionDecl *FD) {
  SourceLocation NL = SM.getExpansionLoc(FD->getLocation());
  const std::string *File = S.pathOf(SM.getFileID(NL));
  if (!File || isa<CXXMethodDecl>(FD) || !FD->getDeclName().isIdentifier())
    return "";
  FunctionProto P;
  P.EntityKey = entityKey(FD, "function");
  P.File = *File;
  P.Name = FD->getName().str();
  P.NameOffset = SM.getFileOffset(NL);
  P.Line = SM.getSpellingLineNumber(NL);
  P.Column = SM.getSpellingColumnNumber(NL);
  P.Namespaces = namespacesOf(FD);
  if (!FD->getLocation().isMacroID() &&
      (!FD->getBeginLoc().isMacroID() ||
       leadingSpecifierMacro(FD->getBeginLoc(), FD->getLocation())) &&
      firstDeclarator(*File, FD->getBeginLoc())) {
    P.Begin = offsetOf(FD->getBeginLoc());
    P.End = pastSemicolon(FD->getEndLoc());
  }
  std::string Key = keyOf(P.File, P.NameOffset);
  S.Out.Protos.emplace(Key, std::move(P));
  return Key;
}

std::string Collector::entity(Decl *D, llvm::StringRef Kind) {
  auto *ND = dyn_cast<NamedDecl>(D);
  SourceLocation NameLoc = SM.getExpansionLoc(D->getLocation());
  const std::string *File = S.pathOf(SM.getFileID(NameLoc));
  EntityDef E;
  E.Kind = Kind.str();
  E.File = *File;
  E.NameOffset = SM.getFileOffset(NameLoc);
  E.Line = SM.getSpellingLineNumber(NameLoc);
  E.Column = SM.getSpellingColumnNumber(NameLoc);
  E.Begin = offsetOf(D->getBeginLoc());
  E.End = pastSemicolon(D->getEndLoc());
  E.Namespaces = namespacesOf(D);
  if (auto *TD = dyn_cast<TagDecl>(D)) {
    SourceRange Braces = TD->getBraceRange();
    if (Braces.isValid() && Braces.getBegin().isFileID() &&
        Braces.getEnd().isFileID()) {
      E.BraceBegin = offsetOf(Braces.getBegin());
      E.BraceEnd = offsetOf(Braces.getEnd());
    }
    // An enumeration's text ends at its '}' when a declarator follows
    // (`typedef enum { ... } state_t;`): its values are edited inside.
    if (isa<EnumDecl>(D) && E.End == 0 && E.BraceEnd)
      E.End = E.BraceEnd + 1;
  }
  if (auto *RD = dyn_cast<RecordDecl>(D))
    memberBounds(RD, E.MemberBounds);
  if (ND) {
    E.Name = ND->getName().str();
    E.Key = entityKey(ND, Kind);
    E.ExternalLinkage = ND->hasExternalFormalLinkage();
  } else {
    E.Key = Kind.str() + "|" + keyOf(E.File, E.NameOffset);
  }
  if (D->getLocation().isMacroID() ||
      (D->getBeginLoc().isMacroID() &&
       !leadingSpecifierMacro(D->getBeginLoc(), D->getLocation())))
    E.Unsupported = "declared by a macro";
  else if (E.End == 0)
    E.Unsupported = "declared together with other declarations (one "
                    "declaration per statement is lowered)";
  else if (D->isTemplated())
    E.Unsupported = "a template";
  opaqueRanges(D, E.Opaque);
  if (auto *RD = dyn_cast<CXXRecordDecl>(D); RD && E.Unsupported.empty()) {
    for (const Decl *M : RD->decls())
      if (auto *MD = dyn_cast<CXXMethodDecl>(M); MD && !MD->isImplicit()) {
        E.Unsupported = "a class with member functions";
        break;
      }
  }
  if (auto *ED = dyn_cast<EnumDecl>(D)) {
    E.ScopedEnum = ED->isScoped();
    for (const EnumConstantDecl *C : ED->enumerators()) {
      SourceLocation CL = C->getLocation();
      if (CL.isMacroID()) {
        E.Unsupported = "an enumeration with an enumerator declared by a "
                        "macro";
        continue;
      }
      EnumeratorFact F{E.Key, E.File, SM.getFileOffset(CL),
                       C->getInitExpr() != nullptr, C->getName().str()};
      S.Out.Enumerators.emplace(keyOf(E.File, F.Offset), F);
    }
  }
  if (PrevEnd.count(E.Begin) && E.Kind != "record" && E.Kind != "enum")
    E.Unsupported = "one of several declarators of one declaration";
  PrevEnd.insert(E.Begin);
  std::string Key = E.Key;
  S.Out.Defs.emplace(keyOf(E.File, E.NameOffset), std::move(E));
  return "E:" + Key;
}

void Collector::memberBounds(const RecordDecl *RD,
                             std::vector<MemberBound> &Out) {
  for (const FieldDecl *F : RD->fields()) {
    const TypeSourceInfo *TSI = F->getTypeSourceInfo();
    if (!TSI)
      continue;
    for (TypeLoc TL = TSI->getTypeLoc(); !TL.isNull();
         TL = TL.getNextTypeLoc()) {
      auto AT = TL.getAs<ArrayTypeLoc>();
      if (!AT)
        continue;
      const Expr *Size = AT.getSizeExpr();
      if (!Size)
        continue;
      SourceLocation B = SM.getExpansionLoc(Size->getBeginLoc());
      SourceLocation E = SM.getExpansionLoc(Size->getEndLoc());
      SourceLocation After =
          Lexer::getLocForEndOfToken(E, 0, SM, Ctx.getLangOpts());
      if (B.isValid() && After.isValid())
        Out.push_back({SM.getFileOffset(B), SM.getFileOffset(After),
                       offsetOf(F->getLocation()), F->getNameAsString()});
    }
  }
}

void Collector::opaqueRanges(Decl *D,
                             std::vector<std::pair<unsigned, unsigned>> &Out) {
  auto Add = [&](SourceLocation B, SourceLocation E) {
    if (B.isValid() && E.isValid())
      Out.push_back({offsetOf(B), offsetOf(E) + 1});
  };
  std::vector<const Decl *> Work{D};
  while (!Work.empty()) {
    const Decl *X = Work.back();
    Work.pop_back();
    if (auto *TD = dyn_cast<TypedefNameDecl>(X)) {
      if (const TagDecl *Owned = TD->getUnderlyingType()->getAsTagDecl();
          Owned && Owned->isThisDeclarationADefinition() &&
          Owned->getBeginLoc().isValid() &&
          offsetOf(Owned->getBeginLoc()) >= offsetOf(TD->getBeginLoc()) &&
          offsetOf(Owned->getEndLoc()) <= offsetOf(TD->getEndLoc()))
        Work.push_back(Owned);
      continue;
    }
    if (auto *VD = dyn_cast<VarDecl>(X)) {
      if (const TagDecl *Owned = VD->getType()->getAsTagDecl();
          Owned && Owned->isThisDeclarationADefinition() &&
          Owned->getBeginLoc().isValid() &&
          offsetOf(Owned->getBeginLoc()) >= offsetOf(VD->getBeginLoc()) &&
          offsetOf(Owned->getEndLoc()) <= offsetOf(VD->getEndLoc()))
        Work.push_back(Owned);
      continue;
    }
    if (auto *ED = dyn_cast<EnumDecl>(X); ED && X != D) {
      // An enumeration defined in a typedef or variable is its own entity.
      if (ED->isThisDeclarationADefinition())
        Add(ED->getBraceRange().getBegin(), ED->getBraceRange().getEnd());
      continue;
    }
    auto *RD = dyn_cast<RecordDecl>(X);
    if (!RD || !RD->isThisDeclarationADefinition())
      continue;
    if (X != D) {
      Add(RD->getBraceRange().getBegin(), RD->getBraceRange().getEnd());
      continue;
    }
    // The record itself: only its member functions' bodies.
    for (const Decl *M : RD->decls()) {
      const FunctionDecl *FD = dyn_cast<FunctionDecl>(M);
      if (auto *FT = dyn_cast<FunctionTemplateDecl>(M))
        FD = FT->getTemplatedDecl();
      if (FD && FD->doesThisDeclarationHaveABody())
        if (const Stmt *Body = FD->getBody()) {
          SourceLocation B = FD->getBeginLoc();
          if (auto *C = dyn_cast<CXXConstructorDecl>(FD);
              C && C->getNumCtorInitializers() > 0)
            B = FD->getLocation();
          Add(B, Body->getEndLoc());
        }
      if (isa<RecordDecl>(M))
        Work.push_back(M);
    }
  }
}

std::string Collector::function(FunctionDecl *FD) {
  SourceLocation NameLoc = FD->getLocation();
  SourceLocation NL = SM.getExpansionLoc(NameLoc);
  const std::string *File = S.pathOf(SM.getFileID(NL));
  std::string Key = keyOf(*File, SM.getFileOffset(NL));
  auto [It, New] = S.Out.Functions.try_emplace(Key);
  if (!New)
    return Key;
  FunctionDef &F = It->second;
  F.Key = Key;
  F.EntityKey = entityKey(FD, "function");
  F.File = *File;
  F.Name = FD->getDeclName().isIdentifier() ? FD->getName().str()
                                            : FD->getNameAsString();
  F.NameOffset = SM.getFileOffset(NL);
  F.DeclBegin = offsetOf(FD->getBeginLoc());
  Stmt *Body = FD->getBody();
  if (!Body) {
    F.Unsupported = "a function without a parsed body";
    return Key;
  }
  F.BodyBegin = offsetOf(Body->getBeginLoc());
  F.BodyEnd = offsetOf(Body->getEndLoc());
  F.Line = SM.getSpellingLineNumber(NL);
  F.Column = SM.getSpellingColumnNumber(NL);
  F.Main = FD->isMain();
  F.ReturnsVoid = FD->getReturnType()->isVoidType();
  F.HasPrevious = FD->getPreviousDecl() != nullptr;
  F.OldStyle = !Ctx.getLangOpts().CPlusPlus && !FD->hasWrittenPrototype();
  F.Namespaces = namespacesOf(FD);
  if (FunctionTypeLoc FTL = FD->getFunctionTypeLoc();
      FTL && FTL.getLParenLoc().isFileID() && FTL.getRParenLoc().isFileID()) {
    F.LParen = offsetOf(FTL.getLParenLoc());
    F.RParen = offsetOf(FTL.getRParenLoc());
  }
  for (ParmVarDecl *P : FD->parameters()) {
    F.ParamNames.push_back(P->getName().str());
    if (P->getBeginLoc().isFileID() && P->getEndLoc().isFileID() &&
        !P->getName().empty()) {
      SourceLocation EndTok =
          Lexer::getLocForEndOfToken(P->getEndLoc(), 0, SM, Ctx.getLangOpts());
      F.ParamSpans[offsetOf(P->getBeginLoc())] = {offsetOf(EndTok),
                                                  P->getName().str()};
    }
    if (P->getName().empty())
      F.Unsupported = "a function with an unnamed parameter";
    if (const Expr *Def = P->getInit(); Def && P->hasDefaultArg()) {
      unsigned ArgBegin = offsetOf(Def->getBeginLoc());
      SourceLocation EndTok = SM.getExpansionLoc(Def->getEndLoc());
      unsigned ArgEnd = SM.getFileOffset(
          Lexer::getLocForEndOfToken(EndTok, 0, SM, Ctx.getLangOpts()));
      llvm::StringRef Text = SM.getBufferData(SM.getFileID(NL));
      size_t Eq = Text.rfind('=', ArgBegin);
      if (Eq != llvm::StringRef::npos && Eq >= F.NameOffset)
        F.DefaultArgs.push_back({static_cast<unsigned>(Eq), ArgEnd});
      else
        F.Unsupported = "a function whose default argument is not "
                        "written after '='";
    }
  }
  if (NameLoc.isMacroID() || Body->getBeginLoc().isMacroID() ||
      (FD->getBeginLoc().isMacroID() &&
       !leadingSpecifierMacro(FD->getBeginLoc(), NameLoc)))
    F.Unsupported = "a function defined by a macro";
  else if (isa<CXXMethodDecl>(FD))
    F.Unsupported =
        "a member function ('" + FD->getQualifiedNameAsString() + "')";
  else if (FD->isTemplated())
    F.Unsupported = "a function template ('" + F.Name + "')";
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
  else if (FD->getDeclContext()->isExternCContext() &&
           Ctx.getLangOpts().CPlusPlus)
    F.Unsupported = "a function in an extern \"C\" block ('" + F.Name + "')";
  return Key;
}

} // namespace varsim::rewrite::globals::collect
