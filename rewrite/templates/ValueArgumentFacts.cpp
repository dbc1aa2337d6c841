//===- rewrite/templates/ValueArgumentFacts.cpp - What one parse saw -----===//
//
// See ValueArgumentFacts.h. The visitor classifies each reference to an
// enumerator that stands for a numeric feature: an explicit template
// argument of a call that is a whole statement, a run-time read, or
// something the lowering cannot select at run time (with the reason).
//
//===----------------------------------------------------------------------===//

#include "rewrite/templates/ValueArgumentFacts.h"
#include "rewrite/ProjectPaths.h"
#include "rewrite/SystemBodies.h"
#include "support/SourceFiles.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"

#include <optional>

namespace varsim::rewrite::templates::valueargs {

std::string keyOf(const std::string &File, unsigned Offset) {
  return File + "|" + std::to_string(Offset);
}

namespace {

using namespace clang;

class Visitor : public RecursiveASTVisitor<Visitor> {
public:
  Visitor(ASTContext &Ctx, const ProjectLayout &Project,
          const std::set<std::string> &Numeric, ParseResult &Out)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Paths(Project), Numeric(Numeric),
        Out(Out) {}

  bool shouldVisitTemplateInstantiations() const { return false; }
  bool shouldVisitImplicitCode() const { return false; }

  bool VisitDeclRefExpr(DeclRefExpr *DRE) {
    auto *ECD = dyn_cast<EnumConstantDecl>(DRE->getDecl());
    if (!ECD)
      return true;
    const EnumFact *E = enumFact(ECD);
    if (!E)
      return true;
    RefFact R;
    R.EnumKey = keyOf(E->File, E->NameOffset);
    SourceLocation B = DRE->getBeginLoc(), End = DRE->getEndLoc();
    SourceLocation At = SM.getExpansionLoc(B);
    const std::string *File = Paths.of(SM, SM.getFileID(At));
    R.File = Paths.pathOf(SM, SM.getFileID(At));
    R.Offset = SM.getFileOffset(At);
    R.NameOffset = SM.getFileOffset(SM.getExpansionLoc(DRE->getLocation()));
    R.Line = SM.getExpansionLineNumber(At);
    R.Column = SM.getExpansionColumnNumber(At);
    if (!File)
      R.Why = "outside the project's sources";
    else if (B.isMacroID() || End.isMacroID())
      R.Why = "in a macro expansion";
    else {
      unsigned EndOff = SM.getFileOffset(
          Lexer::getLocForEndOfToken(End, 0, SM, Ctx.getLangOpts()));
      R.Length = EndOff - R.Offset;
      classify(DRE, R);
    }
    Out.Refs.push_back(std::move(R));
    return true;
  }

  /// The key of ECD's fact ("" if it does not stand for a numeric feature).
  std::string enumKey(const EnumConstantDecl *ECD) {
    const EnumFact *E = enumFact(ECD);
    return E ? keyOf(E->File, E->NameOffset) : std::string();
  }

private:
  /// The fact of ECD if its initializer is exactly a numeric feature macro.
  const EnumFact *enumFact(const EnumConstantDecl *ECD) {
    if (auto It = Seen.find(ECD); It != Seen.end())
      return It->second;
    const EnumFact *Result = nullptr;
    Seen[ECD] = nullptr;
    // An enumeration local to a function: the #if rewriter copies the
    // function per configuration (docs/rewriter.md).
    if (ECD->getParentFunctionOrMethod())
      return nullptr;
    const Expr *Init = ECD->getInitExpr();
    SourceLocation Name = ECD->getLocation();
    if (!Init || Name.isMacroID() || !Init->getBeginLoc().isMacroID())
      return nullptr;
    CharSourceRange R = SM.getExpansionRange(Init->getSourceRange());
    if (SM.getFileID(R.getBegin()) != SM.getFileID(Name))
      return nullptr;
    llvm::StringRef Text =
        Lexer::getSourceText(R, SM, Ctx.getLangOpts()).trim();
    if (!Numeric.count(Text.str()))
      return nullptr;
    const std::string *File = Paths.of(SM, SM.getFileID(Name));
    if (!File)
      return nullptr;
    EnumFact F;
    F.File = *File;
    F.Name = ECD->getName().str();
    F.Macro = Text.str();
    F.NameOffset = SM.getFileOffset(Name);
    F.InitOffset = SM.getFileOffset(R.getBegin());
    F.InitLength = static_cast<unsigned>(Text.size());
    F.Line = SM.getSpellingLineNumber(Name);
    F.Column = SM.getSpellingColumnNumber(Name);
    if (const auto *ED = dyn_cast<EnumDecl>(ECD->getDeclContext())) {
      bool Next = false;
      for (const EnumConstantDecl *Other : ED->enumerators()) {
        if (Next) {
          F.NextImplicit = !Other->getInitExpr();
          break;
        }
        Next = Other == ECD;
      }
    }
    auto [It, New] =
        Out.Enums.try_emplace(keyOf(F.File, F.NameOffset), std::move(F));
    Result = &It->second;
    Seen[ECD] = Result;
    return Result;
  }

