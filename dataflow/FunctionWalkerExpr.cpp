//===- dataflow/FunctionWalkerExpr.cpp - Taint through expressions --------===//
//
// The expressions of the function walker (FunctionWalker.h): reads and
// assignments of locals, cells and memory; calls to code with a body (by
// parameter summaries, in the caller's calling context) and to code without
// one (summarised: what it may read and write through its arguments).
//
//===----------------------------------------------------------------------===//

#include "dataflow/FunctionWalker.h"

namespace varsim::dataflow::walker {

// --- Expressions -------------------------------------------------------------

Taint Walker::read(const ValueDecl *D, State &St) {
  const auto *V = dyn_cast<VarDecl>(D);
  if (!V) {
    if (isa<FieldDecl>(D))
      return cellRead(keyOf(D));
    return {};
  }
  if (tracked(V))
    return St.get(V);
  Taint T = cellRead(keyOf(V));
  if (V->hasLocalStorage() && reachedThroughPointers(V))
    join(T, cellRead(memoryKey(V->getType())));
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
    P.addTo(keyOf(V), escaped(std::move(T)));
    return;
  }
  // An automatic variable dies with the call, and pointers to it are only
  // used while the call runs (by this function and its callees, inside the
  // caller's calling context): what came from the caller's context stays
  // fixed to that context, in its cell and in the memory of its type.
  T = unlabelled(std::move(T));
  if (reachedThroughPointers(V))
    P.addTo(memoryKey(V->getType()), T);
  P.addTo(keyOf(V), T);
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
      P.addTo(keyOf(Member->getMemberDecl()), escaped(std::move(T)));
      return;
    }
    if (const auto *Ref = dyn_cast<DeclRefExpr>(Base))
      if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl()))
        if (V->getType()->isArrayType()) {
          if (!V->hasLocalStorage() && P.pointedInto(keyOf(V)))
            P.addTo(memoryKey(Lhs->getType()), escaped(T)); // Also there.
          assignVar(V, std::move(T), St, false);            // The array itself.
          return;
        }
    P.addTo(memoryKey(Lhs->getType()), escaped(std::move(T)));
    return;
  }
  T = escaped(std::move(T)); // Fields and memory outlive the call.
  if (const auto *Member = dyn_cast<MemberExpr>(Lhs)) {
    P.addTo(keyOf(Member->getMemberDecl()), T);
    return;
  }
  if (const auto *U = dyn_cast<UnaryOperator>(Lhs)) {
    if (U->getOpcode() == UO_Deref)
      P.addTo(memoryKey(Lhs->getType()), T);
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
    P.addTo(memoryKey(Lhs->getType()), T);
}

Taint Walker::construct(const CXXConstructExpr *C, State &St) {
  Taint All;
  const CXXConstructorDecl *Ctor = C->getConstructor();
  for (unsigned I = 0; I < C->getNumArgs(); ++I) {
    Taint A = eval(C->getArg(I), St);
    if (Ctor && I < Ctor->getNumParams()) {
      CellKey Key = paramKey(Ctor, I);
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
    Taint Result = P.cell(returnKey(Callee));
    for (unsigned I = 0; I < C->getNumArgs(); ++I) {
      if (MemberOperator && I == 0)
        continue;
      unsigned Param = MemberOperator ? I - 1 : I;
      if (Param >= Callee->getNumParams())
        break;
      CellKey Key = paramKey(Callee, Param);
      P.addTo(Key, passed(Args[I], C->getBeginLoc(),
                          Callee->getParamDecl(Param)->getName(), Key));
      // The callee decides on this argument: a decision of this calling
      // context.
      if (P.decides(Key))
        sink(C->getArg(I), Args[I]);
      if (P.returned(Key))
        join(Result, Args[I]);
    }
    // The callee's control facts and decisions whose code has no marker
    // of its own are this calling context's.
    for (auto [Of, Up] : {std::pair{controlKey(Callee), &Walker::controlKey},
                          std::pair{calleeKey(Callee), &Walker::calleeKey}}) {
      Taint Facts;
      for (const auto &[Feature, O] : P.cell(Of))
        if (!Fixed.count(Feature))
          Facts.emplace(Feature, O);
      if (Facts.empty())
        continue;
      if (Regions.empty() && F) {
        P.addTo((this->*Up)(F), Facts);
      } else if (P.recording()) {
        Sink S;
        S.Function = FnName;
        if (!Regions.empty())
          S.Region = Regions.back();
        S.Where = M.pointOf(C->getBeginLoc());
        S.Features = std::move(Facts);
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
      P.addTo(memoryKey(E->getType()), escaped(T));
    return;
  }
  QualType Pointee = E->getType()->isPointerType()
                         ? E->getType()->getPointeeType()
                         : Arg->getType()->getPointeeType();
  P.addTo(memoryKey(Pointee), escaped(std::move(T)));
}

Taint Walker::pointeeRead(const Expr *Arg) {
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
  return cellRead(memoryKey(T));
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
    T.emplace(Feature->str(), std::move(O));
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
    // An array no pointer points into holds only what was written into
    // it by index (its own cell, read by eval): memory of the element type
    // cannot reach it (IndexedArrays.cpp).
    if (!indexedOnly(Base))
      join(T, cellRead(memoryKey(E->getType())));
    return T;
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    switch (U->getOpcode()) {
    case UO_Deref: {
      eval(U->getSubExpr(), St);
      return cellRead(memoryKey(E->getType()));
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
    // A choice between plain values decides no time (a select, not a
    // branch that runs other code); the value chosen carries C below.
    // Only numbers and strings: a chosen function, object or other pointer
    // may choose the code that runs later (an indirect or virtual call).
    unsigned Budget = 8;
    QualType Type = Cond->getType();
    bool Select = isa<ConditionalOperator>(Cond) &&
                  (Type->isArithmeticType() || Type->isEnumeralType() ||
                   (Type->isPointerType() &&
                    Type->getPointeeType()->isAnyCharacterType())) &&
                  plainValue(Cond->getTrueExpr(), Budget) &&
                  plainValue(Cond->getFalseExpr(), Budget);
    if (!Select && !pureFeatureCondition(Cond->getCond(), Features))
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
      P.addTo(memoryKey(Array->getType()), escaped(T));
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

} // namespace varsim::dataflow::walker
