//===- rewrite/safety/TrailingStorage.h - Behind records ------*- C++ -*-===//
//
// C allocates a header record and the arrays that belong to it in one
// block, and finds the arrays behind the header:
//
//   struct hdr *p = malloc(sizeof *p + n * sizeof(int));
//   int *data = (int *)&p[1];                 // or (char *)(p + 1)
//
//   s->a = (struct item *)...;                // an array of k records
//   u8 *rest = (u8 *)&s->a[k];                // then bytes behind them
//
// The cast converts a pointer to a record whose layout depends on the
// configuration to a pointer to another type, which LayoutUses refuses as
// type punning in general. Here it reads no byte of any record: the
// address is the end of the records the allocation holds, and the
// allocation's size is computed with the simulator's own sizeof of the
// record, so the simulator's block is laid out like the variant's, each
// part at its own (larger) offset. Accepted (the cast is an address cast,
// as in SizeFlow.h), in one function:
//
//  - `&p[K]` or `p + K` with an integer constant K: p is a local pointer
//    the function gives only null pointers and allocations (calls whose
//    callee is named for allocation) whose size counts exactly K records
//    of that type (`sizeof(*p) + ...`, through local size variables and
//    rounding; a calloc-like callee's other arguments must be 1), and
//    nothing else in the size holds such a record by value or may carry a
//    caller's record size (a parameter that only sizes memory in a
//    function returning a pointer);
//  - `&a[E]` or `a + E` with a run-time E: a is a local or a member path
//    (`s->a`) the function assigns, its root local (`s`) is given only
//    allocations, and each of their sizes has exactly one term with the
//    record's size, `sizeof(record) * E` (the same expression up to the
//    order of `+` and `*` operands), E's variables written at most once.
//    Assumed, not checked: a points at the first of those E records.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_SAFETY_TRAILINGSTORAGE_H
#define VARSIM_REWRITE_SAFETY_TRAILINGSTORAGE_H

#include "rewrite/safety/ProjectFiles.h"

#include "clang/AST/ASTContext.h"
#include "llvm/ADT/DenseSet.h"

namespace varsim::rewrite::safety {

/// Adds to AddressCasts the casts in project code of Ctx's translation
/// unit that convert the address of trailing storage behind records.
void findTrailingStorage(clang::ASTContext &Ctx, ProjectFiles &Files,
                         llvm::DenseSet<const clang::Expr *> &AddressCasts);

} // namespace varsim::rewrite::safety

#endif // VARSIM_REWRITE_SAFETY_TRAILINGSTORAGE_H