  /// The single parent of N (none if there is none or several).
  std::optional<DynTypedNode> parentOf(const DynTypedNode &N) {
    auto Parents = Ctx.getParents(N);
    if (Parents.size() != 1)
      return std::nullopt;
    return Parents[0];
  }

  static llvm::ArrayRef<TemplateArgumentLoc> explicitArgs(const Expr *E) {
    if (const auto *D = dyn_cast<DeclRefExpr>(E))
      return D->template_arguments();
    if (const auto *M = dyn_cast<MemberExpr>(E))
      return M->template_arguments();
    if (const auto *O = dyn_cast<OverloadExpr>(E))
      return O->template_arguments();
    if (const auto *C = dyn_cast<CXXDependentScopeMemberExpr>(E))
      return C->template_arguments();
    if (const auto *D = dyn_cast<DependentScopeDeclRefExpr>(E))
      return D->template_arguments();
    return {};
  }

  bool fileRange(SourceLocation B, SourceLocation E) const {
    return B.isFileID() && E.isFileID() && SM.getFileID(B) == SM.getFileID(E);
  }

  /// Whether the enumerator reference is an explicit template argument of
  /// a call that is a whole `return` or expression statement (then
  /// R.Stmt* are set), a run-time read, or something else (R.Why).
  void classify(const DeclRefExpr *DRE, RefFact &R) {
    if (inConstexprFunction(DRE)) {
      R.Why = "in a constexpr function or a lambda (which may be evaluated "
              "where a constant is required)";
      return;
    }
    if (templateArgument(DRE, R)) {
      R.Kind = UseKind::TemplateArgument;
      return;
    }
    if (!R.Why.empty())
      return;
    if (runTimeRead(DRE)) {
      R.Kind = UseKind::RunTimeRead;
      return;
    }
    R.Why = defaultArgument(DRE)
                ? "as a default template argument (a use of the template "
                  "that relies on it names another type in each "
                  "configuration)"
                : "where the parse cannot tell that a run-time value will "
                  "do (a constant expression, a declaration, a default "
                  "argument)";
  }

  /// The innermost function around DRE is constexpr (or consteval), or a
  /// lambda (implicitly constexpr where it can be).
  bool inConstexprFunction(const DeclRefExpr *DRE) {
    DynTypedNode N = DynTypedNode::create(*DRE);
    for (unsigned Depth = 0; Depth < 256; ++Depth) {
      auto Parents = Ctx.getParents(N);
      if (Parents.empty())
        return false;
      N = Parents[0];
      if (N.get<LambdaExpr>())
        return true;
      if (const auto *FD = N.get<FunctionDecl>())
        return FD->isConstexpr();
    }
    return false;
  }

  /// DRE is (within) the default argument of a template parameter.
  bool defaultArgument(const DeclRefExpr *DRE) {
    DynTypedNode N = DynTypedNode::create(*DRE);
    for (unsigned Depth = 0; Depth < 8; ++Depth) {
      auto P = parentOf(N);
      if (!P)
        return false;
      if (P->get<NonTypeTemplateParmDecl>())
        return true;
      if (P->get<Decl>())
        return false;
      N = *P;
    }
    return false;
  }

  bool templateArgument(const DeclRefExpr *DRE, RefFact &R) {
    DynTypedNode N = DynTypedNode::create(*DRE);
    const Expr *Arg = DRE;
    for (auto P = parentOf(N); P; P = parentOf(N)) {
      const auto *E = P->get<Expr>();
      if (!E || !(isa<ImplicitCastExpr>(E) || isa<ParenExpr>(E) ||
                  isa<SubstNonTypeTemplateParmExpr>(E)))
        break;
      N = *P;
      Arg = E;
    }
    // A template argument's expression may be shared by the pattern and
    // its instantiations (several parents): any callee that lists it.
    for (DynTypedNode P : Ctx.getParents(N)) {
      if (P.get<TemplateArgumentLoc>()) {
        auto Q = parentOf(P);
        if (!Q)
          continue;
        P = *Q;
      }
      const Expr *Callee = P.get<Expr>();
      if (!Callee)
        continue;
      for (const TemplateArgumentLoc &TAL : explicitArgs(Callee))
        if (TAL.getArgument().getKind() == TemplateArgument::Expression &&
            TAL.getSourceExpression() &&
            (TAL.getSourceExpression() == Arg ||
             TAL.getSourceExpression()->IgnoreImplicit() == DRE) &&
            callStatement(Callee, R))
          return true;
    }
    return false;
  }

