//===- dataflow/FunctionWalker.cpp - Taint through one function -----------===//
//
// An abstract interpretation of one function body over its AST, in
// statement order: local variables whose address never escapes are tracked
// flow-sensitively (an assignment replaces their taint, branches are
// joined, loops are iterated until stable), everything else goes through
// ProgramAnalysis's flow-insensitive cells. A control context (the features
// of the guards and tainted conditions around a statement) is added to
// every value written under it: that is how feature-guarded writes become
// sources.
//
//===----------------------------------------------------------------------===//

#include "dataflow/Analysis.h"
#include "dataflow/FunctionWalkerState.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"

#include "llvm/ADT/STLExtras.h"

namespace varsim::dataflow {

using namespace clang;

namespace {

/// Locals whose address is taken or that a reference binds to: they are
/// cells, not flow-sensitive values.
class EscapeFinder : public RecursiveASTVisitor<EscapeFinder> {
public:
  std::set<const VarDecl *> Escaping;

  static const VarDecl *localOf(const Expr *E) {
    const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    if (!Ref)
      return nullptr;
    const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
    return V && V->hasLocalStorage() ? V : nullptr;
  }
  void escape(const Expr *E) {
    if (const VarDecl *V = localOf(E))
      Escaping.insert(V);
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->getOpcode() == UO_AddrOf)
      escape(U->getSubExpr());
    return true;
  }
  bool VisitVarDecl(VarDecl *V) {
    if (V->getType()->isReferenceType()) {
      Escaping.insert(V);
      if (V->getInit())
        escape(V->getInit());
    }
    if (V->hasLocalStorage() && V->getType()->isArrayType())
      Escaping.insert(V);
    return true;
  }
  bool VisitCallExpr(CallExpr *C) {
    const FunctionDecl *F = C->getDirectCallee();
    for (unsigned I = 0; I < C->getNumArgs(); ++I) {
      unsigned P = I;
      if (const auto *Method = dyn_cast_or_null<CXXMethodDecl>(F);
          Method && isa<CXXOperatorCallExpr>(C)) {
        if (I == 0 && !Method->isConst())
          escape(C->getArg(0)); // The object of a member operator.
        if (I == 0)
          continue;
        P = I - 1;
      }
      // Only a reference parameter binds to the variable itself; variadic
      // and by-value arguments are copies. Through a const reference the
      // callee can only read it: the argument's taint is what it sees.
      if (F && P < F->getNumParams()) {
        QualType T = F->getParamDecl(P)->getType();
        if (T->isReferenceType() && !T.getNonReferenceType().isConstQualified())
          escape(C->getArg(I));
      }
    }
    return true;
  }
  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *C) {
    const CXXMethodDecl *Method = C->getMethodDecl();
    if (const Expr *Obj = C->getImplicitObjectArgument())
      if (!Method || !Method->isConst())
        escape(Obj);
    return true;
  }
  bool VisitLambdaExpr(LambdaExpr *L) {
    for (const LambdaCapture &C : L->captures())
      if (C.capturesVariable() && C.getCaptureKind() == LCK_ByRef)
        if (const auto *V = dyn_cast<VarDecl>(C.getCapturedVar()))
          Escaping.insert(V);
    return true;
  }
};

class Walker {
public:
  Walker(ProgramAnalysis &P, const MacroFacts &M, const FunctionDecl *F)
      : P(P), M(M), F(F),
        FnName(F ? F->getQualifiedNameAsString() : std::string()) {}

  using State = LocalState;

