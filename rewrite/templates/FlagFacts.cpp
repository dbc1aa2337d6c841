//===- rewrite/templates/FlagFacts.cpp - Class-template flags -------------===//

#include "rewrite/templates/FlagFacts.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

namespace varsim::rewrite::templates {

using namespace clang;

std::optional<unsigned> constexprKeywordOffset(const IfStmt &If,
                                               const SourceManager &SM,
                                               const LangOptions &LO) {
  SourceLocation IfLoc = If.getIfLoc();
  if (IfLoc.isMacroID())
    return std::nullopt;
  SourceLocation Kw = Lexer::getLocForEndOfToken(IfLoc, 0, SM, LO);
  llvm::StringRef After = SM.getCharacterData(Kw);
  size_t Skip = After.find_first_not_of(" \t\n");
  if (Skip == llvm::StringRef::npos ||
      !After.substr(Skip).starts_with("constexpr"))
    return std::nullopt;
  return SM.getFileOffset(Kw) + Skip;
}

namespace {

std::string keyOf(const std::string &File, unsigned Offset) {
  return File + "|" + std::to_string(Offset);
}

/// Why S, a branch of an `if constexpr`, might not compile for some
/// argument of the template ("" if it compiles for every one): Clang has
/// checked at the definition every part that names nothing dependent, so
/// a branch free of dependent types, of other template parameters' values
/// and of static assertions compiles in every instantiation.
std::string dependentPart(const Stmt *S) {
  if (!S)
    return "";
  if (const auto *E = dyn_cast<Expr>(S)) {
    if (!isa<CXXThisExpr>(E) &&
        (E->getType().isNull() || E->getType()->isDependentType()))
      return "an expression of a dependent type";
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E);
        DRE && isa<NonTypeTemplateParmDecl>(DRE->getDecl()))
      return "the value of the template parameter '" +
             DRE->getDecl()->getNameAsString() + "'";
  }
  if (const auto *DS = dyn_cast<DeclStmt>(S))
    for (const Decl *D : DS->decls()) {
      if (isa<StaticAssertDecl>(D))
        return "a static_assert";
      if (const auto *VD = dyn_cast<ValueDecl>(D);
          VD && VD->getType()->isDependentType())
        return "a declaration of a dependent type";
      if (const auto *TD = dyn_cast<TypedefNameDecl>(D);
          TD && TD->getUnderlyingType()->isDependentType())
        return "a type alias of a dependent type";
    }
  for (const Stmt *C : S->children())
    if (std::string Why = dependentPart(C); !Why.empty())
      return Why;
  return "";
}

} // namespace

void FlagFactsCollector::visitClassTemplate(const ClassTemplateDecl *CTD) {
  const CXXRecordDecl *RD = CTD->getTemplatedDecl();
  if (!RD || !RD->isThisDeclarationADefinition() ||
      !CTD->getDeclContext()->getRedeclContext()->isFileContext())
    return;
  SourceLocation L = RD->getLocation();
  if (L.isInvalid() || L.isMacroID() || CTD->getBeginLoc().isMacroID())
    return;
  const std::string *File = PathOf(SM.getFileID(L));
  if (!File)
    return;
  std::string Base = keyOf(*File, SM.getFileOffset(L));
  TemplateKeys[CTD->getCanonicalDecl()] = Base;
  std::string Scope;
  bool Anonymous = false;
  for (const DeclContext *C = CTD->getDeclContext(); C; C = C->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(C)) {
      if (NS->isAnonymousNamespace())
        Anonymous = true;
      else
        Scope = NS->getName().str() + "::" + Scope;
    }
  const TemplateParameterList *Params = CTD->getTemplateParameters();
  for (unsigned I = 0; I < Params->size(); ++I) {
    const auto *P = dyn_cast<NonTypeTemplateParmDecl>(Params->getParam(I));
    if (!P || P->isParameterPack() || !P->getType()->isBooleanType())
      continue;
    FlagParam F;
    F.Key = Base + "|" + std::to_string(I);
    F.File = *File;
    F.Name = P->getNameAsString();
    F.TemplateBegin = SM.getFileOffset(CTD->getBeginLoc());
    F.Qualifier = Anonymous ? "" : "::" + Scope;
    ParamKeys[P] = F.Key;
    Out.FlagParams.try_emplace(F.Key, std::move(F));
  }
}

