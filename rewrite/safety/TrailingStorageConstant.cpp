//===- rewrite/safety/TrailingStorageConstant.cpp - &p[K] ---===//
//
// The verdict on `&p[K]` and `p + K` with an integer constant K: the
// allocations p is given count exactly K records (TrailingStorage.h).
//
//===----------------------------------------------------------------------===//

#include "rewrite/safety/TrailingStorageImpl.h"

#include "llvm/ADT/STLExtras.h"

namespace varsim::rewrite::safety::trailing {

// --- `&p[K]`: K records -------------------------------------------------

/// How many RD records a size E counts (sizeof(RD) taken with a constant
/// factor), if that is known.
std::optional<int64_t> SizeJudge::count(const Expr *E, const RecordDecl *RD,
                                        const Body &B, int Depth) const {
  if (Depth > 16) // Variables followed: a cycle of assignments ends here.
    return std::nullopt;
  E = E->IgnoreParenImpCasts();
  if (const auto *C = dyn_cast<ExplicitCastExpr>(E))
    return count(C->getSubExpr(), RD, B, Depth);
  if (const auto *U = dyn_cast<UnaryExprOrTypeTraitExpr>(E)) {
    if (U->getKind() != UETT_SizeOf)
      return 0;
    QualType T = U->getTypeOfArgument().getCanonicalType();
    int64_t N = 1;
    while (const ArrayType *A = Ctx.getAsArrayType(T)) {
      const auto *CA = dyn_cast<ConstantArrayType>(A);
      if (!CA)
        return std::nullopt;
      N *= CA->getSize().getZExtValue();
      T = A->getElementType().getCanonicalType();
    }
    if (recordOf(T) == RD)
      return N;
    return holds(T, RD) ? std::nullopt : std::optional<int64_t>(0);
  }
  if (const auto *O = dyn_cast<OffsetOfExpr>(E))
    return holds(O->getTypeSourceInfo()->getType(), RD)
               ? std::nullopt
               : std::optional<int64_t>(0);
  if (const auto *Bin = dyn_cast<BinaryOperator>(E)) {
    std::optional<int64_t> L = count(Bin->getLHS(), RD, B, Depth);
    std::optional<int64_t> R = count(Bin->getRHS(), RD, B, Depth);
    if (!L || !R)
      return std::nullopt;
    switch (Bin->getOpcode()) {
    case BO_Add:
      return *L + *R;
    case BO_Sub:
      return *R == 0 ? L : std::nullopt;
    case BO_Mul:
      if (*L == 0 && *R == 0)
        return 0;
      if (*R == 0)
        if (std::optional<int64_t> F = constant(Bin->getRHS()))
          return *L * *F;
      if (*L == 0)
        if (std::optional<int64_t> F = constant(Bin->getLHS()))
          return *R * *F;
      return std::nullopt;
    case BO_And: // Rounding to a multiple: ((n + 7) & ~7).
    case BO_Or:
      if (*R == 0 && constant(Bin->getRHS()))
        return L;
      if (*L == 0 && constant(Bin->getLHS()))
        return R;
      [[fallthrough]];
    default:
      return *L == 0 && *R == 0 && !Bin->isAssignmentOp()
                 ? std::optional<int64_t>(0)
                 : std::nullopt;
    }
  }
  if (const auto *C = dyn_cast<ConditionalOperator>(E)) {
    std::optional<int64_t> T = count(C->getTrueExpr(), RD, B, Depth);
    std::optional<int64_t> F = count(C->getFalseExpr(), RD, B, Depth);
    return T && F && *T == *F ? T : std::nullopt;
  }
  if (const auto *R = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *P = dyn_cast<ParmVarDecl>(R->getDecl()))
      return carriesSize(P, B) || B.Writes.count(P) ? std::nullopt
                                                    : std::optional<int64_t>(0);
    const auto *VD = dyn_cast<VarDecl>(R->getDecl());
    if (!VD || !VD->hasLocalStorage())
      return 0; // A global's or enumerator's value holds no such size.
    return variableCount(VD, RD, B, Depth);
  }
  // Calls, unary operators and the rest: no record counted inside.
  for (const Stmt *Child : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(Child)) {
      std::optional<int64_t> N = count(CE, RD, B, Depth);
      if (!N || *N != 0)
        return std::nullopt;
    }
  return 0;
}

/// A local variable's count: its `=` writes agree and at most one write
/// counts records (flow-insensitive, so `n = sizeof *p; if (c) n +=
/// sizeof *p;` is unknown).
std::optional<int64_t> SizeJudge::variableCount(const VarDecl *VD,
                                                const RecordDecl *RD,
                                                const Body &B,
                                                int Depth) const {
  auto It = B.Writes.find(VD);
  if (It == B.Writes.end())
    return 0;
  std::optional<int64_t> Assigned;
  int64_t Added = 0;
  int Counting = 0;
  bool Scaled = false;
  for (const Write &W : It->second) {
    if (W.AddressTaken)
      return std::nullopt;
    Scaled = Scaled || scales(W);
    if (!W.Value)
      continue; // `n++`: no record size written.
    std::optional<int64_t> N = count(W.Value, RD, B, Depth + 1);
    if (!N)
      return std::nullopt;
    Counting += *N != 0;
    if (W.Op == BO_Assign) {
      if (Assigned && *Assigned != *N)
        return std::nullopt;
      Assigned = *N;
    } else if (W.Op == BO_AddAssign) {
      Added += *N;
    } else if (*N != 0) {
      return std::nullopt;
    }
  }
  if (Counting > 1 || (Scaled && Counting > 0))
    return std::nullopt;
  return Assigned.value_or(0) + Added;
}

/// The records an allocation's size counts: exactly one argument holds
/// them; a calloc-like callee's other arguments must be 1.
std::optional<int64_t> SizeJudge::recordsIn(const CallExpr *CE,
                                            const RecordDecl *RD,
                                            const Body &B) const {
  bool Product = productOfArguments(CE);
  std::optional<int64_t> Total;
  for (const Expr *Arg : CE->arguments()) {
    if (!Arg->getType()->isIntegerType())
      continue;
    std::optional<int64_t> N = count(Arg, RD, B, 0);
    if (!N)
      return std::nullopt;
    if (*N != 0) {
      if (Total)
        return std::nullopt;
      Total = *N;
    } else if (Product && constant(Arg) != std::optional<int64_t>(1)) {
      return std::nullopt;
    }
  }
  return Total;
}

bool SizeJudge::constantEnd(const Candidate &C, const Body &B) const {
  std::optional<int64_t> K = constant(C.Index);
  const VarDecl *P = localVar(C.Base);
  if (!K || *K < 1 || !P)
    return false;
  std::optional<std::vector<const CallExpr *>> Calls = allocationsOf(P, B);
  return Calls && llvm::all_of(*Calls, [&](const CallExpr *CE) {
           return recordsIn(CE, C.Record, B) == K;
         });
}

} // namespace varsim::rewrite::safety::trailing