  void runFunction();
  Taint eval(const Expr *E, State &St);

private:
  void exec(const Stmt *S, State &St);
  void execIf(const IfStmt *S, State &St);
  void execLoop(const Expr *Cond, const Stmt *Body, const Stmt *Inc,
                bool BodyFirst, State &St);
  Taint call(const CallExpr *C, State &St);
  Taint construct(const CXXConstructExpr *C, State &St);
  Taint read(const ValueDecl *D, State &St);
  void assign(const Expr *Lhs, Taint T, State &St, bool Strong);
  void assignVar(const VarDecl *V, Taint T, State &St, bool Strong);
  /// T plus the control context, with guard origins placed at At.
  Taint written(Taint T, SourceLocation At, llvm::StringRef Via);
  /// An argument's taint as its parameter receives it, with the control
  /// context of the call marked FromCaller: the callee runs in the caller's
  /// calling context, where the trace (a calling-context tree) keeps the
  /// guard's features fixed, until the value escapes.
  Taint passed(Taint T, SourceLocation Call, llvm::StringRef Param,
               const std::string &Key) {
    for (auto &[Feature, O] : T) {
      if (O.Via.empty())
        O.Via = Param.str();
      if (!O.FromCaller)
        O.Params = {Key};
    }
    for (const auto &[Feature, O] : Context) {
      if (T.count(Feature))
        continue;
      Origin FromCaller = O;
      if (FromCaller.AtWrite)
        FromCaller.Source = M.pointOf(Call);
      FromCaller.Via = Param.str();
      FromCaller.AtWrite = false;
      FromCaller.FromCaller = true;
      T.emplace(Feature, std::move(FromCaller));
    }
    return T;
  }
  void sink(const Expr *Cond, const Taint &T);
  /// Enclosing blocks with statements after the one being walked (and
  /// loops: the next iteration): Any counts every statement, Work only
  /// statements that call or loop. An exit with nothing after it changes
  /// nothing; with only cheap statements after it, it changes data (the
  /// writes carry the feature) but no time worth a fact.
  struct Depth {
    unsigned Any = 0, Work = 0;
  };
  static bool hasWork(const Stmt *S) {
    if (!S)
      return false;
    if (isa<CallExpr, CXXConstructExpr, ForStmt, WhileStmt, DoStmt,
            CXXForRangeStmt, GotoStmt, CXXThrowExpr>(S))
      return true;
    return llvm::any_of(S->children(), hasWork);
  }
  /// Where an exit (return, break, continue, goto, throw, exit()) jumps
  /// to: a loop or switch (break, continue), or the end of the function.
  struct ExitTarget {
    bool Loop = false;
    Depth FollowingAtEntry;
    Taint ContextAtEntry;
    std::set<std::string> FixedAtEntry;
    std::optional<unsigned> Region; ///< Around the loop or switch.
  };
  /// An exit at At under the current control context: the rest of the
  /// target (the loop, or the function when Target is null) runs only when
  /// the exit is not taken, so its control flow depends on the features of
  /// the guards and conditions entered since the target began.
  void leave(const ExitTarget *Target, SourceLocation At, llvm::StringRef Kind);
  const ExitTarget *innermost(bool LoopOnly) const {
    for (auto It = Targets.rbegin(); It != Targets.rend(); ++It)
      if (It->Loop || !LoopOnly)
        return &*It;
    return nullptr;
  }
  void enterTarget(bool Loop) {
    Targets.push_back({Loop, Following, Context, Fixed,
                       Regions.empty()
                           ? std::nullopt
                           : std::optional<unsigned>(Regions.back())});
  }
  static bool isExitCall(const FunctionDecl *Callee);
  /// A C library call that only writes to a stream (output).
  static bool isOutputCall(const FunctionDecl *Callee);
  /// An unknown callee writing T through the pointer Arg.
  void assignPointee(const Expr *Arg, Taint T, State &St);
  /// What an unknown callee may read through the pointer Arg.
  Taint pointeeRead(const Expr *Arg) const;
  /// `!p`, `p == NULL`, `NULL == p`, `p == nullptr` on a pointer: the test
  /// of a failed allocation or lookup, an error path.
  static bool isNullTest(const Expr *E) {
    E = E->IgnoreParenImpCasts();
    auto IsPointer = [](const Expr *X) {
      return X->IgnoreParenImpCasts()->getType()->isPointerType();
    };
    auto IsNull = [](const Expr *X) {
      X = X->IgnoreParenCasts();
      if (isa<CXXNullPtrLiteralExpr, GNUNullExpr>(X))
        return true;
      const auto *L = dyn_cast<IntegerLiteral>(X);
      return L && L->getValue() == 0;
    };
    if (const auto *U = dyn_cast<UnaryOperator>(E))
      return U->getOpcode() == UO_LNot && IsPointer(U->getSubExpr());
    if (const auto *B = dyn_cast<BinaryOperator>(E))
      return B->getOpcode() == BO_EQ &&
             ((IsPointer(B->getLHS()) && IsNull(B->getRHS())) ||
              (IsPointer(B->getRHS()) && IsNull(B->getLHS())));
    return false;
  }
  bool tracked(const VarDecl *V) const {
    return V->hasLocalStorage() && !Escaping.count(V) &&
           !V->getType()->isReferenceType();
  }
  /// A condition made of feature reads and constants only; Features gets
  /// the features it reads.
  bool pureFeatureCondition(const Expr *E,
                            std::vector<std::string> &Features) const;
  /// A conjunction of (negated) feature reads: all of them are fixed where
  /// it holds.
  bool literalConjunction(const Expr *E) const;
  std::string describe(const Expr *E) const;
  /// In a feature switch's dispatch code, whose conditions are guards.
  bool inSwitchRegion() const {
    return !Regions.empty() &&
           P.options().SwitchRegions.count(Regions.back()) != 0;
  }

  ProgramAnalysis &P;
  const MacroFacts &M;
  const FunctionDecl *F;
  std::string FnName;
  std::set<const VarDecl *> Escaping;
  Taint Context;
  std::set<std::string> Fixed;
  std::vector<unsigned> Regions;
  std::vector<ExitTarget> Targets;
  /// What every value written after an exit out of a guard or a tainted
  /// condition carries (the implicit flow of the exit).
  Taint Residual;
  /// The control facts of the exits walked so far, for the regions after
  /// them.
  Taint ControlResidual;
  std::optional<unsigned> FunctionRegion;
  /// Inside the then-branch of a null test: exits there are error paths
  /// (a failed allocation), which measured runs do not take.
  unsigned ErrorPath = 0;
  /// Walking code that runs before any feature read (call-graph order):
  /// globals, fields and memory hold only what static initializers put
  /// there.
  bool Early = false;
  Taint cellRead(const std::string &Key) const {
    return Early ? P.initialOf(Key) : P.cell(Key);
  }
  /// How many enclosing blocks (and loops) have code after the statement
  /// being walked: an exit with nothing after it changes nothing.
  Depth Following;
  /// Per feature of Context, Following when it entered the context: an
  /// exit matters only if code follows the guard or condition that holds
  /// it.
  std::map<std::string, Depth> ContextDepth;
  void addContext(const Taint &T) {
    for (const auto &[Feature, O] : T)
      if (Context.emplace(Feature, O).second)
        ContextDepth[Feature] = Following;
    join(Context, T);
  }
  void restoreContext(Taint Saved) {
    Context = std::move(Saved);
    std::erase_if(ContextDepth,
                  [&](const auto &E) { return !Context.count(E.first); });
  }
};

