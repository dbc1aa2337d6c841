//===- rewrite/ParseFactsPlaces.cpp - Directive lines placed in the AST -===//
//
// Where each watched directive line of a feature group sits in the AST:
// between declarations, members or statements, or inside something.
//
//===----------------------------------------------------------------------===//

#include "rewrite/FeatureGroups.h"
#include "rewrite/ParseFactsImpl.h"
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
namespace {

/// Finds the offsets of the last use of each local variable of a body.
class UseCollector : public RecursiveASTVisitor<UseCollector> {
public:
  explicit UseCollector(SourceManager &SM) : SM(SM) {}
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (auto *VD = dyn_cast<VarDecl>(E->getDecl())) {
      unsigned &Max = Last[VD];
      Max =
          std::max(Max, SM.getFileOffset(SM.getExpansionLoc(E->getLocation())));
    }
    return true;
  }
  llvm::DenseMap<const VarDecl *, unsigned> Last;

private:
  SourceManager &SM;
};

/// Places directive lines in the AST of one file.
class Placer {
public:
  Placer(ParseState &S, ASTContext &Ctx, FileID FID, FileFacts &Facts)
      : State(S), Ctx(Ctx), R(Ctx.getSourceManager(), Ctx.getLangOpts()),
        FID(FID), Facts(Facts) {}

  DirectivePlace place(unsigned D) {
    return inDecls(Ctx.getTranslationUnitDecl(), D);
  }

private:
  static std::string describe(const NamedDecl *ND, const char *What) {
    std::string Name = ND->getNameAsString();
    return Name.empty() ? std::string("an unnamed ") + What
                        : std::string("the ") + What + " '" + Name + "'";
  }

  DirectivePlace inside(std::string What) {
    DirectivePlace P;
    P.K = DirectivePlace::Inside;
    P.Construct = std::move(What);
    return P;
  }

  /// The declarations of DC (implicit ones left out) with their ranges in
  /// FID, worked out once per context: every watched directive of the
  /// file is placed among the same declarations (the translation unit's
  /// are mostly the system headers').
  using DeclRange =
      std::pair<Decl *, std::optional<std::pair<unsigned, unsigned>>>;
  const std::vector<DeclRange> &declRanges(DeclContext *DC) {
    auto [It, New] = DeclRanges.try_emplace(DC);
    if (New)
      for (Decl *Dcl : DC->decls())
        if (!Dcl->isImplicit())
          It->second.emplace_back(Dcl, R.of(Dcl->getSourceRange(), FID));
    return It->second;
  }

  DirectivePlace inDecls(DeclContext *DC, unsigned D) {
    for (const auto &[Dcl, Range] : declRanges(DC)) {
      if (!contains(Range, D))
        continue;
      Decl *Inner = Dcl;
      if (auto *FT = dyn_cast<FunctionTemplateDecl>(Inner))
        Inner = FT->getTemplatedDecl();
      else if (auto *CT = dyn_cast<ClassTemplateDecl>(Inner))
        Inner = CT->getTemplatedDecl();
      if (isa<NamespaceDecl>(Inner) || isa<LinkageSpecDecl>(Inner) ||
          isa<ExportDecl>(Inner))
        return inDecls(cast<DeclContext>(Inner), D);
      if (auto *RD = dyn_cast<RecordDecl>(Inner)) {
        if (RD->isCompleteDefinition() &&
            contains(R.of(RD->getBraceRange(), FID), D)) {
          DirectivePlace P = inDecls(RD, D);
          if (P.K == DirectivePlace::Declarations)
            P.K = DirectivePlace::Members;
          return P;
        }
        return inside(describe(RD, "declaration of"));
      }
      if (auto *ED = dyn_cast<EnumDecl>(Inner))
        return inside(describe(ED, "enum"));
      if (auto *FD = dyn_cast<FunctionDecl>(Inner)) {
        auto *Body = dyn_cast_or_null<CompoundStmt>(
            FD->doesThisDeclarationHaveABody() ? FD->getBody() : nullptr);
        if (Body && contains(R.of(Body->getSourceRange(), FID), D))
          return inCompound(Body, functionIndex(Body), D);
        return inside(describe(FD, "declaration of function"));
      }
      if (auto *ND = dyn_cast<NamedDecl>(Inner))
        return inside(describe(ND, "declaration of"));
      return inside("a declaration");
    }
    return DirectivePlace{};
  }

  int functionIndex(const CompoundStmt *Body) {
    unsigned B = R.offset(Body->getLBracLoc());
    for (size_t I = 0; I < Facts.Functions.size(); ++I)
      if (Facts.Functions[I].BodyBegin == B)
        return static_cast<int>(I);
    return -1;
  }

  /// The children of a block, with labels split from what they label.
  struct Child {
    const Stmt *S;
    bool Label;
    std::optional<std::pair<unsigned, unsigned>> Range;
  };
  std::vector<Child> children(const CompoundStmt *CS) {
    std::vector<Child> Out;
    for (const Stmt *S : CS->body()) {
      while (S) {
        const Stmt *Sub = nullptr;
        if (auto *SC = dyn_cast<SwitchCase>(S))
          Sub = SC->getSubStmt();
        else if (auto *LS = dyn_cast<LabelStmt>(S))
          Sub = LS->getSubStmt();
        if (!Sub) {
          Out.push_back({S, false, R.of(S->getSourceRange(), FID)});
          break;
        }
        auto Whole = R.of(S->getSourceRange(), FID);
        if (Whole)
          Whole->second = R.offset(Sub->getBeginLoc());
        Out.push_back({S, true, Whole});
        S = Sub;
      }
    }
    return Out;
  }

