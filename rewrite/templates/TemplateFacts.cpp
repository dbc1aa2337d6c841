//===- rewrite/templates/TemplateFacts.cpp - What a parse says about sites
//-===//

#include "rewrite/templates/TemplateFacts.h"
#include "rewrite/ProjectPaths.h"
#include "rewrite/SyntaxOnlyParse.h"
#include "rewrite/SystemBodies.h"
#include "rewrite/templates/FlagFacts.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroArgs.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/Path.h"

#ifndef VARSIM_CLANG_RESOURCE_DIR
#define VARSIM_CLANG_RESOURCE_DIR ""
#endif

namespace varsim::rewrite::templates {
namespace {

using namespace clang;

/// A use of a candidate macro, seen by the preprocessor.
struct MacroUse {
  std::string Key, File;
  unsigned Offset = 0, Line = 0, Column = 0;
};

struct State {
  const ProjectLayout &Project;
  const std::map<std::string, std::vector<CandidateBranch>> &Candidates;
  const std::map<std::string, std::vector<MacroCandidate>> &Macros;
  TemplateFacts &Out;
  SourceManager *SM = nullptr;
  std::vector<MacroUse> MacroUses{};
  ProjectPaths Paths{Project};

  /// The absolute path of a project file, nullptr outside the project.
  const std::string *pathOf(FileID FID) { return Paths.of(*SM, FID); }
};

std::string keyOf(const std::string &File, unsigned Offset) {
  return File + "|" + std::to_string(Offset);
}

/// Records the expansions of the macros defined per branch of a candidate
/// group (their definition lies in the group).
class MacroRecorder : public PPCallbacks {
public:
  explicit MacroRecorder(State &S) : S(S) {}

  void MacroExpands(const Token &Name, const MacroDefinition &MD, SourceRange,
                    const MacroArgs *) override {
    const MacroInfo *MI = MD.getMacroInfo();
    if (!MI || S.Macros.empty() || !Name.getIdentifierInfo())
      return;
    SourceManager &SM = *S.SM;
    SourceLocation Def = MI->getDefinitionLoc();
    if (Def.isInvalid() || Def.isMacroID())
      return;
    const std::string *DefFile = S.pathOf(SM.getFileID(Def));
    if (!DefFile)
      return;
    auto It = S.Macros.find(*DefFile);
    if (It == S.Macros.end())
      return;
    unsigned DefOffset = SM.getFileOffset(Def);
    llvm::StringRef Macro = Name.getIdentifierInfo()->getName();
    for (const MacroCandidate &C : It->second) {
      if (C.Name != Macro || DefOffset < C.Begin || DefOffset >= C.End)
        continue;
      SourceLocation Use = SM.getExpansionLoc(Name.getLocation());
      const std::string *UseFile = S.pathOf(SM.getFileID(Use));
      if (!UseFile)
        return;
      S.MacroUses.push_back({C.Key, *UseFile, SM.getFileOffset(Use),
                             SM.getSpellingLineNumber(Use),
                             SM.getSpellingColumnNumber(Use)});
      return;
    }
  }

private:
  State &S;
};

class Collector : public RecursiveASTVisitor<Collector> {
  using Base = RecursiveASTVisitor<Collector>;

public:
  Collector(State &S, ASTContext &Ctx)
      : S(S), Ctx(Ctx), SM(Ctx.getSourceManager()),
        Policy(Ctx.getPrintingPolicy()),
        Flags(
            Ctx, [&S](FileID FID) { return S.pathOf(FID); },
            [this](const NamedDecl *D) { return candidate(D); }, S.Out) {
    Policy.SuppressUnwrittenScope = true;
  }

  bool VisitClassTemplateDecl(ClassTemplateDecl *CTD) {
    Flags.visitClassTemplate(CTD);
    return true;
  }
  bool
  VisitClassTemplateSpecializationDecl(ClassTemplateSpecializationDecl *D) {
    Flags.visitExplicitSpecialization(D);
    return true;
  }
  bool VisitTemplateSpecializationTypeLoc(TemplateSpecializationTypeLoc TL) {
    Flags.visitSpecialization(TL);
    return true;
  }

  bool shouldVisitTemplateInstantiations() const { return false; }
  bool shouldVisitImplicitCode() const { return false; }