void Walker::runFunction() {
  EscapeFinder Finder;
  Finder.TraverseStmt(F->getBody());
  Escaping = std::move(Finder.Escaping);
  State St;
  for (unsigned I = 0; I < F->getNumParams(); ++I) {
    const ParmVarDecl *Param = F->getParamDecl(I);
    Taint In = P.cell(ProgramAnalysis::paramKey(F, I));
    if (tracked(Param))
      St.set(Param, std::move(In));
    else
      P.addTo(ProgramAnalysis::keyOf(Param), In);
  }
  if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(F)) {
    for (const CXXCtorInitializer *Init : Ctor->inits())
      if (Init->isMemberInitializer() && Init->isWritten())
        P.addTo(ProgramAnalysis::keyOf(Init->getMember()),
                escaped(eval(Init->getInit(), St)));
  }
  // The function marker opens the function's region.
  FunctionRegion = M.blockRegion(F->getBody());
  Early = P.isEarly(F);
  exec(F->getBody(), St);
}

Taint Walker::written(Taint T, SourceLocation At, llvm::StringRef Via) {
  for (auto &[Feature, O] : T)
    if (O.Via.empty())
      O.Via = Via.str();
  for (const auto &[Feature, O] : Context) {
    if (T.count(Feature))
      continue;
    Origin Placed = O;
    if (Placed.AtWrite) {
      Placed.Source = M.pointOf(At);
      Placed.Via = Via.str();
      Placed.AtWrite = false;
    }
    T.emplace(Feature, std::move(Placed));
  }
  for (const auto &[Feature, O] : Residual) {
    if (T.count(Feature))
      continue;
    Origin Placed = O;
    Placed.Source = M.pointOf(At);
    Placed.Via = Via.str();
    Placed.AtWrite = false;
    T.emplace(Feature, std::move(Placed));
  }
  return T;
}

bool Walker::isExitCall(const FunctionDecl *Callee) {
  if (!Callee)
    return false;
  llvm::StringRef Name =
      Callee->getIdentifier() ? Callee->getName() : llvm::StringRef();
  // A failing assertion is not a path a measured run takes.
  if (Name.contains_insensitive("assert"))
    return false;
  return Callee->isNoReturn() ||
         llvm::is_contained({"exit", "_exit", "_Exit", "quick_exit", "abort",
                             "longjmp", "_longjmp", "siglongjmp"},
                            Name);
}

void Walker::leave(const ExitTarget *Target, SourceLocation At,
                   llvm::StringRef Kind) {
  if (!Target && Following.Any == 0)
    return; // The end of the function anyway.
  if (ErrorPath)
    return;
  // Only an exit out of a feature region (an encoded #if entered since the
  // target began) is a control fact: an exit under a data condition in
  // base code is that condition's decision, already a sink.
  if (!llvm::any_of(Context, [&](const auto &E) {
        return E.second.AtWrite &&
               !(Target && Target->ContextAtEntry.count(E.first));
      }))
    return;
  // A feature switch's dispatch returns the renamed definition's result:
  // each branch is a region of its own, nothing follows them.
  if (llvm::any_of(Regions, [&](unsigned R) {
        return P.options().SwitchRegions.count(R) != 0;
      }))
    return;
  Depth Base = Target ? Target->FollowingAtEntry : Depth();
  if (Target && Target->Loop && Kind == "break") {
    --Base.Any; // The iterations left are skipped too.
    --Base.Work;
  }
  Taint Control;
  for (const auto &[Feature, O] : Context) {
    if (Target && Target->ContextAtEntry.count(Feature))
      continue;
    if (Target && Target->FixedAtEntry.count(Feature))
      continue;
    Depth AtGuard = ContextDepth[Feature];
    if (AtGuard.Any <= Base.Any)
      continue; // Nothing after the guard: only its own code is skipped.
    Origin R = O;
    R.AtWrite = true;
    Residual.emplace(Feature, std::move(R));
    if (AtGuard.Work <= Base.Work || O.rank() != 2)
      continue; // A parameter's condition is decided at the call sites.
    Origin C = O;
    C.AtWrite = false;
    C.Control = true;
    C.Via = Kind.str();
    Control.emplace(Feature, std::move(C));
  }
  if (Control.empty())
    return;
  // The regions walked after this exit run only when it is not taken:
  // each of them depends on the feature too (so that the plan runs them
  // with it on and off, and the model gives them local models).
  for (const auto &[Feature, O] : Control) {
    Origin Below = O;
    Below.Via = O.Via + " above, at " + M.pointOf(At).str();
    ControlResidual.emplace(Feature, std::move(Below));
  }
  std::optional<unsigned> Region = Target ? Target->Region : FunctionRegion;
  if (!Region && F) {
    // No marker around: the rest of the function is timed in its callers'
    // contexts (granularity "region" leaves a function without feature
    // code of its own unmarked), so each call site gets the fact.
    P.addTo(ProgramAnalysis::controlKey(F), Control);
    return;
  }
  if (!P.recording())
    return;
  Sink S;
  S.Function = FnName;
  S.Region = Region;
  S.Where = M.pointOf(At);
  S.Features = std::move(Control);
  P.recordSink(std::move(S));
}

void Walker::sink(const Expr *Cond, const Taint &T) {
  if (!Cond)
    return;
  Sink S;
  for (const auto &[Feature, O] : T) {
    if (Fixed.count(Feature) || O.FromCaller)
      continue;
    if (!O.Params.empty()) {
      // The callers' data: decided at each call site that passes it.
      for (const std::string &Param : O.Params)
        P.markDecides(Param);
      continue;
    }
    S.Features.emplace(Feature, O);
  }
  if (!P.recording() || S.Features.empty())
    return;
  S.Function = FnName;
  if (!Regions.empty())
    S.Region = Regions.back();
  S.Where = M.pointOf(Cond->getBeginLoc());
  P.recordSink(std::move(S));
}