  /// Callee's call is the whole value of a `return` or expression
  /// statement: R.Stmt* and R.Return set.
  bool callStatement(const Expr *Callee, RefFact &R) {
    // Up to the call whose callee this is.
    DynTypedNode N = DynTypedNode::create(*Callee);
    const CallExpr *Call = nullptr;
    for (auto Q = parentOf(N); Q; Q = parentOf(N)) {
      if (const auto *CE = Q->get<CallExpr>()) {
        if (CE->getCallee()->IgnoreImplicit() == Callee->IgnoreImplicit())
          Call = CE;
        break;
      }
      const auto *E = Q->get<Expr>();
      if (!E || !isa<ImplicitCastExpr>(E))
        break;
      N = *Q;
    }
    if (!Call) {
      R.Why = "as a template argument of something other than a call";
      return false;
    }
    // Up to the statement the call is the whole value of.
    N = DynTypedNode::create(*static_cast<const Expr *>(Call));
    const Stmt *S = nullptr;
    for (auto Q = parentOf(N); Q; Q = parentOf(N)) {
      if (const auto *RS = Q->get<ReturnStmt>()) {
        S = RS;
        R.Return = true;
        break;
      }
      if (Q->get<CompoundStmt>()) {
        S = N.get<Stmt>();
        break;
      }
      const auto *E = Q->get<Expr>();
      if (!E || !(isa<ImplicitCastExpr>(E) || isa<ExprWithCleanups>(E) ||
                  isa<CXXBindTemporaryExpr>(E) ||
                  isa<MaterializeTemporaryExpr>(E) || isa<ConstantExpr>(E)))
        break;
      N = *Q;
    }
    if (!S || !fileRange(S->getBeginLoc(), S->getEndLoc())) {
      R.Why = "as a template argument of a call that is not a whole "
              "`return` or expression statement";
      return false;
    }
    SourceLocation Semi = Lexer::findLocationAfterToken(
        S->getEndLoc(), tok::semi, SM, Ctx.getLangOpts(),
        /*SkipTrailingWhitespaceAndNewLine=*/false);
    if (Semi.isInvalid() || !fileRange(S->getBeginLoc(), Semi)) {
      R.Why = "in a statement not ended by its own `;`";
      return false;
    }
    R.StmtBegin = SM.getFileOffset(S->getBeginLoc());
    R.StmtEnd = SM.getFileOffset(Semi);
    return true;
  }

  /// A read whose value only flows through operators into a run-time
  /// position: a non-constexpr `if`/loop condition, a `return`, an
  /// expression statement, a call argument, a non-const local's
  /// initializer. No constant expression is on that path, so a value read
  /// at run time compiles and behaves as the constant did.
  bool runTimeRead(const DeclRefExpr *DRE) {
    return runTimeUse(DynTypedNode::create(*DRE), DRE, 0);
  }

  /// Every parent of N (the pattern's and the instantiations') takes
  /// Child's value as a run-time value (see runTimeRead).
  bool runTimeUse(const DynTypedNode &N, const Stmt *Child, unsigned Depth) {
    auto Parents = Ctx.getParents(N);
    if (Parents.empty() || Depth > 64)
      return false;
    for (const DynTypedNode &P : Parents)
      if (!runTimeParent(P, Child, Depth))
        return false;
    return true;
  }