  bool TraverseDecl(Decl *D) {
    if (!D || isa<TranslationUnitDecl>(D))
      return Base::TraverseDecl(D);
    SourceLocation L = SM.getExpansionLoc(D->getLocation());
    if (L.isInvalid() || !S.pathOf(SM.getFileID(L)))
      return true;
    if (auto *ND = dyn_cast<NamedDecl>(D))
      candidate(ND);
    if (auto *CD = dyn_cast<CXXConstructorDecl>(D))
      addRef(CD->getParent(), CD->getLocation(), {}, /*Constructor=*/true);
    FunctionDecl *Saved = Outer;
    if (auto *FD = dyn_cast<FunctionDecl>(D);
        FD && !Outer && FD->doesThisDeclarationHaveABody()) {
      Outer = FD;
      OuterFunctions.push_back(FD);
    }
    Stack.push_back(D);
    bool R = Base::TraverseDecl(D);
    Stack.pop_back();
    Outer = Saved;
    return R;
  }

  bool VisitElaboratedTypeLoc(ElaboratedTypeLoc EL) {
    NestedNameSpecifierLoc Q = EL.getQualifierLoc();
    if (!Q)
      return true;
    TypeLoc Named = EL.getNamedTypeLoc();
    if (auto TD = Named.getAs<TypedefTypeLoc>())
      addRef(TD.getTypedefNameDecl(), TD.getNameLoc(), Q);
    else if (auto RD = Named.getAs<RecordTypeLoc>())
      addRef(RD.getDecl(), RD.getNameLoc(), Q);
    // A type named through a site's type (`Cache::Entry`) is a dependent
    // name once the site's type is a template parameter.
    if (!EL.getElaboratedKeywordLoc().isValid() && Outer &&
        qualifierNamesCandidate(Q.getNestedNameSpecifier()))
      if (FunctionSite *F = site(Outer)) {
        SourceLocation B = SM.getExpansionLoc(EL.getBeginLoc());
        F->TypenameAt.insert(SM.getFileOffset(B));
      }
    return true;
  }

  bool VisitTypeLoc(TypeLoc TL) {
    SourceLocation B = TL.getBeginLoc(), MacroBegin;
    if (B.isMacroID() &&
        Lexer::isAtStartOfMacroExpansion(B, SM, Ctx.getLangOpts(), &MacroBegin))
      TypeStarts.insert(SM.getFileOffset(SM.getExpansionLoc(MacroBegin)));
    return true;
  }

  /// The uses of candidate macros, placed in their functions.
  void placeMacroUses() {
    for (const MacroUse &U : S.MacroUses) {
      NameRef R;
      R.DefKey = U.Key;
      R.File = U.File;
      R.Offset = U.Offset;
      R.Line = U.Line;
      R.Column = U.Column;
      R.TypePosition = TypeStarts.count(U.Offset) != 0;
      for (FunctionDecl *FD : OuterFunctions) {
        SourceLocation B = SM.getExpansionLoc(FD->getBeginLoc());
        SourceLocation E = SM.getExpansionLoc(FD->getEndLoc());
        const std::string *File = S.pathOf(SM.getFileID(B));
        if (!File || *File != U.File || SM.getFileOffset(B) > U.Offset ||
            SM.getFileOffset(E) < U.Offset)
          continue;
        if (FunctionSite *F = site(FD)) {
          if (U.Offset > F->BodyBegin && U.Offset < F->BodyEnd)
            R.Function = F->Key;
          else
            R.Context = "the signature of function '" + F->Name + "'";
        } else {
          R.Context = "function '" + FD->getQualifiedNameAsString() +
                      "' (defined by a macro)";
        }
        break;
      }
      if (R.Function.empty() && R.Context.empty())
        R.Context = "a declaration or directive outside any function body";
      S.Out.Refs.emplace("M|" + keyOf(R.File, R.Offset), std::move(R));
    }
  }

