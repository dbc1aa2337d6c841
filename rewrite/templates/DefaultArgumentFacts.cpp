//===- rewrite/templates/DefaultArgumentFacts.cpp - Family templates ------===//
//
// See ValueArgumentFacts.h. A class template whose non-type parameter
// defaults to an enumerator standing for a numeric feature is a *family*
// template; every written template-id of it in the project's code is
// classified: one that relies on the default (fewer arguments than the
// parameter's position) is lowered through a per-value alias where the
// value is known — inside the pattern of a family template (its own
// parameter: see DefaultArguments.h for why that is the configuration's
// value), in a function body (the feature macro: the #if rewriter copies
// the function per value), in the qualifier of a member's explicit
// specialization (copied per value) — and refused elsewhere; one that
// spells the argument must pass a family template's own parameter.
//
//===----------------------------------------------------------------------===//

#include "rewrite/ProjectPaths.h"
#include "rewrite/templates/ValueArgumentFacts.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"

namespace varsim::rewrite::templates::valueargs {
namespace {

using namespace clang;

class FamilyVisitor : public RecursiveASTVisitor<FamilyVisitor> {
public:
  FamilyVisitor(
      ASTContext &Ctx, const ProjectLayout &Project,
      const std::function<std::string(const EnumConstantDecl *)> &EnumKeyOf,
      ParseResult &Out)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Paths(Project),
        EnumKeyOf(EnumKeyOf), Out(Out) {}

  bool shouldVisitTemplateInstantiations() const { return false; }
  bool shouldVisitImplicitCode() const { return false; }

  bool VisitTemplateSpecializationTypeLoc(TemplateSpecializationTypeLoc TL) {
    const auto *CTD = dyn_cast_or_null<ClassTemplateDecl>(
        TL.getTypePtr()->getTemplateName().getAsTemplateDecl());
    const Family *F = CTD ? familyOf(CTD) : nullptr;
    if (!F)
      return true;
    TypeUseFact U;
    U.FamilyKey = F->Key;
    SourceLocation Name = TL.getTemplateNameLoc();
    SourceLocation At = SM.getExpansionLoc(Name);
    U.Line = SM.getExpansionLineNumber(At);
    U.Column = SM.getExpansionColumnNumber(At);
    const std::string *File = Paths.of(SM, SM.getFileID(At));
    if (!File)
      return true; // Outside the project: not the project's code.
    U.File = *File;
    U.NameOffset = SM.getFileOffset(At);
    if (Name.isMacroID() || TL.getLAngleLoc().isMacroID()) {
      U.Why = "in a macro expansion";
      Out.TypeUses.push_back(std::move(U));
      return true;
    }
    U.NameLength = static_cast<unsigned>(F->Name.size());
    U.ArgsOffset = SM.getFileOffset(TL.getLAngleLoc()) + 1;
    U.NumArgs = TL.getNumArgs();
    DynTypedNode Node = DynTypedNode::create(TL);
    if (U.NumArgs > F->Index)
      explicitArgument(TL.getArgLoc(F->Index), Node, U);
    else
      reliesOnDefault(Node, *F, U);
    Out.TypeUses.push_back(std::move(U));
    return true;
  }

  bool VisitDeducedTemplateSpecializationTypeLoc(
      DeducedTemplateSpecializationTypeLoc TL) {
    const auto *CTD = dyn_cast_or_null<ClassTemplateDecl>(
        TL.getTypePtr()->getTemplateName().getAsTemplateDecl());
    if (const Family *F = CTD ? familyOf(CTD) : nullptr)
      other(TL.getBeginLoc(), *F,
            "by class template argument deduction (the deduced type relies "
            "on the default)");
    return true;
  }

  bool TraverseTemplateArgumentLoc(const TemplateArgumentLoc &TAL) {
    const TemplateArgument &A = TAL.getArgument();
    if (A.getKind() == TemplateArgument::Template)
      if (const auto *CTD = dyn_cast_or_null<ClassTemplateDecl>(
              A.getAsTemplate().getAsTemplateDecl()))
        if (const Family *F = familyOf(CTD))
          other(TAL.getLocation(), *F,
                "as a template template argument (its uses may rely on the "
                "default)");
    return RecursiveASTVisitor::TraverseTemplateArgumentLoc(TAL);
  }

private:
  struct Family {
    std::string Key, Name, ParamName;
    unsigned Index = 0;
    const NamedDecl *Param = nullptr;
    const CXXRecordDecl *Pattern = nullptr;
  };

