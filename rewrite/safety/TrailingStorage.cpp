//===- rewrite/safety/TrailingStorage.cpp - Storage behind records --------===//

#include "rewrite/safety/TrailingStorage.h"

#include "rewrite/safety/AllocationFlows.h"

#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace varsim::rewrite::safety {

using namespace clang;

namespace {

/// One write of a local variable: its value and how it is combined (the
/// initializer and `=` are BO_Assign); no value for `++`, `--` and `&v`.
struct Write {
  const Expr *Value = nullptr;
  BinaryOperatorKind Op = BO_Assign;
  /// `&n`: a callee may store any value (`scanf("%zu", &n)`).
  bool AddressTaken = false;
};

/// A write that scales or masks what the variable held (`n *= 2`): a
/// record count in it is no longer a count.
bool scales(const Write &W) {
  return W.Value && W.Op != BO_Assign && W.Op != BO_AddAssign &&
         W.Op != BO_SubAssign;
}

/// A cast of `&base[index]` or `base + index`, base a pointer to Record.
struct Candidate {
  const ExplicitCastExpr *Cast;
  const RecordDecl *Record;
  const Expr *Base;
  const Expr *Index;
};

/// What one function body holds.
struct Body {
  const FunctionDecl *Function = nullptr;
  llvm::DenseMap<const VarDecl *, std::vector<Write>> Writes;
  std::vector<const CallExpr *> Allocations;
  std::vector<Candidate> Casts;
  std::set<std::string> Assigned; ///< Canonical lvalues given `=`.
  llvm::DenseMap<const ParmVarDecl *, std::vector<const DeclRefExpr *>>
      ParamReads;
  /// The reads of parameters that only size memory: in an allocation's
  /// arguments or a local variable's value (filled before the verdicts).
  llvm::DenseSet<const DeclRefExpr *> SizeReads;
};

using Terms = std::optional<std::vector<std::string>>;

const RecordDecl *recordOf(QualType T) {
  T = T.getCanonicalType();
  if (T->isDependentType())
    return nullptr;
  const auto *RT = T->getAs<RecordType>();
  return RT ? RT->getDecl()->getDefinition() : nullptr;
}

/// The local variable E names, if it is one (not a parameter).
const VarDecl *localVar(const Expr *E) {
  const auto *R = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  const auto *VD = R ? dyn_cast<VarDecl>(R->getDecl()) : nullptr;
  return VD && VD->hasLocalStorage() && !isa<ParmVarDecl>(VD) ? VD : nullptr;
}

/// The local variable or parameter E names, if any: what a function body
/// writes that the walks below follow.
const VarDecl *ownVar(const Expr *E) {
  const auto *R = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  const auto *VD = R ? dyn_cast<VarDecl>(R->getDecl()) : nullptr;
  return VD && VD->hasLocalStorage() ? VD : nullptr;
}

std::string id(const void *P) {
  return std::to_string(reinterpret_cast<uintptr_t>(P));
}

class TrailingVisitor : public RecursiveASTVisitor<TrailingVisitor> {
public:
  TrailingVisitor(ASTContext &Ctx, ProjectFiles &Files,
                  llvm::DenseSet<const Expr *> &Out)
      : Ctx(Ctx), Files(Files), Out(Out) {}

  bool TraverseDecl(Decl *D) {
    if (!D || isa<TranslationUnitDecl>(D))
      return RecursiveASTVisitor::TraverseDecl(D);
    if (!Files.place(D->getLocation()).File)
      return true;
    const auto *FD = dyn_cast<FunctionDecl>(D);
    if (!FD || !FD->doesThisDeclarationHaveABody() || FD->isDependentContext())
      return RecursiveASTVisitor::TraverseDecl(D);
    Bodies.emplace_back();
    Bodies.back().Function = FD;
    bool Go = RecursiveASTVisitor::TraverseDecl(D);
    Body &B = Bodies.back();
    for (const CallExpr *CE : B.Allocations)
      for (const Expr *Arg : CE->arguments())
        sizeReads(Arg, B.SizeReads);
    for (const auto &[VD, List] : B.Writes)
      for (const Write &W : List)
        if (W.Value)
          sizeReads(W.Value, B.SizeReads);
    for (const Candidate &C : Bodies.back().Casts)
      if (constantEnd(C, Bodies.back()) || runTimeEnd(C, Bodies.back()))
        Out.insert(C.Cast);
    Bodies.pop_back();
    return Go;
  }