  bool VisitTypedefTypeLoc(TypedefTypeLoc TL) {
    addRef(TL.getTypedefNameDecl(), TL.getNameLoc(), {});
    return true;
  }
  bool VisitRecordTypeLoc(RecordTypeLoc TL) {
    addRef(TL.getDecl(), TL.getNameLoc(), {});
    return true;
  }
  bool VisitInjectedClassNameTypeLoc(InjectedClassNameTypeLoc TL) {
    addRef(TL.getDecl(), TL.getNameLoc(), {});
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (isa<NonTypeTemplateParmDecl>(E->getDecl()))
      Flags.visitParameterUse(E);
    addRef(E->getDecl(), E->getLocation(), E->getQualifierLoc());
    if (const NameDef *Def = candidate(E->getDecl()); Def && !Def->IsType)
      markRuntimeUse(E);
    auto *Callee = dyn_cast<FunctionDecl>(E->getDecl());
    if (Outer && Callee && !isa<CXXMethodDecl>(Callee) && !E->hasQualifier() &&
        !E->hasExplicitTemplateArgs() && !E->getLocation().isMacroID() &&
        Callee->getDeclName().isIdentifier())
      if (const FunctionDecl *Def = Callee->getDefinition()) {
        std::string CalleeKey = functionKey(Def),
                    CallerKey = functionKey(Outer);
        const std::string *File = S.pathOf(SM.getFileID(E->getLocation()));
        if (!CalleeKey.empty() && !CallerKey.empty() && File) {
          CallRef C{CallerKey, CalleeKey, *File,
                    SM.getFileOffset(E->getLocation()),
                    static_cast<unsigned>(Callee->getName().size())};
          S.Out.Calls.emplace(keyOf(C.File, C.Offset), std::move(C));
        }
      }
    return true;
  }

private:
  /// Sets NameRef::RuntimeUse of the reference E (already added) when its
  /// value is only needed at run time (see TemplateFacts.h).
  void markRuntimeUse(const DeclRefExpr *E) {
    if (!Outer || Outer->isDependentContext() || E->getLocation().isMacroID())
      return;
    const std::string *File = S.pathOf(SM.getFileID(E->getLocation()));
    if (!File)
      return;
    auto Ref =
        S.Out.Refs.find(keyOf(*File, SM.getFileOffset(E->getLocation())));
    if (Ref == S.Out.Refs.end())
      return;
    std::optional<unsigned> ConstexprAt;
    DynTypedNode Node = DynTypedNode::create(*E);
    for (unsigned Depth = 0; Depth < 256; ++Depth) {
      DynTypedNodeList Parents = Ctx.getParents(Node);
      if (Parents.size() != 1)
        return;
      const DynTypedNode &P = Parents[0];
      if (const auto *FD = P.get<FunctionDecl>()) {
        if (FD != Outer && FD->isDependentContext())
          return;
        if (FD == Outer || isa<CXXMethodDecl>(FD)) { // Also a lambda's body.
          Ref->second.RuntimeUse = true;
          Ref->second.ConstexprAt = ConstexprAt;
        }
        return;
      }
      if (const auto *VD = P.get<VarDecl>()) {
        // A local's initializer runs at run time unless it is constexpr.
        if (VD->isConstexpr() || !VD->isLocalVarDecl())
          return;
      } else if (const auto *If = P.get<IfStmt>()) {
        if (If->isConstexpr()) {
          const Stmt *Cond = If->getCond();
          const Stmt *From = Node.get<Stmt>();
          if (!Cond || From != Cond || ConstexprAt)
            return; // In a branch (discarded or not): the value matters.
          ConstexprAt = constexprKeywordOffset(*If, SM, Ctx.getLangOpts());
          if (!ConstexprAt)
            return;
        }
      } else if (P.get<ConstantExpr>() &&
                 !(Node.get<Stmt>() && isConstexprIfCondition(P))) {
        return; // A case label, a static_assert, ...: a constant is needed.
      } else if (!P.get<Stmt>() && !P.get<DeclStmt>()) {
        return; // A type, a template argument, a member: be conservative.
      }
      Node = P;
    }
  }

  /// P (a ConstantExpr) is the condition of an `if constexpr`.
  bool isConstexprIfCondition(const DynTypedNode &P) {
    DynTypedNodeList Up = Ctx.getParents(P);
    if (Up.size() != 1)
      return false;
    const auto *If = Up[0].get<IfStmt>();
    return If && If->isConstexpr() && If->getCond() == P.get<Stmt>();
  }