std::string Walker::describe(const Expr *E) const {
  E = E->IgnoreParenImpCasts();
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
    return Ref->getDecl()->getQualifiedNameAsString();
  if (const auto *Member = dyn_cast<MemberExpr>(E))
    return Member->getMemberDecl()->getQualifiedNameAsString();
  if (const auto *Sub = dyn_cast<ArraySubscriptExpr>(E))
    return describe(Sub->getBase()).append("[]");
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    if (U->getOpcode() == UO_Deref)
      return std::string("*").append(describe(U->getSubExpr()));
  return "a value";
}

bool Walker::pureFeatureCondition(const Expr *E,
                                  std::vector<std::string> &Features) const {
  if (auto Feature = M.featureRead(E)) {
    Features.push_back(*Feature);
    return true;
  }
  if (isa<IntegerLiteral, CXXBoolLiteralExpr, CharacterLiteral>(E))
    return true;
  if (const auto *Paren = dyn_cast<ParenExpr>(E))
    return pureFeatureCondition(Paren->getSubExpr(), Features);
  if (const auto *Cast = dyn_cast<CastExpr>(E))
    return pureFeatureCondition(Cast->getSubExpr(), Features);
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    return !U->isIncrementDecrementOp() && U->getOpcode() != UO_Deref &&
           U->getOpcode() != UO_AddrOf &&
           pureFeatureCondition(U->getSubExpr(), Features);
  if (const auto *B = dyn_cast<BinaryOperator>(E))
    return !B->isAssignmentOp() && !B->isCommaOp() &&
           pureFeatureCondition(B->getLHS(), Features) &&
           pureFeatureCondition(B->getRHS(), Features);
  return false;
}

bool Walker::literalConjunction(const Expr *E) const {
  E = E->IgnoreParenCasts();
  if (M.featureRead(E))
    return true;
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    return U->getOpcode() == UO_LNot &&
           M.featureRead(U->getSubExpr()->IgnoreParenCasts());
  if (const auto *B = dyn_cast<BinaryOperator>(E))
    return B->getOpcode() == BO_LAnd && literalConjunction(B->getLHS()) &&
           literalConjunction(B->getRHS());
  return false;
}

// --- Statements --------------------------------------------------------------

void Walker::exec(const Stmt *S, State &St) {
  if (!S)
    return;
  if (P.tracing() && !isa<CompoundStmt>(S))
    P.setTraceWhere(FnName + " " + M.pointOf(S->getBeginLoc()).str());
  if (const auto *E = dyn_cast<Expr>(S)) {
    eval(E, St);
    return;
  }
  if (const auto *C = dyn_cast<CompoundStmt>(S)) {
    std::optional<unsigned> Region = M.blockRegion(C);
    if (Region) {
      Regions.push_back(*Region);
      if (P.recording() && !ControlResidual.empty() && !inSwitchRegion()) {
        Sink Below;
        for (const auto &[Feature, O] : ControlResidual)
          if (!Fixed.count(Feature))
            Below.Features.emplace(Feature, O);
        if (!Below.Features.empty()) {
          Below.Function = FnName;
          Below.Region = *Region;
          Below.Where = M.pointOf(C->getBeginLoc());
          P.recordSink(std::move(Below));
        }
      }
    }
    bool MainBody = F && C == F->getBody() && F->isMain();
    // Whether work follows each statement: a suffix scan.
    std::vector<char> WorkAfter(C->size() + 1, 0);
    for (size_t K = C->size(); K-- > 0;)
      WorkAfter[K] = WorkAfter[K + 1] || hasWork(C->body_begin()[K]);
    for (auto It = C->body_begin(); It != C->body_end(); ++It) {
      size_t K = static_cast<size_t>(It - C->body_begin());
      if (MainBody)
        Early = K < P.mainPrefix();
      if (Region && It == C->body_begin())
        continue;
      Depth More{std::next(It) != C->body_end() ? 1u : 0u,
                 WorkAfter[K + 1] ? 1u : 0u};
      Following.Any += More.Any;
      Following.Work += More.Work;
      exec(*It, St);
      Following.Any -= More.Any;
      Following.Work -= More.Work;
    }
    if (Region)
      Regions.pop_back();
    return;
  }
  if (const auto *D = dyn_cast<DeclStmt>(S)) {
    if (M.markerId(D))
      return;
    for (const Decl *Dl : D->decls()) {
      const auto *V = dyn_cast<VarDecl>(Dl);
      if (!V)
        continue;
      Taint T;
      if (const Expr *Init = V->getInit())
        T = eval(Init, St);
      assignVar(V, written(std::move(T), V->getLocation(), V->getName()), St,
                /*Strong=*/true);
    }
    return;
  }
  if (const auto *If = dyn_cast<IfStmt>(S)) {
    execIf(If, St);
    return;
  }
  if (const auto *W = dyn_cast<WhileStmt>(S)) {
    if (const DeclStmt *CondVar = W->getConditionVariableDeclStmt())
      exec(CondVar, St);
    execLoop(W->getCond(), W->getBody(), nullptr, false, St);
    return;
  }
  if (const auto *Do = dyn_cast<DoStmt>(S)) {
    execLoop(Do->getCond(), Do->getBody(), nullptr, true, St);
    return;
  }
  if (const auto *For = dyn_cast<ForStmt>(S)) {
    exec(For->getInit(), St);
    if (const DeclStmt *CondVar = For->getConditionVariableDeclStmt())
      exec(CondVar, St);
    execLoop(For->getCond(), For->getBody(), For->getInc(), false, St);
    return;
  }
  if (const auto *Range = dyn_cast<CXXForRangeStmt>(S)) {
    exec(Range->getInit(), St);
    exec(Range->getRangeStmt(), St);
    // The range decides how often the body runs: a loop bound.
    Taint Bound = eval(Range->getRangeInit(), St);
    sink(Range->getRangeInit(), Bound);
    ++Following.Any; // The next iteration.
    ++Following.Work;
    enterTarget(/*Loop=*/true);
    Taint Saved = Context;
    addContext(Bound);
    for (int K = 0; K < 4; ++K) {
      St.mark();
      assignVar(Range->getLoopVariable(),
                written(Bound, Range->getBeginLoc(),
                        Range->getLoopVariable()->getName()),
                St, true);
      exec(Range->getBody(), St);
      if (!St.mergeOptional(St.undo()))
        break;
    }
    restoreContext(std::move(Saved));
    Targets.pop_back();
    --Following.Any;
    --Following.Work;
    return;
  }
  if (const auto *Switch = dyn_cast<SwitchStmt>(S)) {
    exec(Switch->getInit(), St);
    if (const DeclStmt *CondVar = Switch->getConditionVariableDeclStmt())
      exec(CondVar, St);
    Taint Cond = eval(Switch->getCond(), St);
    std::vector<std::string> Features;
    if (!pureFeatureCondition(Switch->getCond(), Features))
      sink(Switch->getCond(), Cond);
    enterTarget(/*Loop=*/false);
    Taint Saved = Context;
    addContext(Cond);
    St.mark();
    exec(Switch->getBody(), St);
    St.mergeOptional(St.undo());
    restoreContext(std::move(Saved));
    Targets.pop_back();
    return;
  }
  if (isa<BreakStmt>(S)) {
    // Out of a loop, the iterations left are skipped; out of a switch,
    // what follows in the case.
    if (const ExitTarget *T = innermost(/*LoopOnly=*/false))
      if (T->Loop || Following.Any > T->FollowingAtEntry.Any)
        leave(T, S->getBeginLoc(), "break");
    return;
  }
  if (isa<ContinueStmt>(S)) {
    if (const ExitTarget *T = innermost(/*LoopOnly=*/true))
      if (Following.Any > T->FollowingAtEntry.Any)
        leave(T, S->getBeginLoc(), "continue");
    return;
  }
  if (isa<GotoStmt, IndirectGotoStmt>(S)) {
    leave(nullptr, S->getBeginLoc(), "goto");
    return;
  }
  if (const auto *Ret = dyn_cast<ReturnStmt>(S)) {
    if (const Expr *Value = Ret->getRetValue()) {
      Taint T = written(eval(Value, St), Ret->getBeginLoc(),
                        F ? F->getNameAsString() + "()" : std::string());
      // What came through a parameter is the caller's: each call site
      // gets its own arguments' taint back (calls by context).
      std::erase_if(T, [&](const auto &E) {
        if (E.second.rank() != 1)
          return false;
        for (const std::string &Param : E.second.Params)
          P.markReturned(Param);
        return true;
      });
      if (F)
        P.addTo(ProgramAnalysis::returnKey(F),
                withoutCallerContext(std::move(T)));
    }
    leave(nullptr, Ret->getBeginLoc(), "return");
    return;
  }
  for (const Stmt *Child : S->children())
    exec(Child, St);
}

