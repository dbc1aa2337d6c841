//===- rewrite/safety/TrailingStorageImpl.h - Trailing storage --*- C++ -*-===//
//
// Internal to the trailing-storage check (TrailingStorage.h): what the
// walk over one function body records (TrailingStorage.cpp) and the
// judge of its casts, whose two verdicts live in files of their own: the
// end of K records, `&p[K]` (TrailingStorageConstant.cpp), and the end of
// E records, `&a[E]` (TrailingStorageRunTime.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_SAFETY_TRAILINGSTORAGEIMPL_H
#define VARSIM_REWRITE_SAFETY_TRAILINGSTORAGEIMPL_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace varsim::rewrite::safety::trailing {

using namespace clang;

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
inline bool scales(const Write &W) {
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

/// The coefficients of a record's size in a size, as canonical texts;
/// none if some use of the size is not such a term.
using Terms = std::optional<std::vector<std::string>>;

/// The record type T names (its definition), if any.
const RecordDecl *recordOf(QualType T);
/// The local variable E names, if it is one (not a parameter).
const VarDecl *localVar(const Expr *E);
/// The local pointer a base path starts from (`p` in `p->a`, `p`).
const VarDecl *rootOf(const Expr *E);
/// A call that allocates: it returns a pointer and its callee is named
/// for allocation (malloc, calloc, sqlite3DbMallocZero, arena_alloc).
bool allocation(const CallExpr *CE);
/// Allocations whose count is a product of their arguments.
bool productOfArguments(const CallExpr *CE);
/// An integer-valued canonical text of E: equal texts are the same
/// computation (operands of `+` and `*` in any order).
std::string canon(const Expr *E);
/// The canonical text of Operands joined by Op (`+` or `*`).
std::string join(BinaryOperatorKind Op,
                 const std::vector<const Expr *> &Operands);
/// The operands of a chain of Op (`a * b * c`), in order.
void flatten(const Expr *E, BinaryOperatorKind Op,
             std::vector<const Expr *> &Out);

/// Judges the casts of one function body: is the address the end of the
/// records its allocations hold?
class SizeJudge {
public:
  explicit SizeJudge(ASTContext &Ctx) : Ctx(Ctx) {}

  /// `&p[K]` or `p + K`: every allocation p is given counts K records.
  bool constantEnd(const Candidate &C, const Body &B) const;
  /// `&a[E]` or `a + E`: every allocation of a's root has one term of
  /// the record's size, `sizeof(record) * E`.
  bool runTimeEnd(const Candidate &C, const Body &B) const;

private:
  // Shared by both verdicts (TrailingStorage.cpp).
  std::optional<int64_t> constant(const Expr *E) const;
  bool holds(QualType T, const RecordDecl *RD, int Depth = 0) const;
  bool carriesSize(const ParmVarDecl *P, const Body &B) const;
  std::optional<std::vector<const CallExpr *>>
  allocationsOf(const VarDecl *P, const Body &B) const;

  // `&p[K]` (TrailingStorageConstant.cpp).
  std::optional<int64_t> count(const Expr *E, const RecordDecl *RD,
                               const Body &B, int Depth) const;
  std::optional<int64_t> variableCount(const VarDecl *VD, const RecordDecl *RD,
                                       const Body &B, int Depth) const;
  std::optional<int64_t> recordsIn(const CallExpr *CE, const RecordDecl *RD,
                                   const Body &B) const;

  // `&a[E]` (TrailingStorageRunTime.cpp).
  Terms terms(const Expr *E, const RecordDecl *RD, const Body &B,
              int Depth) const;
  Terms product(const Expr *E, const RecordDecl *RD, const Body &B,
                int Depth) const;
  bool stable(const Expr *E, const Body &B) const;
  bool endsAt(const CallExpr *CE, const RecordDecl *RD,
              const std::string &Index, const Body &B) const;

  ASTContext &Ctx;
};

} // namespace varsim::rewrite::safety::trailing

#endif // VARSIM_REWRITE_SAFETY_TRAILINGSTORAGEIMPL_H
