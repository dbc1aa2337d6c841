//===- rewrite/safety/SizeFlow.cpp - Sizes that only size memory ----------===//

#include "rewrite/safety/SizeFlow.h"
#include "rewrite/safety/AllocationFlows.h"
#include "rewrite/safety/TrailingStorage.h"

#include "clang/AST/Expr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringSwitch.h"

#include <vector>

namespace varsim::rewrite::safety {

using namespace clang;

namespace {

/// Where a read of a candidate variable goes.
enum class ReadUse { Size, Flow };

class SizeFlowVisitor : public RecursiveASTVisitor<SizeFlowVisitor> {
public:
  SizeFlowVisitor(ASTContext &Ctx, ProjectFiles &Files)
      : Ctx(Ctx), Files(Files) {}

  bool TraverseDecl(Decl *D) {
    if (!D || isa<TranslationUnitDecl>(D))
      return RecursiveASTVisitor::TraverseDecl(D);
    if (!Files.place(D->getLocation()).File)
      return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }

  // --- where values go -----------------------------------------------------

  bool VisitVarDecl(VarDecl *VD) {
    if (candidate(VD))
      if (const Expr *Init = VD->getInit())
        write(VD, Init);
    return true;
  }

  bool VisitCallExpr(CallExpr *CE) {
    if (sizesMemory(CE))
      for (const Expr *Arg : CE->arguments())
        walk(Arg, ReadUse::Size, nullptr);
    return true;
  }

  bool VisitBinaryOperator(BinaryOperator *BO) {
    BinaryOperatorKind Op = BO->getOpcode();
    if (BO->isAssignmentOp()) {
      const auto *Target =
          dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts());
      const auto *VD = Target ? dyn_cast<VarDecl>(Target->getDecl()) : nullptr;
      if (VD && candidate(VD)) {
        Written.insert(Target);
        if (Op == BO_Assign || Op == BO_AddAssign || Op == BO_SubAssign ||
            Op == BO_MulAssign)
          write(VD, BO->getRHS());
        else
          Poisoned.insert(VD); // `n &= x`, `n >>= 1`: not a size.
        return true;
      }
      // `p += n` on a pointer: an address, like `p + n`.
      if ((Op == BO_AddAssign || Op == BO_SubAssign) &&
          BO->getLHS()->getType()->isPointerType())
        walk(BO->getRHS(), ReadUse::Size, nullptr);
      return true;
    }
    if (Op != BO_Add && Op != BO_Sub)
      return true;
    const Expr *L = BO->getLHS(), *R = BO->getRHS();
    bool LP = L->getType()->isPointerType(), RP = R->getType()->isPointerType();
    if (LP == RP)
      return true; // Two integers, or a pointer difference.
    const Expr *Ptr = LP ? L : R;
    const Expr *Int = LP ? R : L;
    walk(Int, ReadUse::Size, nullptr);
    if (Op == BO_Add)
      if (const auto *C = dyn_cast<ExplicitCastExpr>(Ptr->IgnoreParens()))
        if (const RecordDecl *RD = byteCastOfRecord(C))
          Pending.push_back({C, RD, Int});
    return true;
  }

  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (UO->getOpcode() == UO_AddrOf)
      if (const auto *R =
              dyn_cast<DeclRefExpr>(UO->getSubExpr()->IgnoreParenImpCasts()))
        if (const auto *VD = dyn_cast<VarDecl>(R->getDecl()))
          Poisoned.insert(VD);
    // `n++` reads and writes n: a count, not a size.
    if (UO->isIncrementDecrementOp())
      if (const auto *R =
              dyn_cast<DeclRefExpr>(UO->getSubExpr()->IgnoreParenImpCasts()))
        if (const auto *VD = dyn_cast<VarDecl>(R->getDecl()))
          Poisoned.insert(VD);
    return true;
  }

  bool VisitDeclRefExpr(DeclRefExpr *R) {
    if (const auto *VD = dyn_cast<VarDecl>(R->getDecl()); VD && candidate(VD))
      Reads[VD].push_back(R);
    return true;
  }

  // --- the verdict ---------------------------------------------------------