void Walker::execIf(const IfStmt *S, State &St) {
  exec(S->getInit(), St);
  if (const DeclStmt *CondVar = S->getConditionVariableDeclStmt())
    exec(CondVar, St);
  Taint Cond = eval(S->getCond(), St);
  std::vector<std::string> Features;
  bool Guard = pureFeatureCondition(S->getCond(), Features) &&
               !Features.empty() &&
               (M.blockRegion(S->getThen()) || M.blockRegion(S->getElse()) ||
                inSwitchRegion());
  Taint Saved = Context;
  std::set<std::string> SavedFixed = Fixed;
  if (Guard) {
    // An encoded #if: not a decision on data, but everything written under
    // it carries its features.
    for (const std::string &Feature : Features) {
      Origin O;
      O.Source = M.pointOf(S->getBeginLoc());
      O.AtWrite = true;
      addContext(Taint{{Feature, std::move(O)}});
    }
  } else {
    sink(S->getCond(), Cond);
    addContext(Cond);
  }
  if (Guard && literalConjunction(S->getCond()))
    Fixed.insert(Features.begin(), Features.end());
  bool Error = isNullTest(S->getCond());
  ErrorPath += Error;
  St.mark();
  exec(S->getThen(), St);
  State::Changes Then = St.undo();
  ErrorPath -= Error;
  Fixed = SavedFixed;
  if (Guard && Features.size() == 1 && literalConjunction(S->getCond()))
    Fixed.insert(Features.front());
  St.mark();
  exec(S->getElse(), St);
  State::Changes Else = St.undo();
  Fixed = std::move(SavedFixed);
  restoreContext(std::move(Saved));
  St.mergeBranches(std::move(Then), std::move(Else));
}

void Walker::execLoop(const Expr *Cond, const Stmt *Body, const Stmt *Inc,
                      bool BodyFirst, State &St) {
  std::vector<std::string> Features;
  bool Pure = Cond && pureFeatureCondition(Cond, Features);
  ++Following.Any; // The next iteration.
  ++Following.Work;
  enterTarget(/*Loop=*/true);
  Taint Saved = Context;
  // Iterate until the locals are stable: taint only grows, and loops
  // rarely need more than a few rounds; the bound keeps it cheap.
  for (int K = 0; K < 8; ++K) {
    St.mark();
    if (!BodyFirst && Cond) {
      Taint T = eval(Cond, St);
      if (!Pure)
        sink(Cond, T);
      addContext(T);
    }
    exec(Body, St);
    if (Inc)
      exec(Inc, St);
    if (BodyFirst && Cond) {
      Taint T = eval(Cond, St);
      if (!Pure)
        sink(Cond, T);
      addContext(T);
    }
    // Unchanged after the join: stable (but at least two rounds).
    if (!St.mergeOptional(St.undo()) && K > 0)
      break;
  }
  restoreContext(std::move(Saved));
  Targets.pop_back();
  --Following.Any;
  --Following.Work;
}