  const CompoundStmt *findCompound(const Stmt *S, unsigned D) {
    for (const Stmt *C : S->children()) {
      if (!C || !contains(R.of(C->getSourceRange(), FID), D))
        continue;
      if (auto *CS = dyn_cast<CompoundStmt>(C))
        return CS;
      if (auto *LE = dyn_cast<LambdaExpr>(C))
        return LE->getCompoundStmtBody();
      return findCompound(C, D);
    }
    return nullptr;
  }

  static std::string describe(const Stmt *S) {
    if (isa<Expr>(S))
      return "an expression";
    if (isa<DeclStmt>(S))
      return "a declaration statement";
    if (isa<IfStmt>(S))
      return "an if statement without braces";
    if (isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S))
      return "a loop without braces";
    if (isa<ReturnStmt>(S))
      return "a return statement";
    return std::string("a statement (") + S->getStmtClassName() + ")";
  }

  DirectivePlace inCompound(const CompoundStmt *CS, int Function, unsigned D) {
    std::vector<Child> Kids = children(CS);
    for (const Child &K : Kids) {
      if (!contains(K.Range, D))
        continue;
      if (K.Label)
        continue;
      if (auto *Inner = dyn_cast<CompoundStmt>(K.S))
        return inCompound(Inner, Function, D);
      if (const CompoundStmt *Inner = findCompound(K.S, D))
        return inCompound(Inner, Function, D);
      return inside(describe(K.S));
    }
    DirectivePlace P;
    P.K = DirectivePlace::Statements;
    P.Compound = R.offset(CS->getLBracLoc());
    P.Function = Function;
    record(CS, Kids, Function);
    return P;
  }

  void record(const CompoundStmt *CS, const std::vector<Child> &Kids,
              int Function) {
    unsigned B = R.offset(CS->getLBracLoc());
    for (const CompoundFact &C : Facts.Compounds)
      if (C.Begin == B)
        return;
    CompoundFact C;
    C.Begin = B;
    C.End = R.offset(CS->getRBracLoc());
    C.Function = Function;
    if (llvm::any_of(Kids, [](const Child &K) { return isa<SwitchCase>(K.S); }))
      for (const DynTypedNode &P : Ctx.getParents(*CS))
        if (const auto *SW = P.get<SwitchStmt>())
          C.SwitchBody = SW->getBody() == CS;
    UseCollector *Uses = nullptr;
    for (const Child &K : Kids) {
      if (!K.Range)
        continue;
      StmtFact F;
      F.Begin = K.Range->first;
      F.End = K.Range->second;
      F.Label = K.Label;
      F.CaseLabel = K.Label && isa<CaseStmt>(K.S);
      F.DefaultLabel = K.Label && isa<DefaultStmt>(K.S);
      if (auto *DS = dyn_cast<DeclStmt>(K.S)) {
        F.DeclStmt = true;
        for (const Decl *Dcl : DS->decls()) {
          auto *VD = dyn_cast<VarDecl>(Dcl);
          if (!VD)
            continue;
          if (!Uses)
            Uses = &usesIn(CS, Function);
          VarFact V;
          V.Name = VD->getName().str();
          QualType T = VD->getType();
          std::string Text;
          llvm::raw_string_ostream OS(Text);
          T.getUnqualifiedType().print(OS, Ctx.getPrintingPolicy(), V.Name);
          V.HoistedDecl = Text;
          V.Scalar = T->isScalarType() && !T->isReferenceType();
          V.Const = T.isConstQualified();
          V.StaticLocal = VD->isStaticLocal();
          V.Destructed =
              !VD->isStaticLocal() && T.isDestructedType() != QualType::DK_none;
          V.HasInit = VD->hasInit() && VD->getInitStyle() == VarDecl::CInit;
          if (VD->hasInit() && VD->getInitStyle() != VarDecl::CInit)
            V.Scalar = false;
          if (V.HasInit)
            V.InitBegin = R.offset(VD->getInit()->getBeginLoc());
          auto It = Uses->Last.find(VD);
          V.MaxUse = It == Uses->Last.end() ? 0 : It->second;
          F.Vars.push_back(std::move(V));
        }
      }
      C.Children.push_back(std::move(F));
    }
    Facts.Compounds.push_back(std::move(C));
  }

  UseCollector &usesIn(const CompoundStmt *CS, int Function) {
    auto It = UseCache.find(Function);
    if (It != UseCache.end())
      return *It->second;
    auto U = std::make_unique<UseCollector>(R.SM);
    U->TraverseStmt(const_cast<CompoundStmt *>(CS));
    // The whole function body sees more uses than the block.
    UseCollector &Ref = *U;
    UseCache[Function] = std::move(U);
    return Ref;
  }

  ParseState &State;
  ASTContext &Ctx;
  Ranges R;
  FileID FID;
  FileFacts &Facts;
  std::map<int, std::unique_ptr<UseCollector>> UseCache;
  llvm::DenseMap<DeclContext *, std::vector<DeclRange>> DeclRanges;
};

} // namespace

void placeDirectives(ParseState &S, ASTContext &Ctx) {
  for (auto &[Path, Facts] : S.Result.Files) {
    auto W = S.Watched.find(Path);
    auto St = S.Structures.find(Path);
    auto F = S.FirstFID.find(Path);
    if (W == S.Watched.end() || St == S.Structures.end() ||
        F == S.FirstFID.end())
      continue;
    Placer P(S, Ctx, F->second, Facts);
    for (unsigned Idx : W->second) {
      const Directive &D = St->second.Directives[Idx];
      Facts.Places[Idx] = P.place(D.Begin);
    }
  }
}

} // namespace varsim::rewrite::facts