  bool runTimeParent(const DynTypedNode &P, const Stmt *Child, unsigned Depth) {
    if (const auto *VD = P.get<VarDecl>())
      return VD->isLocalVarDecl() && !VD->isConstexpr() &&
             !VD->getType().isConstQualified() &&
             !VD->getType()->isReferenceType() && VD->getInit() &&
             VD->getInit()->IgnoreImplicit() ==
                 cast<Expr>(Child)->IgnoreImplicit();
    const auto *S = P.get<Stmt>();
    if (!S)
      return false;
    if (const auto *If = dyn_cast<IfStmt>(S))
      return !If->isConstexpr() && If->getCond() == Child;
    if (const auto *W = dyn_cast<WhileStmt>(S))
      return W->getCond() == Child;
    if (const auto *D = dyn_cast<DoStmt>(S))
      return D->getCond() == Child;
    if (const auto *F = dyn_cast<ForStmt>(S))
      return F->getCond() == Child || F->getInc() == Child;
    if (isa<ReturnStmt>(S) || isa<CompoundStmt>(S))
      return true;
    if (const auto *C = dyn_cast<CallExpr>(S))
      return C->getCallee() != Child;
    bool Through = false;
    if (isa<ImplicitCastExpr>(S) || isa<ParenExpr>(S) ||
        isa<ConditionalOperator>(S))
      Through = true;
    else if (const auto *U = dyn_cast<UnaryOperator>(S))
      Through = U->getOpcode() == UO_LNot || U->getOpcode() == UO_Not ||
                U->getOpcode() == UO_Minus || U->getOpcode() == UO_Plus;
    else if (const auto *B = dyn_cast<BinaryOperator>(S))
      Through = !B->isAssignmentOp() || B->getRHS() == Child;
    return Through && runTimeUse(P, S, Depth + 1);
  }

  ASTContext &Ctx;
  SourceManager &SM;
  ProjectPaths Paths;
  const std::set<std::string> &Numeric;
  ParseResult &Out;
  std::map<const EnumConstantDecl *, const EnumFact *> Seen;
};

class Action : public ASTFrontendAction {
public:
  Action(const ProjectLayout &Project, const std::set<std::string> &Numeric,
         ParseResult &Out)
      : Project(Project), Numeric(Numeric), Out(Out) {}

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 llvm::StringRef) override {
    askToSkipBodies(CI);
    struct Consumer : ASTConsumer {
      Consumer(Action &A, const SourceManager &Sources)
          : A(A), Sources(Sources) {}
      bool shouldSkipFunctionBody(Decl *D) override {
        return isSystemBody(Sources, D);
      }
      void HandleTranslationUnit(ASTContext &Ctx) override {
        if (!Ctx.getLangOpts().CPlusPlus)
          return;
        Visitor V(Ctx, A.Project, A.Numeric, A.Out);
        V.TraverseDecl(Ctx.getTranslationUnitDecl());
        collectDefaultArgumentFacts(
            Ctx, A.Project,
            [&V](const EnumConstantDecl *ECD) { return V.enumKey(ECD); },
            A.Out);
        SourceManager &SM = Ctx.getSourceManager();
        ProjectPaths Paths(A.Project);
        for (auto It = SM.fileinfo_begin(); It != SM.fileinfo_end(); ++It) {
          FileID FID = SM.translateFile(It->first);
          if (const std::string *Path =
                  FID.isValid() ? Paths.of(SM, FID) : nullptr)
            A.Out.Files.insert(*Path);
        }
      }
      Action &A;
      const SourceManager &Sources;
    };
    return std::make_unique<Consumer>(*this, CI.getSourceManager());
  }

  bool BeginSourceFileAction(CompilerInstance &CI) override {
    struct Skips : PPCallbacks {
      Skips(SourceManager &SM, const ProjectLayout &Project, ParseResult &Out)
          : SM(SM), Paths(Project), Out(Out) {}
      void SourceRangeSkipped(SourceRange R, SourceLocation) override {
        SourceLocation B = SM.getExpansionLoc(R.getBegin());
        SourceLocation E = SM.getExpansionLoc(R.getEnd());
        if (SM.getFileID(B) != SM.getFileID(E))
          return;
        if (const std::string *File = Paths.of(SM, SM.getFileID(B)))
          Out.Skipped[*File].emplace_back(SM.getFileOffset(B),
                                          SM.getFileOffset(E) + 1);
      }
      SourceManager &SM;
      ProjectPaths Paths;
      ParseResult &Out;
    };
    CI.getPreprocessor().addPPCallbacks(
        std::make_unique<Skips>(CI.getSourceManager(), Project, Out));
    return true;
  }

private:
  const ProjectLayout &Project;
  const std::set<std::string> &Numeric;
  ParseResult &Out;
};

} // namespace

std::unique_ptr<FrontendAction>
makeFactsAction(const ProjectLayout &Project,
                const std::set<std::string> &Numeric, ParseResult &Out) {
  return std::make_unique<Action>(Project, Numeric, Out);
}

} // namespace varsim::rewrite::templates::valueargs