  bool qualifierNamesCandidate(const NestedNameSpecifier *N) {
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

  const CandidateBranch *branchAt(const std::string &File, unsigned Offset) {
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
  const NameDef *candidate(const NamedDecl *D) {
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

  const NameDef *classify(const NamedDecl *D) {
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
      if (isa<ParmVarDecl>(VD) ||
          !VD->getType()->isIntegralOrEnumerationType() ||
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

  void addRef(const NamedDecl *Target, SourceLocation NameLoc,
              NestedNameSpecifierLoc Qual, bool Constructor = false) {
    const NameDef *Def = candidate(Target);
    if (!Def || NameLoc.isInvalid())
      return;
    NameRef R;
    SourceLocation L = NameLoc;
    if (L.isMacroID()) {
      if (SM.isMacroArgExpansion(L))
        L = SM.getSpellingLoc(L);
      else {
        L = SM.getExpansionLoc(L);
        R.Context = "the expansion of a macro";
      }
    }
    const std::string *File = S.pathOf(SM.getFileID(L));
    if (!File)
      return;
    R.DefKey = Def->Key;
    R.File = *File;
    R.Offset = SM.getFileOffset(L);
    R.Line = SM.getSpellingLineNumber(L);
    R.Column = SM.getSpellingColumnNumber(L);
    R.Constructor = Constructor;
    if (Qual && !Qual.getBeginLoc().isMacroID()) {
      R.Qualified = true;
      R.QualBegin = SM.getFileOffset(Qual.getBeginLoc());
    }
    if (R.Context.empty()) {
      if (Outer) {
        if (FunctionSite *F = site(Outer)) {
          if (R.File == F->File && R.Offset > F->BodyBegin &&
              R.Offset < F->BodyEnd)
            R.Function = F->Key;
          else
            R.Context = "the signature of function '" + F->Name + "'";
        } else {
          R.Context = "function '" + Outer->getQualifiedNameAsString() +
                      "' (defined by a macro)";
        }
      } else {
        R.Context = describeContext();
      }
    }
    S.Out.Refs.emplace(keyOf(R.File, R.Offset), std::move(R));
  }

  std::string describeContext() const {
    for (auto It = Stack.rbegin(); It != Stack.rend(); ++It) {
      auto *ND = dyn_cast<NamedDecl>(*It);
      if (!ND || !ND->getDeclName().isIdentifier())
        continue;
      std::string Name = "'" + ND->getQualifiedNameAsString() + "'";
      if (isa<FieldDecl>(ND))
        return "member " + Name;
      if (isa<CXXRecordDecl>(ND))
        return "class " + Name;
      if (isa<VarDecl>(ND))
        return "variable " + Name;
      if (isa<TypedefNameDecl>(ND))
        return "type alias " + Name;
      if (isa<FunctionDecl>(ND))
        return "the declaration of function " + Name;
      return "the declaration of " + Name;
    }
    return "a declaration at namespace scope";
  }

  /// The key a FunctionSite of FD has ("" outside the project).
  std::string functionKey(const FunctionDecl *FD) {
    SourceLocation L = FD->getLocation();
    if (L.isInvalid() || L.isMacroID())
      return "";
    const std::string *File = S.pathOf(SM.getFileID(L));
    return File ? keyOf(*File, SM.getFileOffset(L)) : "";
  }

  /// The site of a function definition (created on first use); nullptr if
  /// its body is not in a project file.
  FunctionSite *site(FunctionDecl *FD) {
    auto *Body = FD->getBody();
    if (!Body || FD->getLocation().isMacroID() ||
        Body->getBeginLoc().isMacroID())
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
      F.Unsupported =
          "a function with a deduced return type ('" + F.Name + "')";
    else if (!FD->getDeclName().isIdentifier())
      F.Unsupported = "an operator or conversion function";
    else if (FD->isExternC())
      F.Unsupported = "a function with C language linkage ('" + F.Name + "')";
    return &F;
  }

  State &S;
  ASTContext &Ctx;
  SourceManager &SM;
  PrintingPolicy Policy;
  std::vector<Decl *> Stack;
  FunctionDecl *Outer = nullptr;
  std::vector<FunctionDecl *> OuterFunctions;
  std::set<unsigned> TypeStarts; ///< Offsets of macro uses naming a type.
  llvm::DenseMap<const Decl *, const NameDef *> Seen;
  FlagFactsCollector Flags;
};

class Consumer : public ASTConsumer {
public:
  explicit Consumer(State &S) : S(S) {}
  void HandleTranslationUnit(ASTContext &Ctx) override {
    Collector C(S, Ctx);
    C.TraverseDecl(Ctx.getTranslationUnitDecl());
    C.placeMacroUses();
  }
  bool shouldSkipFunctionBody(Decl *D) override {
    return isSystemBody(*S.SM, D);
  }

private:
  State &S;
};

class Action : public ASTFrontendAction {
public:
  explicit Action(State &S) : S(S) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 llvm::StringRef) override {
    S.SM = &CI.getSourceManager();
    askToSkipBodies(CI);
    CI.getPreprocessor().addPPCallbacks(std::make_unique<MacroRecorder>(S));
    return std::make_unique<Consumer>(S);
  }

private:
  State &S;
};

} // namespace

TemplateFacts collectTemplateFacts(const FactsJob &Job,
                                   const ProjectLayout &Project) {
  TemplateFacts Out;
  static const std::map<std::string, std::vector<CandidateBranch>> None;
  static const std::map<std::string, std::vector<MacroCandidate>> NoMacros;
  State S{Project, Job.Candidates ? *Job.Candidates : None,
          Job.Macros ? *Job.Macros : NoMacros, Out};

  // The entry's own flags, less its outputs and the feature macros' -D/-U,
  // plus the configuration's defines: a syntax-only parse.
  SyntaxOnlyParse P;
  P.Entry = Job.Entry;
  P.Defines = Job.Defines;
  P.StripMacros = Job.StripMacros;
  P.Overlay = Job.Overlay;
  auto F = actionFactoryFor<Action>(S);
  SyntaxOnlyResult Parsed = runSyntaxOnly(P, F);
  if (Parsed.Failed) {
    Out.Failed = true;
    Out.Diagnostics = std::move(Parsed.Diagnostics);
  }
  return Out;
}

} // namespace varsim::rewrite::templates