  /// The text of R in one file of the project, or "" (macro, other file).
  std::string textOf(SourceRange R) const {
    if (R.isInvalid() || R.getBegin().isMacroID() || R.getEnd().isMacroID())
      return "";
    CharSourceRange C = CharSourceRange::getTokenRange(R);
    if (SM.getFileID(R.getBegin()) != SM.getFileID(R.getEnd()))
      return "";
    return Lexer::getSourceText(C, SM, Ctx.getLangOpts()).str();
  }

  /// The family of CTD (its definition's), or null if it is none.
  const Family *familyOf(const ClassTemplateDecl *CTD) {
    const CXXRecordDecl *Def = CTD->getTemplatedDecl()->getDefinition();
    if (!Def || !Def->getDescribedClassTemplate())
      return nullptr;
    const ClassTemplateDecl *T = Def->getDescribedClassTemplate();
    if (auto It = Seen.find(T); It != Seen.end())
      return It->second ? &*It->second : nullptr;
    Seen[T] = std::nullopt;
    const TemplateParameterList *Params = T->getTemplateParameters();
    for (unsigned I = 0; I < Params->size(); ++I) {
      const auto *P = dyn_cast<NonTypeTemplateParmDecl>(Params->getParam(I));
      if (!P || !P->hasDefaultArgument())
        continue;
      const Expr *D = P->getDefaultArgument().getSourceExpression();
      const auto *DRE =
          D ? dyn_cast<DeclRefExpr>(D->IgnoreParenImpCasts()) : nullptr;
      const auto *ECD =
          DRE ? dyn_cast<EnumConstantDecl>(DRE->getDecl()) : nullptr;
      std::string EnumKey = ECD ? EnumKeyOf(ECD) : "";
      if (EnumKey.empty())
        continue;
      return record(T, Def, I, P, DRE, EnumKey);
    }
    return nullptr;
  }

  const Family *record(const ClassTemplateDecl *T, const CXXRecordDecl *Def,
                       unsigned Index, const NonTypeTemplateParmDecl *P,
                       const DeclRefExpr *DRE, const std::string &EnumKey) {
    SourceLocation At = SM.getExpansionLoc(DRE->getBeginLoc());
    const std::string *File = Paths.of(SM, SM.getFileID(At));
    if (!File)
      return nullptr;
    FamilyFact F;
    F.EnumKey = EnumKey;
    F.File = *File;
    F.Name = T->getName().str();
    F.Line = SM.getExpansionLineNumber(At);
    F.Column = SM.getExpansionColumnNumber(At);
    F.DefaultOffset = SM.getFileOffset(At);
    F.Index = Index;
    F.ParamName = P->getName().str();
    buildAlias(T, Def, Index, P, F);
    Family Fam;
    Fam.Key = keyOf(F.File, F.DefaultOffset);
    Fam.Name = F.Name;
    Fam.ParamName = F.ParamName;
    Fam.Index = Index;
    Fam.Param = P;
    Fam.Pattern = Def;
    Out.Families.try_emplace(Fam.Key, std::move(F));
    Seen[T] = std::move(Fam);
    return &*Seen[T];
  }