  bool VisitVarDecl(VarDecl *VD) {
    if (!Bodies.empty() && VD->hasLocalStorage() && !isa<ParmVarDecl>(VD))
      if (const Expr *Init = VD->getInit())
        Bodies.back().Writes[VD].push_back({Init, BO_Assign});
    return true;
  }

  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (Bodies.empty() || !BO->isAssignmentOp())
      return true;
    if (const VarDecl *VD = ownVar(BO->getLHS()))
      Bodies.back().Writes[VD].push_back({BO->getRHS(), BO->getOpcode()});
    if (BO->getOpcode() == BO_Assign)
      Bodies.back().Assigned.insert(canon(BO->getLHS()));
    return true;
  }

  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (Bodies.empty() ||
        !(UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf))
      return true;
    if (const VarDecl *VD = ownVar(UO->getSubExpr()))
      Bodies.back().Writes[VD].push_back(
          {nullptr, BO_Comma, UO->getOpcode() == UO_AddrOf});
    return true;
  }

  bool VisitDeclRefExpr(DeclRefExpr *R) {
    if (const auto *P = dyn_cast<ParmVarDecl>(R->getDecl());
        P && !Bodies.empty())
      Bodies.back().ParamReads[P].push_back(R);
    return true;
  }

  bool VisitCallExpr(CallExpr *CE) {
    if (!Bodies.empty() && allocation(CE))
      Bodies.back().Allocations.push_back(CE);
    return true;
  }

  bool VisitExplicitCastExpr(ExplicitCastExpr *E) {
    if (Bodies.empty() ||
        !(isa<CStyleCastExpr>(E) || isa<CXXReinterpretCastExpr>(E)))
      return true;
    QualType From = E->getSubExprAsWritten()->getType().getCanonicalType();
    if (!From->isPointerType() || !E->getType()->isPointerType())
      return true;
    const RecordDecl *RD = recordOf(From->getPointeeType());
    if (!RD)
      return true;
    const Expr *Sub = E->getSubExprAsWritten()->IgnoreParens();
    const Expr *Base = nullptr, *Index = nullptr;
    if (const auto *U = dyn_cast<UnaryOperator>(Sub);
        U && U->getOpcode() == UO_AddrOf) {
      if (const auto *A =
              dyn_cast<ArraySubscriptExpr>(U->getSubExpr()->IgnoreParens())) {
        Base = A->getBase();
        Index = A->getIdx();
      }
    } else if (const auto *B = dyn_cast<BinaryOperator>(Sub);
               B && B->getOpcode() == BO_Add) {
      bool LeftPointer = B->getLHS()->getType()->isPointerType();
      Base = LeftPointer ? B->getLHS() : B->getRHS();
      Index = LeftPointer ? B->getRHS() : B->getLHS();
    }
    // Only a pointer steps over records; `&arr[4]` of an array object is
    // not an allocation's storage.
    if (Base && Index &&
        Base->IgnoreParenImpCasts()->getType()->isPointerType() &&
        Index->getType()->isIntegerType())
      Bodies.back().Casts.push_back({E, RD, Base, Index});
    return true;
  }

