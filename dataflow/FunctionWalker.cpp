//===- dataflow/FunctionWalker.cpp - Taint through one function -----------===//
//
// The walk of one body (FunctionWalker.h): its start, the control context
// (writes under guards, exits out of feature regions, sinks) and the
// statements. Expressions are in FunctionWalkerExpr.cpp.
//
//===----------------------------------------------------------------------===//

#include "dataflow/FunctionWalker.h"

namespace varsim::dataflow {
namespace walker {

void Walker::runFunction() {
  auto [Found, New] = P.walkCaches().Escaping.try_emplace(F);
  if (New) {
    EscapeFinder Finder;
    Finder.TraverseStmt(F->getBody());
    Found->second = std::move(Finder.Escaping);
  }
  Escaping = &Found->second;
  // The function marker opens the function's region.
  FunctionRegion = M.blockRegion(F->getBody());
  // A clone runs only under its condition: its features are fixed here.
  if (FunctionRegion) {
    auto Clone = P.options().FixedInRegion.find(*FunctionRegion);
    if (Clone != P.options().FixedInRegion.end())
      Fixed.insert(Clone->second.begin(), Clone->second.end());
  }
  State St;
  for (unsigned I = 0; I < F->getNumParams(); ++I) {
    const ParmVarDecl *Param = F->getParamDecl(I);
    // The dispatch that chose this clone passed the same arguments to
    // every clone: the caller's test of a fixed feature chose the clone,
    // not the argument's value, so it is no source when the value escapes
    // (RapidJSON's `main` per RAPIDJSON_WRITE_DEFAULT_FLAGS made every
    // parser decision depend on the flag through argc).
    Taint In = withoutFixedCallerContext(P.cell(paramKey(F, I)));
    if (tracked(Param))
      St.set(Param, std::move(In));
    else
      P.addTo(keyOf(Param), In);
  }
  if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(F)) {
    for (const CXXCtorInitializer *Init : Ctor->inits())
      if (Init->isMemberInitializer() && Init->isWritten())
        P.addTo(keyOf(Init->getMember()), escaped(eval(Init->getInit(), St)));
  }
  Early = P.isEarly(F);
  exec(F->getBody(), St);
}

Taint Walker::withoutFixedCallerContext(Taint T) const {
  if (Fixed.empty() || llvm::none_of(T, [&](const auto &E) {
        return E.second.FromCaller && Fixed.count(E.first);
      }))
    return T;
  std::erase_if(T.edit(), [&](const auto &E) {
    return E.second.FromCaller && Fixed.count(E.first);
  });
  return T;
}

Taint Walker::written(Taint T, SourceLocation At, llvm::StringRef Via) {
  if (llvm::any_of(T, [](const auto &E) { return E.second.Via.empty(); }))
    for (auto &[Feature, O] : T.edit())
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
  // each branch is a region of its own, nothing follows them. So does a
  // constant's value function (GuardFunctions), without regions.
  if (llvm::any_of(Regions,
                   [&](unsigned R) {
                     return P.options().SwitchRegions.count(R) != 0;
                   }) ||
      P.options().GuardFunctions.count(FnName))
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
    P.addTo(controlKey(F), Control);
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
        P.markDecides(P.intern(Param));
      continue;
    }
    S.Features.emplace(Feature, O);
  }
  if (S.Features.empty())
    return;
  if (Regions.empty() && F) {
    // No marker around: this decision's time is timed in the callers'
    // contexts (an unmarked function), so each call site's region gets
    // the fact (evidence kind "callee"), and the plan runs the caller with
    // the data's writer on and off.
    Taint Callee = S.Features;
    for (auto &[Feature, O] : Callee.edit()) {
      O.Callee = true;
      O.Via += (O.Via.empty() ? "in " : ", in ") + FnName + " at " +
               M.pointOf(Cond->getBeginLoc()).str();
    }
    P.addTo(calleeKey(F), Callee);
  }
  if (!P.recording())
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
    Features.push_back(Feature->str());
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

bool Walker::plainValue(const Expr *E, unsigned &Budget) {
  if (!E || Budget == 0)
    return false;
  --Budget;
  E = E->IgnoreParens();
  if (isa<IntegerLiteral, FloatingLiteral, StringLiteral, CharacterLiteral,
          CXXBoolLiteralExpr, CXXNullPtrLiteralExpr, CXXThisExpr,
          UnaryExprOrTypeTraitExpr>(E))
    return true;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
    return isa<VarDecl, EnumConstantDecl>(Ref->getDecl()) &&
           !Ref->getType().isVolatileQualified();
  if (const auto *Cast = dyn_cast<CastExpr>(E))
    return Cast->getCastKind() != CK_UserDefinedConversion &&
           Cast->getCastKind() != CK_ConstructorConversion &&
           plainValue(Cast->getSubExpr(), Budget);
  if (const auto *Member = dyn_cast<MemberExpr>(E))
    return isa<FieldDecl>(Member->getMemberDecl()) &&
           plainValue(Member->getBase(), Budget);
  if (const auto *Element = dyn_cast<ArraySubscriptExpr>(E))
    return plainValue(Element->getBase(), Budget) &&
           plainValue(Element->getIdx(), Budget);
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    return !U->isIncrementDecrementOp() && plainValue(U->getSubExpr(), Budget);
  if (const auto *B = dyn_cast<BinaryOperator>(E))
    return !B->isAssignmentOp() && !B->isCommaOp() &&
           B->getOpcode() != BO_Div && B->getOpcode() != BO_Rem &&
           plainValue(B->getLHS(), Budget) && plainValue(B->getRHS(), Budget);
  if (const auto *Cond = dyn_cast<ConditionalOperator>(E))
    return plainValue(Cond->getCond(), Budget) &&
           plainValue(Cond->getTrueExpr(), Budget) &&
           plainValue(Cond->getFalseExpr(), Budget);
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
      bool FromParams = false;
      for (const auto &[Feature, O] : T) {
        if (O.rank() != 1)
          continue;
        for (const std::string &Param : O.Params)
          P.markReturned(P.intern(Param));
        FromParams = true;
      }
      if (FromParams)
        std::erase_if(T.edit(),
                      [](const auto &E) { return E.second.rank() == 1; });
      if (F)
        P.addTo(returnKey(F), withoutCallerContext(std::move(T)));
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

} // namespace walker

void walkFunction(ProgramAnalysis &P, const MacroFacts &Macros,
                  const clang::FunctionDecl &F) {
  walker::Walker(P, Macros, &F).runFunction();
}

Taint walkInitializer(ProgramAnalysis &P, const MacroFacts &Macros,
                      ProgramAnalysis::CellKey Key, const clang::Expr &Init) {
  walker::Walker W(P, Macros, nullptr);
  walker::Walker::State St;
  Taint T = W.eval(&Init, St);
  P.addTo(Key, T);
  return T;
}

} // namespace varsim::dataflow
