//===- rewrite/safety/TrailingStorageRunTime.cpp - &a[E] ---===//
//
// The verdict on `&a[E]` and `a + E` with a run-time E: each allocation
// of a's root has exactly one term of the record's size, and its
// coefficient is E (TrailingStorage.h).
//
//===----------------------------------------------------------------------===//

#include "rewrite/safety/TrailingStorageImpl.h"

#include "llvm/ADT/STLExtras.h"

namespace varsim::rewrite::safety::trailing {

// --- `&a[E]`: the end of E records --------------------------------------

/// The coefficients of sizeof(RD) in a size E, as canonical texts ("1"
/// for sizeof(RD) itself), if every use of RD's size in E is such a
/// term. A record holding RD by value is another block, not counted.
Terms SizeJudge::terms(const Expr *E, const RecordDecl *RD, const Body &B,
                       int Depth) const {
  if (Depth > 16) // Variables followed: a cycle of assignments ends here.
    return std::nullopt;
  E = E->IgnoreParenImpCasts();
  std::vector<std::string> None;
  if (const auto *C = dyn_cast<ExplicitCastExpr>(E))
    return terms(C->getSubExpr(), RD, B, Depth);
  if (const auto *U = dyn_cast<UnaryExprOrTypeTraitExpr>(E)) {
    if (U->getKind() != UETT_SizeOf)
      return None;
    QualType T = U->getTypeOfArgument().getCanonicalType();
    if (recordOf(T) == RD)
      return std::vector<std::string>{"1"};
    if (const ArrayType *A = Ctx.getAsArrayType(T); A && holds(T, RD))
      return std::nullopt;
    return None;
  }
  if (const auto *O = dyn_cast<OffsetOfExpr>(E))
    return recordOf(O->getTypeSourceInfo()->getType()) == RD ? std::nullopt
                                                             : Terms(None);
  if (const auto *Bin = dyn_cast<BinaryOperator>(E)) {
    BinaryOperatorKind Op = Bin->getOpcode();
    if (Op == BO_Mul)
      return product(E, RD, B, Depth);
    Terms L = terms(Bin->getLHS(), RD, B, Depth);
    Terms R = terms(Bin->getRHS(), RD, B, Depth);
    if (!L || !R)
      return std::nullopt;
    if (Op == BO_Add) {
      L->insert(L->end(), R->begin(), R->end());
      return L;
    }
    if ((Op == BO_Sub || Op == BO_And || Op == BO_Or) && R->empty())
      return L;
    return L->empty() && R->empty() && !Bin->isAssignmentOp() ? Terms(None)
                                                              : std::nullopt;
  }
  if (const auto *C = dyn_cast<ConditionalOperator>(E)) {
    Terms T = terms(C->getTrueExpr(), RD, B, Depth);
    Terms F = terms(C->getFalseExpr(), RD, B, Depth);
    if (!T || !F)
      return std::nullopt;
    // Both arms must hold the same records: a size that counts them on
    // one path only does not end where the records do on the other.
    llvm::sort(*T);
    llvm::sort(*F);
    return *T == *F ? T : std::nullopt;
  }
  if (const auto *R = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *P = dyn_cast<ParmVarDecl>(R->getDecl()))
      return carriesSize(P, B) || B.Writes.count(P) ? std::nullopt
                                                    : Terms(None);
    const auto *VD = dyn_cast<VarDecl>(R->getDecl());
    if (!VD || !VD->hasLocalStorage())
      return None;
    auto It = B.Writes.find(VD);
    if (It == B.Writes.end())
      return None;
    // Every `=` write holds the same terms, `+=` writes add theirs; an
    // address taken or a scaling write leaves the terms unknown.
    std::vector<std::string> All;
    std::optional<std::vector<std::string>> Assigned;
    bool Scaled = false;
    for (const Write &W : It->second) {
      if (W.AddressTaken)
        return std::nullopt;
      Scaled = Scaled || scales(W);
      if (!W.Value)
        continue;
      Terms T = terms(W.Value, RD, B, Depth + 1);
      if (!T || (!T->empty() && W.Op != BO_Assign && W.Op != BO_AddAssign))
        return std::nullopt;
      if (W.Op == BO_Assign) {
        llvm::sort(*T);
        if (Assigned && *Assigned != *T)
          return std::nullopt;
        Assigned = *T;
      } else {
        All.insert(All.end(), T->begin(), T->end());
      }
    }
    if (Assigned)
      All.insert(All.end(), Assigned->begin(), Assigned->end());
    if (Scaled && !All.empty())
      return std::nullopt;
    return All;
  }
  for (const Stmt *Child : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(Child)) {
      Terms T = terms(CE, RD, B, Depth);
      if (!T || !T->empty())
        return std::nullopt;
    }
  return None;
}