private:
  /// A call that allocates: it returns a pointer and its callee is named
  /// for allocation (malloc, calloc, sqlite3DbMallocZero, arena_alloc).
  static bool allocation(const CallExpr *CE) {
    if (!CE->getType()->isPointerType())
      return false;
    const NamedDecl *D = namedCallee(CE);
    return D && llvm::StringRef(llvm::StringRef(D->getNameAsString()).lower())
                    .contains("alloc");
  }

  /// Allocations whose count is a product of their arguments.
  static bool productOfArguments(const CallExpr *CE) {
    std::string Name =
        llvm::StringRef(namedCallee(CE)->getNameAsString()).lower();
    return llvm::StringRef(Name).contains("calloc") ||
           llvm::StringRef(Name).contains("array");
  }

  /// An integer-valued canonical text of E: equal texts are the same
  /// computation (operands of `+` and `*` in any order); an expression
  /// of another kind only equals itself.
  std::string canon(const Expr *E) const {
    E = E->IgnoreParenImpCasts();
    if (const auto *C = dyn_cast<ExplicitCastExpr>(E))
      return "(cast " + C->getType().getCanonicalType().getAsString() + " " +
             canon(C->getSubExpr()) + ")";
    if (const auto *R = dyn_cast<DeclRefExpr>(E))
      return "v" + id(R->getDecl()->getCanonicalDecl());
    if (const auto *L = dyn_cast<IntegerLiteral>(E))
      return std::to_string(L->getValue().getLimitedValue());
    if (const auto *M = dyn_cast<MemberExpr>(E))
      return canon(M->getBase()) + (M->isArrow() ? "->" : ".") +
             id(M->getMemberDecl());
    if (const auto *A = dyn_cast<ArraySubscriptExpr>(E))
      return canon(A->getBase()) + "[" + canon(A->getIdx()) + "]";
    if (const auto *B = dyn_cast<BinaryOperator>(E)) {
      BinaryOperatorKind Op = B->getOpcode();
      if (Op == BO_Add || Op == BO_Mul) {
        std::vector<const Expr *> Operands;
        flatten(E, Op, Operands);
        return join(Op, Operands);
      }
      if (!B->isAssignmentOp() && Op != BO_Comma)
        return "(" + B->getOpcodeStr().str() + " " + canon(B->getLHS()) + " " +
               canon(B->getRHS()) + ")";
    }
    if (const auto *U = dyn_cast<UnaryOperator>(E);
        U && !U->isIncrementDecrementOp())
      return "(" + UnaryOperator::getOpcodeStr(U->getOpcode()).str() + " " +
             canon(U->getSubExpr()) + ")";
    return "?" + id(E);
  }

  std::string join(BinaryOperatorKind Op,
                   const std::vector<const Expr *> &Operands) const {
    if (Operands.size() == 1)
      return canon(Operands.front());
    std::vector<std::string> Parts;
    for (const Expr *O : Operands)
      Parts.push_back(canon(O));
    llvm::sort(Parts);
    std::string S = Op == BO_Add ? "(+" : "(*";
    for (const std::string &P : Parts)
      S += " " + P;
    return S + ")";
  }

  static void flatten(const Expr *E, BinaryOperatorKind Op,
                      std::vector<const Expr *> &Out) {
    E = E->IgnoreParenImpCasts();
    if (const auto *B = dyn_cast<BinaryOperator>(E);
        B && B->getOpcode() == Op) {
      flatten(B->getLHS(), Op, Out);
      flatten(B->getRHS(), Op, Out);
      return;
    }
    Out.push_back(E);
  }

  std::optional<int64_t> constant(const Expr *E) const {
    Expr::EvalResult R;
    if (E->isValueDependent() || !E->EvaluateAsInt(R, Ctx))
      return std::nullopt;
    return R.Val.getInt().getExtValue();
  }

  /// True if a value of type T holds a RD (itself, an element, a member
  /// or a base, by value).
  bool holds(QualType T, const RecordDecl *RD, int Depth = 0) const {
    T = T.getCanonicalType();
    while (const ArrayType *A = Ctx.getAsArrayType(T))
      T = A->getElementType().getCanonicalType();
    const RecordDecl *R = recordOf(T);
    if (!R)
      return false;
    if (Depth > 8)
      return true; // Too deep to tell: assume it does.
    if (R == RD)
      return true;
    if (const auto *C = dyn_cast<CXXRecordDecl>(R))
      for (const CXXBaseSpecifier &B : C->bases())
        if (holds(B.getType(), RD, Depth + 1))
          return true;
    return llvm::any_of(R->fields(), [&](const FieldDecl *F) {
      return holds(F->getType(), RD, Depth + 1);
    });
  }

  static void sizeReads(const Stmt *S,
                        llvm::DenseSet<const DeclRefExpr *> &Out) {
    if (const auto *R = dyn_cast_or_null<DeclRefExpr>(S))
      Out.insert(R);
    if (S)
      for (const Stmt *Child : S->children())
        sizeReads(Child, Out);
  }

  /// True if an integer parameter may carry a caller's record size. A
  /// size that depends on the configuration reaches a parameter only as
  /// an allocation size (a function that returns a pointer or is named
  /// for allocation), and only when the parameter does nothing else but
  /// size memory (rewrite/safety/AllocationFlows.h); anywhere else it is
  /// a refused layout use.
  static bool carriesSize(const ParmVarDecl *P, const Body &B) {
    const FunctionDecl *FD = B.Function;
    std::string Name = llvm::StringRef(FD->getNameAsString()).lower();
    if (!P->getType()->isIntegerType() ||
        !(FD->getReturnType()->isPointerType() ||
          llvm::StringRef(Name).contains("alloc") ||
          llvm::StringRef(Name).contains("free")))
      return false;
    auto It = B.ParamReads.find(P);
    return It == B.ParamReads.end() ||
           llvm::all_of(It->second, [&](const DeclRefExpr *R) {
             return B.SizeReads.count(R) != 0;
           });
  }

  // --- `&p[K]`: K records -------------------------------------------------

  /// How many RD records a size E counts (sizeof(RD) taken with a constant
  /// factor), if that is known.
  std::optional<int64_t> count(const Expr *E, const RecordDecl *RD,
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
        return carriesSize(P, B) || B.Writes.count(P)
                   ? std::nullopt
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
  std::optional<int64_t> variableCount(const VarDecl *VD, const RecordDecl *RD,
                                       const Body &B, int Depth) const {
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
  std::optional<int64_t> recordsIn(const CallExpr *CE, const RecordDecl *RD,
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

  bool constantEnd(const Candidate &C, const Body &B) const {
    std::optional<int64_t> K = constant(C.Index);
    const VarDecl *P = localVar(C.Base);
    if (!K || *K < 1 || !P)
      return false;
    std::optional<std::vector<const CallExpr *>> Calls = allocationsOf(P, B);
    return Calls && llvm::all_of(*Calls, [&](const CallExpr *CE) {
             return recordsIn(CE, C.Record, B) == K;
           });
  }

  // --- `&a[E]`: the end of E records --------------------------------------

  /// The coefficients of sizeof(RD) in a size E, as canonical texts ("1"
  /// for sizeof(RD) itself), if every use of RD's size in E is such a
  /// term. A record holding RD by value is another block, not counted.
  Terms terms(const Expr *E, const RecordDecl *RD, const Body &B,
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
  Terms product(const Expr *E, const RecordDecl *RD, const Body &B,
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
  bool stable(const Expr *E, const Body &B) const {
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

  /// The local pointer a base path starts from (`p` in `p->a`, `p`).
  static const VarDecl *rootOf(const Expr *E) {
    E = E->IgnoreParenImpCasts();
    while (const auto *M = dyn_cast<MemberExpr>(E)) {
      if (!M->isArrow())
        return nullptr;
      E = M->getBase()->IgnoreParenImpCasts();
    }
    return localVar(E);
  }

  /// The allocations a local pointer is given, if it is given nothing
  /// else (but null pointers).
  std::optional<std::vector<const CallExpr *>>
  allocationsOf(const VarDecl *P, const Body &B) const {
    auto It = B.Writes.find(P);
    if (It == B.Writes.end())
      return std::nullopt;
    std::vector<const CallExpr *> Calls;
    for (const Write &W : It->second) {
      if (!W.Value || W.Op != BO_Assign)
        return std::nullopt;
      const Expr *V = W.Value->IgnoreParenCasts();
      if (V->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull))
        continue;
      const auto *CE = dyn_cast<CallExpr>(V);
      if (!CE || !allocation(CE))
        return std::nullopt;
      Calls.push_back(CE);
    }
    if (Calls.empty())
      return std::nullopt;
    return Calls;
  }

  /// True if the size of CE has exactly one term with RD's size, and its
  /// coefficient is Index.
  bool endsAt(const CallExpr *CE, const RecordDecl *RD,
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
        if (productOfArguments(CE) &&
            constant(Arg) != std::optional<int64_t>(1))
          return false;
        continue;
      }
      if (Found)
        return false;
      Found = std::move(T);
    }
    return Found && Found->size() == 1 && Found->front() == Index;
  }

  bool runTimeEnd(const Candidate &C, const Body &B) const {
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

  ASTContext &Ctx;
  ProjectFiles &Files;
  llvm::DenseSet<const Expr *> &Out;
  std::vector<Body> Bodies;
};

} // namespace

void findTrailingStorage(ASTContext &Ctx, ProjectFiles &Files,
                         llvm::DenseSet<const Expr *> &AddressCasts) {
  TrailingVisitor V(Ctx, Files, AddressCasts);
  V.TraverseDecl(Ctx.getTranslationUnitDecl());
}

} // namespace varsim::rewrite::safety
