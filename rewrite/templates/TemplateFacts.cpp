//===- rewrite/templates/TemplateFacts.cpp - What a parse says about sites
//-===//
//
// The facts parse of the template lowering: the references to candidate
// declarations, where each stands (a function body, a signature, a
// declaration) and whether its value is only read at run time; the uses
// of candidate macros; the calls between project functions. What a
// declaration is (TemplateFactsDeclarations.cpp) is asked of the walk.
//
//===----------------------------------------------------------------------===//

#include "rewrite/templates/TemplateFacts.h"
#include "rewrite/SyntaxOnlyParse.h"
#include "rewrite/SystemBodies.h"
#include "rewrite/templates/TemplateFactsImpl.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroArgs.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/Tooling.h"

namespace varsim::rewrite::templates {
namespace facts {

bool Collector::TraverseDecl(Decl *D) {
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

bool Collector::VisitElaboratedTypeLoc(ElaboratedTypeLoc EL) {
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

bool Collector::VisitTypeLoc(TypeLoc TL) {
  SourceLocation B = TL.getBeginLoc(), MacroBegin;
  if (B.isMacroID() &&
      Lexer::isAtStartOfMacroExpansion(B, SM, Ctx.getLangOpts(), &MacroBegin))
    TypeStarts.insert(SM.getFileOffset(SM.getExpansionLoc(MacroBegin)));
  return true;
}

/// The uses of candidate macros, placed in their functions.
void Collector::placeMacroUses() {
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

bool Collector::VisitDeclRefExpr(DeclRefExpr *E) {
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
      std::string CalleeKey = functionKey(Def), CallerKey = functionKey(Outer);
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

/// Sets NameRef::RuntimeUse of the reference E (already added) when its
/// value is only needed at run time (see TemplateFacts.h).
void Collector::markRuntimeUse(const DeclRefExpr *E) {
  if (!Outer || Outer->isDependentContext() || E->getLocation().isMacroID())
    return;
  const std::string *File = S.pathOf(SM.getFileID(E->getLocation()));
  if (!File)
    return;
  auto Ref = S.Out.Refs.find(keyOf(*File, SM.getFileOffset(E->getLocation())));
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
bool Collector::isConstexprIfCondition(const DynTypedNode &P) {
  DynTypedNodeList Up = Ctx.getParents(P);
  if (Up.size() != 1)
    return false;
  const auto *If = Up[0].get<IfStmt>();
  return If && If->isConstexpr() && If->getCond() == P.get<Stmt>();
}

void Collector::addRef(const NamedDecl *Target, SourceLocation NameLoc,
                       NestedNameSpecifierLoc Qual, bool Constructor) {
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

std::string Collector::describeContext() const {
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

} // namespace facts

namespace {

using namespace facts;

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

  auto F = actionFactoryFor<Action>(S);
  runLoweringActions(Job.Parse, Job.StripMacros, Job.Overlay, F, Out);
  return Out;
}

} // namespace varsim::rewrite::templates
