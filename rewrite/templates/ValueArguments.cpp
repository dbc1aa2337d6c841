//===- rewrite/templates/ValueArguments.cpp - Feature values as arguments -===//
//
// See ValueArguments.h. Each C++ unit is parsed in configurations that
// reach every feature branch naming a candidate enumerator; every textual
// occurrence of a lowered enumerator's name must be a use a parse
// classified, or lie in code every parse skipped (dead in every
// configuration) or in a file no unit reads (a quilt patch's saved copy),
// so a use nobody classified is refused, not left reading the rewritten
// initializer.
//
//===----------------------------------------------------------------------===//

#include "rewrite/templates/ValueArguments.h"
#include "rewrite/DirectiveScanner.h"
#include "rewrite/FeatureGroups.h"
#include "rewrite/MacroUses.h"
#include "rewrite/ParseLoop.h"
#include "rewrite/ProjectPaths.h"
#include "rewrite/SyntaxOnlyParse.h"
#include "rewrite/SystemBodies.h"
#include "rewrite/TextEdits.h"
#include "support/Diagnostic.h"
#include "support/SourceFiles.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>
#include <set>

namespace varsim::rewrite::templates {
namespace {

using namespace clang;

/// An enumerator initialized by exactly a numeric feature macro.
struct EnumFact {
  std::string File, Name, Macro;
  unsigned NameOffset = 0, InitOffset = 0, InitLength = 0;
  unsigned Line = 0, Column = 0;
  /// The next enumerator has no initializer: its value follows this one's.
  bool NextImplicit = false;
};

enum class UseKind { TemplateArgument, RunTimeRead, Other };

/// A reference to such an enumerator.
struct RefFact {
  std::string EnumKey; ///< File|NameOffset of the enumerator.
  std::string File;
  unsigned Offset = 0, Length = 0, Line = 0, Column = 0;
  UseKind Kind = UseKind::Other;
  std::string Why; ///< Other: where it is used.
  /// TemplateArgument: the statement [StmtBegin, StmtEnd) (with its `;`).
  unsigned StmtBegin = 0, StmtEnd = 0;
  bool Return = false;
};

struct ParseResult {
  std::set<std::string> Files; ///< The project files the unit read.
  /// By file: the [begin, end) ranges the preprocessor skipped.
  std::map<std::string, std::vector<std::pair<unsigned, unsigned>>> Skipped;
  std::map<std::string, EnumFact> Enums;
  std::vector<RefFact> Refs;
  bool Failed = false;
};

std::string keyOf(const std::string &File, unsigned Offset) {
  return File + "|" + std::to_string(Offset);
}

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
    R.File = File ? *File : absolutePathOf(SM, SM.getFileID(At));
    R.Offset = SM.getFileOffset(At);
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
      Consumer(Action &A, const SourceManager &SM) : A(A), SM(SM) {}
      bool shouldSkipFunctionBody(Decl *D) override {
        return isSystemBody(SM, D);
      }
      void HandleTranslationUnit(ASTContext &Ctx) override {
        if (!Ctx.getLangOpts().CPlusPlus)
          return;
        Visitor V(Ctx, A.Project, A.Numeric, A.Out);
        V.TraverseDecl(Ctx.getTranslationUnitDecl());
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
      const SourceManager &SM;
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

bool isIdentChar(char C) { return llvm::isAlnum(C) || C == '_'; }

/// The names X of `X = M` in Text, M a numeric feature macro, outside
/// directives (a cheap test before any parse: the candidate enumerators).
std::set<std::string> namesBeforeEquals(llvm::StringRef Text,
                                        const std::set<std::string> &Numeric) {
  std::set<std::string> Names;
  for (const auto &[Off, M] : findIdentifiers(Text, Numeric)) {
    size_t LineBegin = Text.rfind('\n', Off);
    LineBegin = LineBegin == llvm::StringRef::npos ? 0 : LineBegin + 1;
    llvm::StringRef Before = Text.slice(LineBegin, Off).rtrim();
    if (Before.ltrim().starts_with("#") || !Before.ends_with("=") ||
        Before.ends_with("=="))
      continue;
    Before = Before.drop_back().rtrim();
    size_t B = Before.size();
    while (B > 0 && isIdentChar(Before[B - 1]))
      --B;
    if (B < Before.size())
      Names.insert(Before.substr(B).str());
  }
  return Names;
}

void lineAndColumn(llvm::StringRef Text, unsigned Offset, unsigned &Line,
                   unsigned &Column) {
  llvm::StringRef Before = Text.take_front(Offset);
  Line = static_cast<unsigned>(Before.count('\n')) + 1;
  size_t NL = Before.rfind('\n');
  Column = static_cast<unsigned>(NL == llvm::StringRef::npos ? Offset + 1
                                                             : Offset - NL);
}

} // namespace

llvm::Expected<LoweringResult> lowerValueArguments(const LoweringInput &In) {
  LoweringResult Result;
  std::set<std::string> Numeric;
  std::vector<fm::FeatureId> Core = In.Features.Model.coreFeatures();
  for (const auto &[Macro, Id] : In.Features.ByMacro)
    if (In.Features.isNumeric(Macro) &&
        std::find(Core.begin(), Core.end(), Id) != Core.end() &&
        !In.Features.Model.feature(Id).Values.empty())
      Numeric.insert(Macro);
  if (Numeric.empty())
    return Result;
  std::set<std::string> Names;
  for (const auto &[File, Text] : In.Texts)
    Names.merge(namesBeforeEquals(Text, Numeric));
  std::vector<const CompileEntry *> Cxx;
  for (const CompileEntry &E : In.Project.Entries)
    if (isCxxCompile(E.File, E.Arguments))
      Cxx.push_back(&E);
  if (Names.empty() || Cxx.empty())
    return Result;

  // Parse configurations that reach every feature branch naming a
  // candidate: its uses there are then classified too.
  std::vector<CondPtr> ToCover;
  for (const auto &[File, Text] : In.Texts) {
    std::vector<std::pair<unsigned, std::string>> Occurrences =
        findIdentifiers(Text, Names);
    if (Occurrences.empty() || !llvm::StringRef(Text).contains("#if"))
      continue;
    auto FS = scanDirectives(File, Text);
    if (!FS) {
      llvm::consumeError(FS.takeError()); // The rewriter reports it.
      continue;
    }
    FileGroups G = analyzeGroups(*FS, In.Features);
    for (const auto &[Off, _] : Occurrences)
      if (CondPtr P = G.presenceAt(*FS, Off))
        ToCover.push_back(P);
  }
  std::vector<fm::Configuration> Configs =
      chooseParseConfigurations(ToCover, In.Features);
  std::vector<std::string> FeatureMacros = In.Features.macros();
  std::vector<std::pair<const CompileEntry *, std::vector<std::string>>> Jobs;
  for (const fm::Configuration &C : Configs)
    for (const CompileEntry *E : Cxx)
      Jobs.emplace_back(E, In.Features.defines(C));
  std::vector<ParseResult> Results(Jobs.size());
  parseInParallel(In.Jobs, Results.size(), [&](size_t I) {
    SyntaxOnlyParse P;
    P.Entry = Jobs[I].first;
    P.Defines = Jobs[I].second;
    P.StripMacros = FeatureMacros;
    P.Overlay = In.Overlay;
    Results[I].Failed =
        runSyntaxOnlyWith(P, [&, I] {
          return std::make_unique<Action>(In.Project, Numeric, Results[I]);
        }).Failed;
  });
  // A unit that does not compile: the later passes report it.
  for (const ParseResult &R : Results)
    if (R.Failed)
      return Result;

  std::map<std::string, EnumFact> Enums;
  // By enum key, then by place (file, offset).
  std::map<std::string, std::map<std::pair<std::string, unsigned>, RefFact>>
      Refs;
  // An occurrence in code every parse that read its file skipped is dead in
  // every configuration (the parses reach every feature branch holding a
  // candidate); files no unit reads cannot matter either.
  auto Dead = [&](const std::string &File, unsigned Off) {
    for (const ParseResult &R : Results) {
      if (!R.Files.count(File))
        continue;
      auto It = R.Skipped.find(File);
      if (It == R.Skipped.end() ||
          std::none_of(It->second.begin(), It->second.end(),
                       [Off](const std::pair<unsigned, unsigned> &S) {
                         return S.first <= Off && Off < S.second;
                       }))
        return false;
    }
    return true;
  };
  for (ParseResult &R : Results) {
    Enums.merge(R.Enums);
    for (RefFact &F : R.Refs)
      Refs[F.EnumKey].try_emplace({F.File, F.Offset}, std::move(F));
  }
  if (Enums.empty())
    return Result;

  std::map<std::string, std::set<TextEdit>> Edits;
  // Statements to turn into switches: file -> begin -> (end, refs).
  struct SwitchStmt {
    unsigned End = 0;
    bool Return = false;
    std::string Macro;
    std::vector<const RefFact *> Refs;
  };
  std::map<std::string, std::map<unsigned, SwitchStmt>> Switches;
  for (const auto &[Key, E] : Enums) {
    const auto &Uses = Refs[Key];
    for (const auto &[_, R] : Uses)
      if (R.Kind == UseKind::Other)
        return makeError(
            R.File, R.Line, R.Column,
            "the enumerator '" + E.Name + "' stands for the numeric feature '" +
                E.Macro + "', selected at run time; it is used here " + R.Why +
                ", so its value cannot be selected here: use it "
                "as an explicit template argument of a call in "
                "a `return` or expression statement, or in a "
                "run-time expression");
    if (E.NextImplicit)
      return makeError(E.File, E.Line, E.Column,
                       "the enumerator '" + E.Name +
                           "' stands for the numeric feature '" + E.Macro +
                           "' and the next enumerator's value follows it; "
                           "give the next enumerator an explicit value");
    // Every textual occurrence must be a classified use.
    for (const auto &[File, Text] : In.Texts)
      for (const auto &[Off, _] : findIdentifiers(Text, {E.Name})) {
        if ((File == E.File && Off == E.NameOffset) ||
            Uses.count(std::make_pair(File, Off)) || Dead(File, Off))
          continue;
        unsigned Line = 0, Column = 0;
        lineAndColumn(Text, Off, Line, Column);
        return makeError(File, Line, Column,
                         "'" + E.Name +
                             "' (the enumerator that stands for "
                             "the numeric feature '" +
                             E.Macro +
                             "') is named here in code no parse of the "
                             "value-argument lowering saw; its uses must all "
                             "be lowered, or none");
      }
    const fm::Feature &Feat =
        In.Features.Model.feature(In.Features.ByMacro.at(E.Macro));
    // No lowered use reads the initializer, but an unscoped enumeration's
    // range of values comes from its enumerators: the value of largest
    // magnitude keeps every value the switches cast to in that range.
    int64_t Widest = Feat.DefaultValue;
    for (int64_t V : Feat.Values)
      if ((V < 0 ? -V : V) > (Widest < 0 ? -Widest : Widest))
        Widest = V;
    Edits[E.File].insert({E.InitOffset, E.InitLength, std::to_string(Widest)});
    for (const auto &[_, R] : Uses) {
      if (R.Kind == UseKind::RunTimeRead) {
        llvm::StringRef Text =
            llvm::StringRef(In.Texts.at(R.File)).substr(R.Offset, R.Length);
        Edits[R.File].insert(
            {R.Offset, R.Length,
             "static_cast<decltype(" + Text.str() + ")>(" + E.Macro + ")"});
        continue;
      }
      SwitchStmt &S = Switches[R.File][R.StmtBegin];
      if (!S.Macro.empty() && S.Macro != E.Macro)
        return makeError(R.File, R.Line, R.Column,
                         "this statement passes the values of two numeric "
                         "features ('" +
                             S.Macro + "', '" + E.Macro +
                             "') as template arguments; one per statement is "
                             "supported");
      S.End = R.StmtEnd;
      S.Return = R.Return;
      S.Macro = E.Macro;
      S.Refs.push_back(&R);
    }
    Result.Sites.push_back({E.File, E.Line, "value argument", E.Macro});
  }

  for (const auto &[File, Stmts] : Switches) {
    llvm::StringRef Text = In.Texts.at(File);
    for (const auto &[Begin, S] : Stmts) {
      llvm::StringRef Stmt = Text.slice(Begin, S.End);
      const RefFact &First = *S.Refs.front();
      if (Stmt.contains("//") || Stmt.contains('#'))
        return makeError(File, First.Line, First.Column,
                         "the statement that passes '" + S.Macro +
                             "' as a template argument holds a `//` comment "
                             "or a `#`; it cannot be put on one line as a "
                             "switch over the feature's values");
      const fm::Feature &Feat =
          In.Features.Model.feature(In.Features.ByMacro.at(S.Macro));
      auto Body = [&](int64_t V) {
        std::string Out;
        unsigned At = Begin;
        std::vector<const RefFact *> Sorted = S.Refs;
        llvm::sort(Sorted, [](const RefFact *A, const RefFact *B) {
          return A->Offset < B->Offset;
        });
        for (const RefFact *R : Sorted) {
          Out += Text.slice(At, R->Offset).str();
          Out += "static_cast<decltype(" +
                 Text.substr(R->Offset, R->Length).str() + ")>(" +
                 std::to_string(V) + ")";
          At = R->Offset + R->Length;
        }
        Out += Text.slice(At, S.End).str();
        std::replace(Out.begin(), Out.end(), '\n', ' ');
        return Out + (S.Return ? "" : " break;");
      };
      std::string Switch = "switch (" + S.Macro + ") {";
      for (size_t I = 0; I < Feat.Values.size(); ++I)
        Switch += (I + 1 < Feat.Values.size()
                       ? " case " + std::to_string(Feat.Values[I]) + ":"
                       : std::string(" default:")) +
                  " " + Body(Feat.Values[I]);
      Switch += " }" + std::string(Stmt.count('\n'), '\n');
      Edits[File].insert({Begin, S.End - Begin, Switch});
    }
  }

  for (const auto &[File, E] : Edits) {
    auto Text = applyTextEdits(File, In.Texts.at(File), 0, E,
                               "value-argument lowering");
    if (!Text)
      return Text.takeError();
    Result.Files.emplace(File, std::move(*Text));
  }
  return Result;
}

} // namespace varsim::rewrite::templates