void FlagFactsCollector::visitSpecialization(TemplateSpecializationTypeLoc TL) {
  const TemplateDecl *TD =
      TL.getTypePtr()->getTemplateName().getAsTemplateDecl();
  const auto *CTD = dyn_cast_or_null<ClassTemplateDecl>(TD);
  // A class template passed as a template template argument is
  // instantiated with arguments nobody writes here: its flags stay.
  for (unsigned I = 0; I < TL.getNumArgs(); ++I) {
    const TemplateArgument &A = TL.getArgLoc(I).getArgument();
    if (A.getKind() != TemplateArgument::Template)
      continue;
    if (const auto *Passed = dyn_cast_or_null<ClassTemplateDecl>(
            A.getAsTemplate().getAsTemplateDecl()))
      if (auto It = TemplateKeys.find(Passed->getCanonicalDecl());
          It != TemplateKeys.end())
        for (auto &[Key, F] : Out.FlagParams)
          if (llvm::StringRef(Key).starts_with(It->second + "|") &&
              F.NotLowerable.empty())
            F.NotLowerable = "the template is passed as a template argument";
  }
  if (!CTD)
    return;
  auto It = TemplateKeys.find(CTD->getCanonicalDecl());
  if (It == TemplateKeys.end())
    return;
  SourceLocation Begin = SM.getExpansionLoc(TL.getBeginLoc());
  const std::string *File = PathOf(SM.getFileID(Begin));
  if (!File)
    return;
  unsigned At = SM.getFileOffset(Begin);
  const TemplateParameterList *Params = CTD->getTemplateParameters();
  for (unsigned I = 0; I < Params->size(); ++I) {
    std::string ParamKey = It->second + "|" + std::to_string(I);
    if (!Out.FlagParams.count(ParamKey))
      continue;
    FlagBinding B;
    B.ParamKey = ParamKey;
    B.File = *File;
    B.Begin = B.End = At;
    std::string Key = keyOf(*File, At) + "|" + std::to_string(I);
    if (I < TL.getNumArgs() && !TL.getBeginLoc().isMacroID()) {
      const TemplateArgumentLoc &AL = TL.getArgLoc(I);
      const Expr *E = AL.getArgument().getKind() == TemplateArgument::Expression
                          ? AL.getSourceExpression()
                          : nullptr;
      if (E)
        E = E->IgnoreParenImpCasts();
      const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E);
      const NameDef *Def = DRE ? Candidate(DRE->getDecl()) : nullptr;
      if (Def && !Def->IsType && !Def->IsMacro &&
          !DRE->getLocation().isMacroID()) {
        unsigned Name = SM.getFileOffset(DRE->getLocation());
        B.DefKey = Def->Key;
        B.RefKey = keyOf(*File, Name);
        B.Begin = DRE->getQualifierLoc()
                      ? SM.getFileOffset(DRE->getQualifierLoc().getBeginLoc())
                      : Name;
        B.End = Name + static_cast<unsigned>(Def->Name.size());
        Key = keyOf(*File, B.Begin);
      }
    }
    Out.FlagBindings.try_emplace(Key, std::move(B));
  }
}

void FlagFactsCollector::visitExplicitSpecialization(
    const ClassTemplateSpecializationDecl *D) {
  if (D->getSpecializationKind() == TSK_ImplicitInstantiation)
    return;
  auto It = TemplateKeys.find(D->getSpecializedTemplate()->getCanonicalDecl());
  if (It == TemplateKeys.end())
    return;
  for (auto &[Key, F] : Out.FlagParams)
    if (llvm::StringRef(Key).starts_with(It->second + "|") &&
        F.NotLowerable.empty())
      F.NotLowerable = "the template has an explicit or partial "
                       "specialization, or an explicit instantiation";
}

void FlagFactsCollector::visitParameterUse(const DeclRefExpr *E) {
  auto It = ParamKeys.find(E->getDecl());
  if (It == ParamKeys.end())
    return;
  FlagParam &F = Out.FlagParams[It->second];
  std::string Why;
  std::optional<unsigned> Kw = lowerableCondition(E, Why);
  const std::string *File = E->getLocation().isMacroID()
                                ? nullptr
                                : PathOf(SM.getFileID(E->getLocation()));
  if (!Kw || !File) {
    if (F.NotLowerable.empty())
      F.NotLowerable = Why.empty() ? "a use in a macro expansion" : Why;
    return;
  }
  unsigned Offset = SM.getFileOffset(E->getLocation());
  F.Uses[keyOf(*File, Offset)] = {*File, Offset,
                                  static_cast<unsigned>(F.Name.size()), *Kw};
}

std::optional<unsigned>
FlagFactsCollector::lowerableCondition(const DeclRefExpr *E, std::string &Why) {
  std::string Name = E->getDecl()->getNameAsString();
  Why = "'" + Name +
        "' is used other than as the whole condition of an `if constexpr`";
  DynTypedNode Node = DynTypedNode::create(*E);
  const IfStmt *If = nullptr;
  for (unsigned Depth = 0; Depth < 16 && !If; ++Depth) {
    DynTypedNodeList Parents = Ctx.getParents(Node);
    if (Parents.size() != 1)
      return std::nullopt;
    const DynTypedNode &P = Parents[0];
    if (P.get<ImplicitCastExpr>() || P.get<ParenExpr>() ||
        P.get<ConstantExpr>()) {
      Node = P;
      continue;
    }
    If = P.get<IfStmt>();
    if (!If || !If->isConstexpr() || If->getCond() != Node.get<Stmt>() ||
        If->getInit() || If->getConditionVariable())
      return std::nullopt;
  }
  if (!If)
    return std::nullopt;
  std::optional<unsigned> KeywordAt =
      constexprKeywordOffset(*If, SM, Ctx.getLangOpts());
  if (!KeywordAt)
    return std::nullopt;
  // The function holding it must not deduce its return type from the
  // branch it keeps.
  DynTypedNode Up = DynTypedNode::create(*If);
  for (unsigned Depth = 0; Depth < 256; ++Depth) {
    DynTypedNodeList Parents = Ctx.getParents(Up);
    if (Parents.empty())
      break;
    Up = Parents[0];
    if (const auto *FD = Up.get<FunctionDecl>()) {
      if (FD->getReturnType()->getContainedDeducedType()) {
        Why = "the `if constexpr` on '" + Name +
              "' is in a function with a deduced return type";
        return std::nullopt;
      }
      break;
    }
  }
  for (const Stmt *Branch : {If->getThen(), If->getElse()})
    if (std::string Part = dependentPart(Branch); !Part.empty()) {
      Why = "a branch of the `if constexpr` on '" + Name + "' holds " + Part +
            ": it may compile for one value only";
      return std::nullopt;
    }
  Why.clear();
  return KeywordAt;
}

} // namespace varsim::rewrite::templates