  /// F.AliasText and F.AliasOffset, or F.Why.
  void buildAlias(const ClassTemplateDecl *T, const CXXRecordDecl *Def,
                  unsigned Index, const NonTypeTemplateParmDecl *P,
                  FamilyFact &F) {
    if (P->defaultArgumentWasInherited()) {
      F.Why = "its default is given on another declaration";
      return;
    }
    if (SM.getFileID(SM.getExpansionLoc(Def->getBeginLoc())) !=
        SM.getFileID(SM.getExpansionLoc(P->getBeginLoc()))) {
      F.Why = "its definition is in another file than the parameter's default";
      return;
    }
    std::string Head = textOf(SourceRange(
        P->getBeginLoc(),
        P->getLocation().isValid() ? P->getLocation() : P->getBeginLoc()));
    const TemplateParameterList *Params = T->getTemplateParameters();
    std::string Others, Args;
    for (unsigned I = 0; I < Params->size(); ++I) {
      const NamedDecl *Q = Params->getParam(I);
      if (Q->isTemplateParameterPack() || Q->getName().empty()) {
        F.Why = "its template has a parameter pack or an unnamed parameter";
        return;
      }
      Args += (I ? ", " : "") + Q->getName().str();
      if (I == Index)
        continue;
      std::string Text = textOf(Q->getSourceRange());
      if (Text.empty()) {
        F.Why = "a template parameter is written by a macro";
        return;
      }
      Others += ", " + Text;
    }
    SourceLocation Semi = Lexer::findLocationAfterToken(
        Def->getBraceRange().getEnd(), tok::semi, SM, Ctx.getLangOpts(),
        /*SkipTrailingWhitespaceAndNewLine=*/false);
    if (Head.empty() || P->getName().empty() || Semi.isInvalid() ||
        Semi.isMacroID()) {
      F.Why = "its definition or the parameter is written by a macro";
      return;
    }
    std::string Alias = "template <" + Head + Others + "> using " + F.Name +
                        "__varsim_d = " + F.Name + "<" + Args + ">;";
    if (llvm::StringRef(Alias).contains("//") ||
        llvm::StringRef(Alias).contains("/*")) {
      F.Why = "its template parameter list holds a comment";
      return;
    }
    std::replace(Alias.begin(), Alias.end(), '\n', ' ');
    F.AliasText = " " + Alias;
    F.AliasOffset = SM.getFileOffset(Semi);
  }

  void other(SourceLocation Loc, const Family &F, std::string Why) {
    TypeUseFact U;
    U.FamilyKey = F.Key;
    SourceLocation At = SM.getExpansionLoc(Loc);
    const std::string *File = Paths.of(SM, SM.getFileID(At));
    if (!File)
      return;
    U.File = *File;
    U.NameOffset = SM.getFileOffset(At);
    U.Line = SM.getExpansionLineNumber(At);
    U.Column = SM.getExpansionColumnNumber(At);
    U.Why = std::move(Why);
    Out.TypeUses.push_back(std::move(U));
  }

  /// The family template whose pattern encloses D, and the name and
  /// declaration of its parameter there: lexically (in the class body), or
  /// through an out-of-line member definition (`template <class S, unsigned
  /// f> bool W<S, f>::put()`), whose own parameter list names it.
  struct Around {
    const Family *F = nullptr;
    std::string ParamName;
    const NamedDecl *Param = nullptr;
  };
  Around enclosingFamily(const Decl *D) {
    // A base specifier's nearest declaration is its class.
    if (const auto *RD = dyn_cast_or_null<CXXRecordDecl>(D))
      if (const ClassTemplateDecl *T = RD->getDescribedClassTemplate())
        if (const Family *F = familyOf(T); F && F->Pattern == RD)
          return {F, F->ParamName, F->Param};
    for (const Decl *Inner = D; Inner;) {
      const DeclContext *DC = Inner->getLexicalDeclContext();
      if (const auto *DD = dyn_cast<DeclaratorDecl>(Inner);
          DD && DD->getNumTemplateParameterLists() == 1)
        if (const auto *RD = dyn_cast<CXXRecordDecl>(Inner->getDeclContext()))
          if (const ClassTemplateDecl *T = RD->getDescribedClassTemplate())
            if (const Family *F = familyOf(T); F && F->Pattern == RD) {
              const TemplateParameterList *L = DD->getTemplateParameterList(0);
              if (F->Index < L->size())
                return {F, L->getParam(F->Index)->getName().str(),
                        L->getParam(F->Index)};
            }
      if (const auto *RD = dyn_cast_or_null<CXXRecordDecl>(DC))
        if (const ClassTemplateDecl *T = RD->getDescribedClassTemplate())
          if (const Family *F = familyOf(T); F && F->Pattern == RD)
            return {F, F->ParamName, F->Param};
      if (!DC || isa<TranslationUnitDecl>(DC))
        break;
      Inner = cast<Decl>(DC);
    }
    return {};
  }

  /// The innermost declaration around N, and whether a statement lies
  /// between (N is in a function body).
  const Decl *declAround(DynTypedNode N, bool &InBody) {
    InBody = false;
    for (unsigned Depth = 0; Depth < 512; ++Depth) {
      auto Parents = Ctx.getParents(N);
      if (Parents.empty())
        return nullptr;
      N = Parents[0];
      if (N.get<Stmt>())
        InBody = true;
      if (const Decl *D = N.get<Decl>()) {
        if (InBody || isa<FunctionDecl>(D) || isa<RecordDecl>(D) ||
            isa<NamespaceDecl>(D) || isa<TranslationUnitDecl>(D) ||
            !D->getParentFunctionOrMethod())
          return D;
      }
    }
    return nullptr;
  }