// --- Expressions -------------------------------------------------------------

Taint Walker::read(const ValueDecl *D, State &St) {
  const auto *V = dyn_cast<VarDecl>(D);
  if (!V) {
    if (isa<FieldDecl>(D))
      return cellRead(ProgramAnalysis::keyOf(D));
    return {};
  }
  if (tracked(V))
    return St.get(V);
  Taint T = cellRead(ProgramAnalysis::keyOf(V));
  if (V->hasLocalStorage())
    join(T, cellRead(ProgramAnalysis::memoryKey(V->getType())));
  return T;
}

void Walker::assignVar(const VarDecl *V, Taint T, State &St, bool Strong) {
  if (tracked(V)) {
    if (Strong)
      St.set(V, std::move(T));
    else
      St.joinInto(V, T);
    return;
  }
  if (!V->hasLocalStorage()) {
    P.addTo(ProgramAnalysis::keyOf(V), escaped(std::move(T)));
    return;
  }
  // An automatic variable dies with the call, and pointers to it are only
  // used while the call runs (by this function and its callees, inside the
  // caller's calling context): what came from the caller's context stays
  // fixed to that context, in its cell and in the memory of its type.
  T = unlabelled(std::move(T));
  P.addTo(ProgramAnalysis::memoryKey(V->getType()), T);
  P.addTo(ProgramAnalysis::keyOf(V), T);
}

void Walker::assign(const Expr *Lhs, Taint T, State &St, bool Strong) {
  Lhs = Lhs->IgnoreParenImpCasts();
  if (const auto *Ref = dyn_cast<DeclRefExpr>(Lhs)) {
    if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl()))
      assignVar(V, std::move(T), St, Strong);
    return;
  }
  if (const auto *Sub = dyn_cast<ArraySubscriptExpr>(Lhs)) {
    const Expr *Base = Sub->getBase()->IgnoreParenImpCasts();
    // An array member written by index: the member's cell (field-based),
    // not all memory of the element type (SHA-256's message schedule
    // `local.W[i]` is not every uint32_t of the program). Where such an
    // array decays to a pointer, its cell joins the memory (eval).
    if (const auto *Member = dyn_cast<MemberExpr>(Base);
        Member && Member->getType()->isArrayType()) {
      P.addTo(ProgramAnalysis::keyOf(Member->getMemberDecl()),
              escaped(std::move(T)));
      return;
    }
    if (const auto *Ref = dyn_cast<DeclRefExpr>(Base))
      if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl()))
        if (V->getType()->isArrayType()) {
          if (!V->hasLocalStorage()) // Also reachable through pointers.
            P.addTo(ProgramAnalysis::memoryKey(Lhs->getType()), escaped(T));
          assignVar(V, std::move(T), St, false); // The array itself.
          return;
        }
    P.addTo(ProgramAnalysis::memoryKey(Lhs->getType()), escaped(std::move(T)));
    return;
  }
  T = escaped(std::move(T)); // Fields and memory outlive the call.
  if (const auto *Member = dyn_cast<MemberExpr>(Lhs)) {
    P.addTo(ProgramAnalysis::keyOf(Member->getMemberDecl()), T);
    return;
  }
  if (const auto *U = dyn_cast<UnaryOperator>(Lhs)) {
    if (U->getOpcode() == UO_Deref)
      P.addTo(ProgramAnalysis::memoryKey(Lhs->getType()), T);
    else if (U->getOpcode() == UO_AddrOf) // Written through &x.
      assign(U->getSubExpr(), std::move(T), St, false);
    return;
  }
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(Lhs)) {
    // v[i] = x on a container, *it = x: the object gets it.
    if (Op->getNumArgs() > 0)
      assign(Op->getArg(0), std::move(T), St, false);
    return;
  }
  if (Lhs->getType()->isPointerType() || Lhs->isGLValue())
    P.addTo(ProgramAnalysis::memoryKey(Lhs->getType()), T);
}

Taint Walker::construct(const CXXConstructExpr *C, State &St) {
  Taint All;
  const CXXConstructorDecl *Ctor = C->getConstructor();
  for (unsigned I = 0; I < C->getNumArgs(); ++I) {
    Taint A = eval(C->getArg(I), St);
    if (Ctor && I < Ctor->getNumParams()) {
      std::string Key = ProgramAnalysis::paramKey(Ctor, I);
      P.addTo(Key, passed(A, C->getBeginLoc(), Ctor->getParamDecl(I)->getName(),
                          Key));
      if (P.decides(Key))
        sink(C->getArg(I), A);
    }
    join(All, A);
  }
  return All;
}

