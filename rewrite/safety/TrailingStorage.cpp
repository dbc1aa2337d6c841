//===- rewrite/safety/TrailingStorage.cpp - Storage behind records --------===//
//
// The walk that records, per function body, the writes of its locals,
// its allocations and its casts of `&base[index]` (the verdicts are in
// TrailingStorageConstant.cpp and TrailingStorageRunTime.cpp), and the
// pieces both verdicts use.
//
//===----------------------------------------------------------------------===//

#include "rewrite/safety/TrailingStorage.h"

#include "rewrite/safety/AllocationFlows.h"
#include "rewrite/safety/TrailingStorageImpl.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/STLExtras.h"

namespace varsim::rewrite::safety {

namespace trailing {

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

static std::string id(const void *P) {
  return std::to_string(reinterpret_cast<uintptr_t>(P));
}

/// A call that allocates: it returns a pointer and its callee is named
/// for allocation (malloc, calloc, sqlite3DbMallocZero, arena_alloc).
bool allocation(const CallExpr *CE) {
  if (!CE->getType()->isPointerType())
    return false;
  const NamedDecl *D = namedCallee(CE);
  return D && llvm::StringRef(llvm::StringRef(D->getNameAsString()).lower())
                  .contains("alloc");
}

/// Allocations whose count is a product of their arguments.
bool productOfArguments(const CallExpr *CE) {
  std::string Name =
      llvm::StringRef(namedCallee(CE)->getNameAsString()).lower();
  return llvm::StringRef(Name).contains("calloc") ||
         llvm::StringRef(Name).contains("array");
}

/// An integer-valued canonical text of E: equal texts are the same
/// computation (operands of `+` and `*` in any order); an expression
/// of another kind only equals itself.
std::string canon(const Expr *E) {
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
                 const std::vector<const Expr *> &Operands) {
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

void flatten(const Expr *E, BinaryOperatorKind Op,
             std::vector<const Expr *> &Out) {
  E = E->IgnoreParenImpCasts();
  if (const auto *B = dyn_cast<BinaryOperator>(E); B && B->getOpcode() == Op) {
    flatten(B->getLHS(), Op, Out);
    flatten(B->getRHS(), Op, Out);
    return;
  }
  Out.push_back(E);
}

/// The local pointer a base path starts from (`p` in `p->a`, `p`).
const VarDecl *rootOf(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  while (const auto *M = dyn_cast<MemberExpr>(E)) {
    if (!M->isArrow())
      return nullptr;
    E = M->getBase()->IgnoreParenImpCasts();
  }
  return localVar(E);
}
std::optional<int64_t> SizeJudge::constant(const Expr *E) const {
  Expr::EvalResult R;
  if (E->isValueDependent() || !E->EvaluateAsInt(R, Ctx))
    return std::nullopt;
  return R.Val.getInt().getExtValue();
}

/// True if a value of type T holds a RD (itself, an element, a member
/// or a base, by value).
bool SizeJudge::holds(QualType T, const RecordDecl *RD, int Depth) const {
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

/// True if an integer parameter may carry a caller's record size. A
/// size that depends on the configuration reaches a parameter only as
/// an allocation size (a function that returns a pointer or is named
/// for allocation), and only when the parameter does nothing else but
/// size memory (rewrite/safety/AllocationFlows.h); anywhere else it is
/// a refused layout use.
bool SizeJudge::carriesSize(const ParmVarDecl *P, const Body &B) const {
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

/// The allocations a local pointer is given, if it is given nothing
/// else (but null pointers).
std::optional<std::vector<const CallExpr *>>
SizeJudge::allocationsOf(const VarDecl *P, const Body &B) const {
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
} // namespace trailing

namespace {

using namespace trailing;

/// The local variable or parameter E names, if any: what a function body
/// writes that the walks follow.
const VarDecl *ownVar(const Expr *E) {
  const auto *R = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  const auto *VD = R ? dyn_cast<VarDecl>(R->getDecl()) : nullptr;
  return VD && VD->hasLocalStorage() ? VD : nullptr;
}

class TrailingVisitor : public RecursiveASTVisitor<TrailingVisitor> {
public:
  TrailingVisitor(ASTContext &Ctx, ProjectFiles &Files,
                  llvm::DenseSet<const Expr *> &Out)
      : Files(Files), Out(Out), Judge(Ctx) {}

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
      if (Judge.constantEnd(C, Bodies.back()) ||
          Judge.runTimeEnd(C, Bodies.back()))
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
  static void sizeReads(const Stmt *S,
                        llvm::DenseSet<const DeclRefExpr *> &Out) {
    if (const auto *R = dyn_cast_or_null<DeclRefExpr>(S))
      Out.insert(R);
    if (S)
      for (const Stmt *Child : S->children())
        sizeReads(Child, Out);
  }

  ProjectFiles &Files;
  llvm::DenseSet<const Expr *> &Out;
  SizeJudge Judge;
  std::vector<Body> Bodies;
};

} // namespace

void findTrailingStorage(ASTContext &Ctx, ProjectFiles &Files,
                         llvm::DenseSet<const Expr *> &AddressCasts) {
  TrailingVisitor V(Ctx, Files, AddressCasts);
  V.TraverseDecl(Ctx.getTranslationUnitDecl());
}

} // namespace varsim::rewrite::safety
