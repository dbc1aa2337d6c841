//===- dataflow/FunctionWalker.h - Taint through one function --*- C++ -*-===//
//
// Private to the function walker (FunctionWalker.cpp: the walk, its control
// context and the statements; FunctionWalkerExpr.cpp: expressions, calls and
// assignments). An abstract interpretation of one function body over its
// AST, in statement order: local variables whose address never escapes are
// tracked flow-sensitively (an assignment replaces their taint, branches
// are joined, loops are iterated until stable; FunctionWalkerState.h),
// everything else goes through ProgramAnalysis's flow-insensitive cells. A
// control context (the features of the guards and tainted conditions around
// a statement) is added to every value written under it: that is how
// feature-guarded writes become sources.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_DATAFLOW_FUNCTIONWALKER_H
#define VARSIM_DATAFLOW_FUNCTIONWALKER_H

#include "dataflow/Analysis.h"
#include "dataflow/FunctionWalkerState.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"

namespace varsim::dataflow::walker {

using namespace clang;

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
  /// T without the caller's context of the features this clone fixes.
  Taint withoutFixedCallerContext(Taint T) const;
  /// T plus the control context, with guard origins placed at At.
  Taint written(Taint T, SourceLocation At, llvm::StringRef Via);
  /// An argument's taint as its parameter receives it, with the control
  /// context of the call marked FromCaller: the callee runs in the caller's
  /// calling context, where the trace (a calling-context tree) keeps the
  /// guard's features fixed, until the value escapes.
  Taint passed(Taint T, SourceLocation Call, llvm::StringRef Param,
               ProgramAnalysis::CellKey Key) {
    if (!T.empty())
      for (auto &[Feature, O] : T.edit()) {
        if (O.Via.empty())
          O.Via = Param.str();
        if (!O.FromCaller)
          O.Params = {P.keyName(Key)};
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
  /// Remembered per statement for the walk: each block asks it of every
  /// statement in it, at every depth and in every loop round.
  bool hasWork(const Stmt *S) {
    if (!S)
      return false;
    if (isa<CallExpr, CXXConstructExpr, ForStmt, WhileStmt, DoStmt,
            CXXForRangeStmt, GotoStmt, CXXThrowExpr>(S))
      return true;
    auto &WorkIn = P.walkCaches().WorkIn;
    if (auto It = WorkIn.find(S); It != WorkIn.end())
      return It->second;
    bool Work =
        llvm::any_of(S->children(), [&](const Stmt *C) { return hasWork(C); });
    WorkIn[S] = Work;
    return Work;
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
  Taint pointeeRead(const Expr *Arg);
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
  /// False for an array variable no pointer points into
  /// (ProgramAnalysis::pointedInto): only its own cell holds its elements.
  bool reachedThroughPointers(const VarDecl *V) {
    return !V->getType()->isArrayType() || P.pointedInto(keyOf(V));
  }
  /// An array member or variable, named and indexed, that no pointer
  /// points into.
  bool indexedOnly(const Expr *Array) {
    Array = Array->IgnoreParens();
    if (!Array->getType()->isArrayType())
      return false;
    if (const auto *M = dyn_cast<MemberExpr>(Array))
      return !P.pointedInto(keyOf(M->getMemberDecl()));
    if (const auto *R = dyn_cast<DeclRefExpr>(Array))
      if (const auto *V = dyn_cast<VarDecl>(R->getDecl()))
        return !P.pointedInto(keyOf(V));
    return false;
  }
  bool tracked(const VarDecl *V) const {
    return V->hasLocalStorage() && !Escaping->count(V) &&
           !V->getType()->isReferenceType();
  }
  /// A condition made of feature reads and constants only; Features gets
  /// the features it reads.
  bool pureFeatureCondition(const Expr *E,
                            std::vector<std::string> &Features) const;
  /// A conjunction of (negated) feature reads: all of them are fixed where
  /// it holds.
  bool literalConjunction(const Expr *E) const;
  /// A `?:` arm that only yields a value: literals, variables, fields,
  /// elements and a few operators over them, no call, no write, no more
  /// than Budget nodes. Which such arm runs costs the same to a load or
  /// two, so the choice decides no time; the chosen value still carries
  /// the condition's data.
  static bool plainValue(const Expr *E, unsigned &Budget);
  std::string describe(const Expr *E) const;
  /// In a feature switch's dispatch code, whose conditions are guards.
  bool inSwitchRegion() const {
    return (!Regions.empty() &&
            P.options().SwitchRegions.count(Regions.back()) != 0) ||
           P.options().GuardFunctions.count(FnName) != 0;
  }

  ProgramAnalysis &P;
  const MacroFacts &M;
  const FunctionDecl *F;
  std::string FnName;
  /// The function's locals whose address escapes (none outside one).
  const std::set<const VarDecl *> *Escaping = &NoLocals;
  static inline const std::set<const VarDecl *> NoLocals;
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
  using CellKey = ProgramAnalysis::CellKey;
  Taint cellRead(CellKey Key) const {
    return Early ? P.initialOf(Key) : P.cell(Key);
  }
  /// The cells' keys, made once per analysis (ProgramAnalysis::cachedKey).
  using Kind = ProgramAnalysis::KeyKind;
  CellKey keyOf(const Decl *D) {
    return P.cachedKey(D, Kind::DeclKey,
                       [&] { return ProgramAnalysis::keyOf(D); });
  }
  CellKey paramKey(const FunctionDecl *Fn, unsigned Index) {
    return P.cachedKey(Fn, Index,
                       [&] { return ProgramAnalysis::paramKey(Fn, Index); });
  }
  CellKey returnKey(const FunctionDecl *Fn) { return P.cachedReturnKey(Fn); }
  CellKey controlKey(const FunctionDecl *Fn) {
    return P.cachedKey(Fn, Kind::ControlKey,
                       [&] { return ProgramAnalysis::controlKey(Fn); });
  }
  CellKey calleeKey(const FunctionDecl *Fn) {
    return P.cachedKey(Fn, Kind::CalleeKey,
                       [&] { return ProgramAnalysis::calleeKey(Fn); });
  }
  CellKey memoryKey(QualType T) {
    return P.cachedKey(T.getAsOpaquePtr(), Kind::MemoryKey,
                       [&] { return ProgramAnalysis::memoryKey(T); });
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
      if (Context.emplace(Feature, O))
        ContextDepth[Feature] = Following;
    join(Context, T);
  }
  void restoreContext(Taint Saved) {
    Context = std::move(Saved);
    std::erase_if(ContextDepth,
                  [&](const auto &E) { return !Context.count(E.first); });
  }
};

} // namespace varsim::dataflow::walker

#endif // VARSIM_DATAFLOW_FUNCTIONWALKER_H