  void explicitArgument(const TemplateArgumentLoc &Arg, DynTypedNode Node,
                        TypeUseFact &U) {
    U.Kind = TypeUseKind::Other;
    const Expr *E = Arg.getArgument().getKind() == TemplateArgument::Expression
                        ? Arg.getSourceExpression()
                        : nullptr;
    const auto *DRE =
        E ? dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()) : nullptr;
    bool InBody = false;
    Around A = enclosingFamily(declAround(Node, InBody));
    if (DRE && A.F && DRE->getDecl() == A.Param) {
      U.Kind = TypeUseKind::Kept;
      return;
    }
    U.Why = "with that argument written out (only a family template's own "
            "parameter may be passed there: every instantiation must take "
            "the configuration's value)";
  }

  void reliesOnDefault(DynTypedNode Node, const Family &F, TypeUseFact &U) {
    bool InBody = false;
    const Decl *D = declAround(Node, InBody);
    if (const auto *FD = dyn_cast_or_null<FunctionDecl>(D);
        FD && !InBody &&
        FD->getTemplateSpecializationKind() == TSK_ExplicitSpecialization &&
        FD->doesThisDeclarationHaveABody() && FD->getQualifierLoc() &&
        FD->getQualifierLoc().getSourceRange().fullyContains(SourceRange(
            SM.getExpansionLoc(Node.getSourceRange().getBegin())))) {
      SourceLocation B = FD->getOuterLocStart(), E = FD->getEndLoc();
      if (B.isFileID() && E.isFileID() && SM.getFileID(B) == SM.getFileID(E)) {
        U.Kind = TypeUseKind::ExplicitSpecialization;
        for (const DeclContext *DC = FD->getDeclContext(); DC;
             DC = DC->getParent())
          if (const auto *NS = dyn_cast<NamespaceDecl>(DC))
            U.Namespaces.insert(U.Namespaces.begin(),
                                {NS->getName().str(), NS->isInline()});
        // Where the namespaces around the definition are opened (its
        // lexical ones: the semantic ones are the class's).
        std::vector<const NamespaceDecl *> Lexical;
        for (const DeclContext *DC = FD->getLexicalDeclContext(); DC;
             DC = DC->getLexicalParent())
          if (const auto *NS = dyn_cast<NamespaceDecl>(DC))
            Lexical.insert(Lexical.begin(), NS);
        for (size_t I = 0; I < U.Namespaces.size(); ++I) {
          unsigned Open = 0;
          if (I < Lexical.size() &&
              Lexical[I]->getName() == U.Namespaces[I].first) {
            SourceLocation L = SM.getExpansionLoc(Lexical[I]->getBeginLoc());
            if (SM.getFileID(L) == SM.getFileID(B))
              Open = SM.getFileOffset(L);
          }
          U.NamespaceOpens.push_back(Open);
        }
        U.DeclBegin = SM.getFileOffset(B);
        U.DeclEnd = SM.getFileOffset(
            Lexer::getLocForEndOfToken(E, 0, SM, Ctx.getLangOpts()));
        return;
      }
    }
    if (Around A = enclosingFamily(D); A.F) {
      U.Kind = TypeUseKind::Alias;
      U.Value = A.ParamName;
      return;
    }
    if (InBody) {
      U.Kind = TypeUseKind::Alias;
      return;
    }
    U.Why = "outside a function body, where it would name another type in "
            "each configuration";
  }

  ASTContext &Ctx;
  SourceManager &SM;
  ProjectPaths Paths;
  const std::function<std::string(const EnumConstantDecl *)> &EnumKeyOf;
  ParseResult &Out;
  std::map<const ClassTemplateDecl *, std::optional<Family>> Seen;
};

} // namespace

void collectDefaultArgumentFacts(
    ASTContext &Ctx, const ProjectLayout &Project,
    const std::function<std::string(const EnumConstantDecl *)> &EnumKeyOf,
    ParseResult &Out) {
  FamilyVisitor V(Ctx, Project, EnumKeyOf, Out);
  V.TraverseDecl(Ctx.getTranslationUnitDecl());
}

} // namespace varsim::rewrite::templates::valueargs