  SizeFlowFacts finish() {
    // A variable is a size variable while each of its reads is a size use
    // or flows into a size variable; remove the others until nothing
    // changes.
    llvm::DenseSet<const VarDecl *> Sizes;
    for (const auto &[VD, _] : Writes)
      if (!Poisoned.count(VD))
        Sizes.insert(VD);
    for (bool Changed = true; Changed;) {
      Changed = false;
      for (const auto &[VD, List] : Reads) {
        if (!Sizes.count(VD))
          continue;
        for (const DeclRefExpr *R : List) {
          if (Written.count(R))
            continue;
          auto It = Uses.find(R);
          bool Fine = It != Uses.end() && (It->second.first == ReadUse::Size ||
                                           Sizes.count(It->second.second));
          if (!Fine) {
            Sizes.erase(VD);
            Changed = true;
            break;
          }
        }
      }
    }
    SizeFlowFacts Out;
    for (const VarDecl *VD : Sizes)
      for (const Expr *E : Writes[VD])
        collectSizes(E, Out.HarmlessSizes);
    for (const PendingCast &P : Pending)
      if (fromLayoutOf(P.Offset, P.Record, Sizes, 0)) {
        Out.AddressCasts.insert(P.Cast);
        // The offset's own sizes (`(char *)p + ROUND8(sizeof(*p))`) only
        // move that address.
        collectSizes(P.Offset, Out.HarmlessSizes);
      }
    return Out;
  }

private:
  struct PendingCast {
    const ExplicitCastExpr *Cast;
    const RecordDecl *Record;
    const Expr *Offset;
  };

  /// A local integer variable of project code (not a parameter, not
  /// static: its value comes from its function's own statements).
  static bool candidate(const VarDecl *VD) {
    return VD->hasLocalStorage() && !isa<ParmVarDecl>(VD) &&
           VD->getType()->isIntegerType();
  }

  void write(const VarDecl *VD, const Expr *E) {
    Writes[VD].push_back(E);
    walk(E, ReadUse::Flow, VD);
  }

  /// Follows the value of E through the arithmetic that keeps it a size
  /// (parentheses, casts, + - * / << >> & |, ?: arms) and records where
  /// the candidate variables read there go.
  void walk(const Expr *E, ReadUse Use, const VarDecl *Into) {
    E = E->IgnoreParenImpCasts();
    if (const auto *R = dyn_cast<DeclRefExpr>(E)) {
      Uses[R] = {Use, Into};
      return;
    }
    if (const auto *C = dyn_cast<ExplicitCastExpr>(E))
      return walk(C->getSubExpr(), Use, Into);
    if (const auto *B = dyn_cast<BinaryOperator>(E)) {
      switch (B->getOpcode()) {
      case BO_Add:
      case BO_Sub:
      case BO_Mul:
      case BO_Div:
      case BO_Shl:
      case BO_Shr:
      case BO_And:
      case BO_Or:
        walk(B->getLHS(), Use, Into);
        walk(B->getRHS(), Use, Into);
        return;
      default:
        return;
      }
    }
    if (const auto *C = dyn_cast<ConditionalOperator>(E)) {
      walk(C->getTrueExpr(), Use, Into);
      walk(C->getFalseExpr(), Use, Into);
    }
  }

  /// The sizeof/alignof/offsetof values the walk reaches in E.
  static void collectSizes(const Expr *E, llvm::DenseSet<const Expr *> &Out) {
    E = E->IgnoreParenImpCasts();
    if (isa<UnaryExprOrTypeTraitExpr>(E) || isa<OffsetOfExpr>(E)) {
      Out.insert(E);
      return;
    }
    if (const auto *C = dyn_cast<ExplicitCastExpr>(E))
      return collectSizes(C->getSubExpr(), Out);
    if (const auto *B = dyn_cast<BinaryOperator>(E)) {
      if (!B->isAssignmentOp() && !B->isComparisonOp() && !B->isLogicalOp() &&
          B->getOpcode() != BO_Comma) {
        collectSizes(B->getLHS(), Out);
        collectSizes(B->getRHS(), Out);
      }
      return;
    }
    if (const auto *C = dyn_cast<ConditionalOperator>(E)) {
      collectSizes(C->getTrueExpr(), Out);
      collectSizes(C->getFalseExpr(), Out);
    }
  }