Taint Walker::call(const CallExpr *C, State &St) {
  const FunctionDecl *Callee = C->getDirectCallee();
  // Code we have the body of is followed; other code is summarised.
  bool Known = Callee && P.hasBody(Callee);
  bool MemberOperator =
      Callee && isa<CXXOperatorCallExpr>(C) && isa<CXXMethodDecl>(Callee);
  Taint Object, All;
  if (const auto *Member = dyn_cast<CXXMemberCallExpr>(C))
    if (const Expr *Obj = Member->getImplicitObjectArgument())
      Object = eval(Obj, St);
  if (!isa<CXXMemberCallExpr>(C) && !Callee)
    join(All, eval(C->getCallee(), St)); // A function pointer.
  std::vector<Taint> Args;
  for (unsigned I = 0; I < C->getNumArgs(); ++I) {
    Args.push_back(eval(C->getArg(I), St));
    join(All, Args.back());
    if (!Known)
      join(All, pointeeRead(C->getArg(I)));
  }
  if (Known) {
    Taint Result = P.cell(ProgramAnalysis::returnKey(Callee));
    for (unsigned I = 0; I < C->getNumArgs(); ++I) {
      if (MemberOperator && I == 0)
        continue;
      unsigned Param = MemberOperator ? I - 1 : I;
      if (Param >= Callee->getNumParams())
        break;
      std::string Key = ProgramAnalysis::paramKey(Callee, Param);
      P.addTo(Key, passed(Args[I], C->getBeginLoc(),
                          Callee->getParamDecl(Param)->getName(), Key));
      // The callee decides on this argument: a decision of this calling
      // context.
      if (P.decides(Key))
        sink(C->getArg(I), Args[I]);
      if (P.returned(Key))
        join(Result, Args[I]);
    }
    // The callee's control facts whose code has no marker of its own are
    // this calling context's.
    Taint Control;
    for (const auto &[Feature, O] : P.cell(ProgramAnalysis::controlKey(Callee)))
      if (!Fixed.count(Feature))
        Control.emplace(Feature, O);
    if (!Control.empty()) {
      if (Regions.empty() && F) {
        P.addTo(ProgramAnalysis::controlKey(F), Control);
      } else if (P.recording()) {
        Sink S;
        S.Function = FnName;
        if (!Regions.empty())
          S.Region = Regions.back();
        S.Where = M.pointOf(C->getBeginLoc());
        S.Features = std::move(Control);
        P.recordSink(std::move(S));
      }
    }
    if (isExitCall(Callee))
      leave(nullptr, C->getBeginLoc(), Callee->getName().str() + "()");
    return Result;
  }
  if (isExitCall(Callee))
    leave(nullptr, C->getBeginLoc(), Callee->getName().str() + "()");
  // Unknown code (libraries, builtins, function pointers): the result
  // depends on every argument, and whatever it may write (a non-const
  // object, pointed-to or referenced arguments) too.
  join(All, Object);
  if (All.empty())
    return All;
  if (const auto *Member = dyn_cast<CXXMemberCallExpr>(C))
    if (const CXXMethodDecl *Method = Member->getMethodDecl())
      if (!Method->isConst() && Member->getImplicitObjectArgument())
        assign(Member->getImplicitObjectArgument(), All, St, false);
  // Output (fwrite(buf, 1, n, stdout), printf): the stream keeps nothing
  // the program reads back, so a checksum or a feature-sized buffer
  // printed at the end reaches no later decision through it.
  if (isOutputCall(Callee))
    return All;
  for (unsigned I = 0; I < C->getNumArgs(); ++I) {
    QualType T = C->getArg(I)->getType();
    bool ThroughPointer =
        T->isPointerType() && !T->getPointeeType().isConstQualified();
    bool Writable = MemberOperator && I == 0;
    if (Callee && !MemberOperator && I < Callee->getNumParams()) {
      QualType PT = Callee->getParamDecl(I)->getType();
      Writable |=
          PT->isReferenceType() && !PT.getNonReferenceType().isConstQualified();
    }
    if (Writable)
      assign(C->getArg(I), All, St, false);
    else if (ThroughPointer)
      assignPointee(C->getArg(I), All, St);
  }
  return All;
}

void Walker::assignPointee(const Expr *Arg, Taint T, State &St) {
  // What the callee writes is the object the pointer points to, not the
  // pointer: `memcpy(dst, ...)` changes dst's buffer, `getc(lf->f)` the
  // FILE, never the variable dst or the field LoadF::f (heap abstraction
  // by type, as for `*p = x`).
  const Expr *E = Arg->IgnoreParenCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(E);
      U && U->getOpcode() == UO_AddrOf) {
    assign(U->getSubExpr(), std::move(T), St, false); // read(f, &x, ...).
    return;
  }
  if (E->getType()->isArrayType()) {
    assign(E, std::move(T), St, false); // The array itself (a cell).
    if (!isa<DeclRefExpr>(E) || !EscapeFinder::localOf(E))
      P.addTo(ProgramAnalysis::memoryKey(E->getType()), escaped(T));
    return;
  }
  QualType Pointee = E->getType()->isPointerType()
                         ? E->getType()->getPointeeType()
                         : Arg->getType()->getPointeeType();
  P.addTo(ProgramAnalysis::memoryKey(Pointee), escaped(std::move(T)));
}

Taint Walker::pointeeRead(const Expr *Arg) const {
  // What an unknown callee reads through a pointer: the input it is given
  // (`strlen(s)`, the buffer of `fwrite`: const pointees) and the state of
  // an object it works on (`getc(f)` reads the FILE that an earlier
  // `fread(.., n, f)` advanced). A non-const pointer to scalars is taken as
  // an output buffer (`fread`'s, `memcpy`'s destination): its old contents
  // are not read.
  if (isa<StringLiteral>(Arg->IgnoreParenImpCasts()))
    return {}; // A constant.
  QualType T = Arg->IgnoreParenImpCasts()->getType();
  if (T->isArrayType())
    T = QualType(T->getBaseElementTypeUnsafe(), 0);
  else if (T->isPointerType())
    T = T->getPointeeType();
  else
    return {};
  QualType AsPassed = Arg->getType()->isPointerType()
                          ? Arg->getType()->getPointeeType()
                          : QualType();
  bool Input = T.isConstQualified() ||
               (!AsPassed.isNull() && AsPassed.isConstQualified());
  if (!Input && !T->isRecordType())
    return {};
  if (T->isVoidType())
    return {};
  return cellRead(ProgramAnalysis::memoryKey(T));
}

