//===- rewrite/safety/SizeFlow.h - Sizes that only size memory -*- C++ -*-===//
//
// The simulator holds the members of every variant, so `sizeof(T)` of a
// record with conditional members is larger there than in a variant. That
// is harmless where the value only sizes and addresses memory the
// simulator itself lays out: the allocation, the memmove and the pointer
// offset all use the simulator's own size, so they agree with each other.
// SafetyCollector already accepts a sizeof written directly as an
// allocation or memset/memcpy argument; real C first computes the size
// into a local variable:
//
//   int nByte = (n - 1 - i) * sizeof(Level);       // then
//   memmove(&w->a[i], &w->a[i + 1], nByte);
//
//   nInfo = ROUND8(sizeof(Info) + (n - 1) * sizeof(Level));
//   w = alloc(db, nInfo + sizeof(Loop));
//   loop = (Loop *)(((char *)w) + nInfo);           // trailing storage
//
// This file finds
//  - the sizeof/offsetof values that reach only *size variables*: local
//    integer variables every read of which is an allocation or mem*
//    argument, the integer operand of pointer arithmetic, or flows into
//    another size variable (never compared, printed, returned or passed
//    elsewhere, never has its address taken);
//  - the casts of a pointer to a record to a pointer to bytes that only
//    compute an address: `(char *)p + n` where n is computed from the
//    simulator's own sizeof or offsetof of that record (past its end, or
//    at one of its members), directly or through size variables;
//  - the casts of the address behind the records an allocation holds
//    (`(int *)&p[1]`, `(u8 *)&s->a[n]`: TrailingStorage.h).
// Everything else keeps being judged as a layout use.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_SAFETY_SIZEFLOW_H
#define VARSIM_REWRITE_SAFETY_SIZEFLOW_H

#include "rewrite/safety/ProjectFiles.h"

#include "clang/AST/ASTContext.h"
#include "llvm/ADT/DenseSet.h"

namespace varsim::rewrite::safety {

struct SizeFlowFacts {
  /// sizeof/alignof/offsetof expressions whose values only size memory.
  llvm::DenseSet<const clang::Expr *> HarmlessSizes;
  /// Casts to a byte pointer that only compute an address from the
  /// simulator's own layout of the record.
  llvm::DenseSet<const clang::Expr *> AddressCasts;
};

/// The facts above for the project code of Ctx's translation unit.
SizeFlowFacts findSizeFlow(clang::ASTContext &Ctx, ProjectFiles &Files);

} // namespace varsim::rewrite::safety

#endif // VARSIM_REWRITE_SAFETY_SIZEFLOW_H