  /// True if E's value is computed from sizeof(RD) or offsetof(RD, ...)
  /// (the simulator's own layout of RD), directly or through the values
  /// of size variables.
  bool fromLayoutOf(const Expr *E, const RecordDecl *RD,
                    const llvm::DenseSet<const VarDecl *> &Sizes, int Depth) {
    if (Depth > 8)
      return false;
    llvm::DenseSet<const Expr *> Found;
    collectSizes(E, Found);
    for (const Expr *S : Found) {
      QualType T;
      if (const auto *U = dyn_cast<UnaryExprOrTypeTraitExpr>(S)) {
        if (U->getKind() != UETT_SizeOf)
          continue;
        T = U->getTypeOfArgument();
      } else {
        T = cast<OffsetOfExpr>(S)->getTypeSourceInfo()->getType();
      }
      if (recordOf(T) == RD)
        return true;
    }
    std::vector<const DeclRefExpr *> Refs;
    refsOf(E, Refs);
    for (const DeclRefExpr *R : Refs) {
      const auto *VD = dyn_cast<VarDecl>(R->getDecl());
      if (!VD || !Sizes.count(VD))
        continue;
      auto It = Writes.find(VD);
      if (It == Writes.end())
        continue;
      // Every value the variable is given must come from RD's layout.
      bool All = !It->second.empty();
      for (const Expr *W : It->second)
        All &= fromLayoutOf(W, RD, Sizes, Depth + 1);
      if (All)
        return true;
    }
    return false;
  }

  static void refsOf(const Expr *E, std::vector<const DeclRefExpr *> &Out) {
    E = E->IgnoreParenImpCasts();
    if (const auto *R = dyn_cast<DeclRefExpr>(E)) {
      Out.push_back(R);
      return;
    }
    if (const auto *C = dyn_cast<ExplicitCastExpr>(E))
      return refsOf(C->getSubExpr(), Out);
    if (const auto *B = dyn_cast<BinaryOperator>(E);
        B && (B->getOpcode() == BO_Add || B->getOpcode() == BO_Mul ||
              B->getOpcode() == BO_And || B->getOpcode() == BO_Or)) {
      refsOf(B->getLHS(), Out);
      refsOf(B->getRHS(), Out);
    }
  }

  const RecordDecl *recordOf(QualType T) const {
    T = T.getCanonicalType();
    if (T->isDependentType())
      return nullptr;
    const auto *RT = T->getAs<RecordType>();
    return RT ? RT->getDecl()->getDefinition() : nullptr;
  }

  /// The record C converts a pointer to, if C converts a pointer to a
  /// record into a pointer to bytes (char, signed or unsigned char).
  const RecordDecl *byteCastOfRecord(const ExplicitCastExpr *C) const {
    QualType From = C->getSubExprAsWritten()->getType().getCanonicalType();
    QualType To = C->getType().getCanonicalType();
    if (!From->isPointerType() || !To->isPointerType())
      return nullptr;
    if (!To->getPointeeType()->isCharType())
      return nullptr;
    return recordOf(From->getPointeeType());
  }

  /// Calls whose arguments size memory: the C library's allocation and
  /// memory functions, and (as SafetyCollector judges direct sizeof
  /// arguments) a call returning a pointer or named for allocation.
  static bool sizesMemory(const CallExpr *CE) {
    if (CE->getType()->isPointerType())
      return true;
    const NamedDecl *D = namedCallee(CE);
    if (!D)
      return false;
    llvm::StringRef Name = D->getName();
    Name.consume_front("__builtin_");
    if (llvm::StringSwitch<bool>(Name)
            .Cases("memset", "memcpy", "memmove", "realloc", true)
            .Default(false))
      return true;
    std::string Lower = Name.lower();
    return llvm::StringRef(Lower).contains("alloc") ||
           llvm::StringRef(Lower).contains("free");
  }

  ASTContext &Ctx;
  ProjectFiles &Files;
  llvm::DenseMap<const VarDecl *, std::vector<const Expr *>> Writes;
  llvm::DenseMap<const VarDecl *, std::vector<const DeclRefExpr *>> Reads;
  llvm::DenseMap<const DeclRefExpr *, std::pair<ReadUse, const VarDecl *>> Uses;
  llvm::DenseSet<const DeclRefExpr *> Written;
  llvm::DenseSet<const VarDecl *> Poisoned;
  std::vector<PendingCast> Pending;
};

} // namespace

SizeFlowFacts findSizeFlow(ASTContext &Ctx, ProjectFiles &Files) {
  SizeFlowVisitor V(Ctx, Files);
  V.TraverseDecl(Ctx.getTranslationUnitDecl());
  SizeFlowFacts Out = V.finish();
  findTrailingStorage(Ctx, Files, Out.AddressCasts);
  return Out;
}

} // namespace varsim::rewrite::safety