bool Walker::isOutputCall(const FunctionDecl *Callee) {
  if (!Callee || !Callee->getIdentifier())
    return false;
  return llvm::is_contained({"printf",
                             "fprintf",
                             "vprintf",
                             "vfprintf",
                             "dprintf",
                             "vdprintf",
                             "puts",
                             "fputs",
                             "putc",
                             "fputc",
                             "putchar",
                             "fwrite",
                             "fflush",
                             "perror",
                             "putc_unlocked",
                             "fputc_unlocked",
                             "putchar_unlocked",
                             "fwrite_unlocked",
                             "fputs_unlocked",
                             "fflush_unlocked"},
                            Callee->getName());
}

Taint Walker::eval(const Expr *E, State &St) {
  if (!E)
    return {};
  if (auto Feature = M.featureRead(E)) {
    Taint T;
    Origin O;
    O.Source = M.pointOf(E->getBeginLoc());
    T.emplace(*Feature, std::move(O));
    return T;
  }
  if (isa<IntegerLiteral, FloatingLiteral, CharacterLiteral, StringLiteral,
          CXXBoolLiteralExpr, CXXNullPtrLiteralExpr, UnaryExprOrTypeTraitExpr,
          LambdaExpr>(E))
    return {};
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
    return read(Ref->getDecl(), St);
  if (const auto *Member = dyn_cast<MemberExpr>(E)) {
    eval(Member->getBase(), St); // For its side effects only: field-based.
    return read(Member->getMemberDecl(), St);
  }
  if (const auto *Sub = dyn_cast<ArraySubscriptExpr>(E)) {
    eval(Sub->getIdx(), St);
    const Expr *Base = Sub->getBase()->IgnoreParens();
    if (const auto *Decay = dyn_cast<ImplicitCastExpr>(Base);
        Decay && Decay->getCastKind() == CK_ArrayToPointerDecay)
      Base = Decay->getSubExpr(); // Indexed, not decayed into a pointer.
    Taint T = eval(Base, St);
    join(T, cellRead(ProgramAnalysis::memoryKey(E->getType())));
    return T;
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    switch (U->getOpcode()) {
    case UO_Deref: {
      eval(U->getSubExpr(), St);
      return cellRead(ProgramAnalysis::memoryKey(E->getType()));
    }
    case UO_AddrOf:
      eval(U->getSubExpr(), St);
      return {};
    case UO_PreInc:
    case UO_PreDec:
    case UO_PostInc:
    case UO_PostDec: {
      Taint T = written(eval(U->getSubExpr(), St), U->getBeginLoc(),
                        describe(U->getSubExpr()));
      assign(U->getSubExpr(), T, St, true);
      return T;
    }
    default:
      return eval(U->getSubExpr(), St);
    }
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    if (B->isAssignmentOp()) {
      Taint T = eval(B->getRHS(), St);
      if (B->isCompoundAssignmentOp())
        join(T, eval(B->getLHS(), St));
      T = written(std::move(T), B->getBeginLoc(), describe(B->getLHS()));
      assign(B->getLHS(), T, St, true);
      return T;
    }
    if (B->isCommaOp()) {
      eval(B->getLHS(), St);
      return eval(B->getRHS(), St);
    }
    return unite(eval(B->getLHS(), St), eval(B->getRHS(), St));
  }
  if (const auto *Cond = dyn_cast<AbstractConditionalOperator>(E)) {
    Taint C = eval(Cond->getCond(), St);
    std::vector<std::string> Features;
    if (!pureFeatureCondition(Cond->getCond(), Features))
      sink(Cond->getCond(), C);
    Taint Saved = Context;
    addContext(C);
    St.mark();
    Taint T = unite(C, eval(Cond->getTrueExpr(), St));
    State::Changes True = St.undo();
    St.mark();
    join(T, eval(Cond->getFalseExpr(), St));
    State::Changes False = St.undo();
    restoreContext(std::move(Saved));
    St.mergeBranches(std::move(True), std::move(False));
    return T;
  }
  if (const auto *Decay = dyn_cast<ImplicitCastExpr>(E);
      Decay && Decay->getCastKind() == CK_ArrayToPointerDecay) {
    // An array member becoming a pointer: what it holds may be read and
    // written through the pointer, i.e. as memory of its element type.
    const Expr *Array = Decay->getSubExpr()->IgnoreParens();
    Taint T = eval(Array, St);
    if (isa<MemberExpr>(Array)) // Read back by index: eval joins memory.
      P.addTo(ProgramAnalysis::memoryKey(Array->getType()), escaped(T));
    return T;
  }
  if (const auto *C = dyn_cast<CallExpr>(E))
    return call(C, St);
  if (const auto *Throw = dyn_cast<CXXThrowExpr>(E)) {
    eval(Throw->getSubExpr(), St);
    leave(nullptr, Throw->getBeginLoc(), "throw");
    return {};
  }
  if (const auto *C = dyn_cast<CXXConstructExpr>(E))
    return construct(C, St);
  if (const auto *SE = dyn_cast<StmtExpr>(E)) {
    exec(SE->getSubStmt(), St);
    return {};
  }
  if (const auto *Default = dyn_cast<CXXDefaultArgExpr>(E))
    return eval(Default->getExpr(), St);
  if (const auto *Default = dyn_cast<CXXDefaultInitExpr>(E))
    return eval(Default->getExpr(), St);
  Taint T;
  for (const Stmt *Child : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(Child))
      join(T, eval(CE, St));
  return T;
}

} // namespace

void walkFunction(ProgramAnalysis &P, const MacroFacts &Macros,
                  const FunctionDecl &F) {
  Walker(P, Macros, &F).runFunction();
}

Taint walkInitializer(ProgramAnalysis &P, const MacroFacts &Macros,
                      const std::string &Key, const Expr &Init) {
  Walker W(P, Macros, nullptr);
  Walker::State St;
  Taint T = W.eval(&Init, St);
  P.addTo(Key, T);
  return T;
}

} // namespace varsim::dataflow