/// `sizeof(RD) * a * b`: the coefficient a*b; a product without RD's
/// size counts nothing.
Terms SizeJudge::product(const Expr *E, const RecordDecl *RD, const Body &B,
                         int Depth) const {
  std::vector<const Expr *> Factors;
  flatten(E, BO_Mul, Factors);
  std::vector<const Expr *> Others;
  int Sizes = 0;
  for (const Expr *F : Factors) {
    const auto *U = dyn_cast<UnaryExprOrTypeTraitExpr>(F);
    if (U && U->getKind() == UETT_SizeOf &&
        recordOf(U->getTypeOfArgument()) == RD) {
      ++Sizes;
      continue;
    }
    Terms T = terms(F, RD, B, Depth);
    if (!T || !T->empty())
      return std::nullopt;
    Others.push_back(F);
  }
  if (Sizes == 0)
    return std::vector<std::string>{};
  if (Sizes > 1)
    return std::nullopt;
  return std::vector<std::string>{Others.empty() ? std::string("1")
                                                 : join(BO_Mul, Others)};
}

/// True if every variable in E keeps one value in the function: a local
/// written at most once, a parameter never written.
bool SizeJudge::stable(const Expr *E, const Body &B) const {
  if (const auto *R = dyn_cast<DeclRefExpr>(E)) {
    const auto *VD = dyn_cast<VarDecl>(R->getDecl());
    if (!VD)
      return true; // An enumerator.
    if (!VD->hasLocalStorage())
      return VD->getType().isConstQualified();
    auto It = B.Writes.find(VD);
    if (It == B.Writes.end())
      return isa<ParmVarDecl>(VD); // A parameter never written.
    return !isa<ParmVarDecl>(VD) && It->second.size() == 1 &&
           It->second.front().Value;
  }
  for (const Stmt *Child : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(Child); CE && !stable(CE, B))
      return false;
  return !isa<CallExpr>(E);
}

/// True if the size of CE has exactly one term with RD's size, and its
/// coefficient is Index.
bool SizeJudge::endsAt(const CallExpr *CE, const RecordDecl *RD,
                       const std::string &Index, const Body &B) const {
  std::optional<std::vector<std::string>> Found;
  for (const Expr *Arg : CE->arguments()) {
    if (!Arg->getType()->isIntegerType())
      continue;
    Terms T = terms(Arg, RD, B, 0);
    if (!T)
      return false;
    if (T->empty()) {
      // calloc(n, sizeof *a) holds n records, whatever the term says.
      if (productOfArguments(CE) && constant(Arg) != std::optional<int64_t>(1))
        return false;
      continue;
    }
    if (Found)
      return false;
    Found = std::move(T);
  }
  return Found && Found->size() == 1 && Found->front() == Index;
}

bool SizeJudge::runTimeEnd(const Candidate &C, const Body &B) const {
  const Expr *Base = C.Base->IgnoreParenImpCasts();
  const VarDecl *Root = rootOf(Base);
  // The array is set up here (a member path assigned in this function,
  // or the local itself), in a block this function allocates.
  bool Set = localVar(Base) || B.Assigned.count(canon(Base));
  if (!Root || !Set || !stable(C.Index, B))
    return false;
  std::optional<std::vector<const CallExpr *>> Calls = allocationsOf(Root, B);
  if (!Calls)
    return false;
  std::string Index = canon(C.Index);
  return llvm::all_of(*Calls, [&](const CallExpr *CE) {
    return endsAt(CE, C.Record, Index, B);
  });
}

} // namespace varsim::rewrite::safety::trailing
