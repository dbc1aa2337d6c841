//===- rewrite/safety/LayoutUses.h - Layout uses besides sizeof -*- C++ -*-===//
//
// The simulator holds the members of every variant, so a record with a
// member under a feature `#if` has another layout there than in a variant.
// Besides sizeof/alignof/offsetof (SafetyCollector, LayoutJudge), code
// observes that layout through
//
//  - a positional (non-designated) initializer: every value behind the
//    first conditional member lands in another member (Q2);
//  - a union that overlays such a record with other members, and a cast of
//    a pointer to such a record to a pointer to another type: the bytes are
//    read through another type (type punning, Q3).
//
// One parse does not see the members of the branches it skips; they are
// found in the source text of the record (the feature ranges say which
// text is conditional), so each parse can judge on its own.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_SAFETY_LAYOUTUSES_H
#define VARSIM_REWRITE_SAFETY_LAYOUTUSES_H

#include "rewrite/ProjectLayout.h"
#include "rewrite/safety/FeatureRanges.h"
#include "rewrite/safety/SafetyFacts.h"

#include "clang/AST/ASTContext.h"
#include "llvm/ADT/DenseSet.h"

#include <vector>

namespace varsim::rewrite::safety {

/// Appends to Out one finding per positional initializer, union member and
/// pointer cast in project code of Ctx's translation unit that observes the
/// layout of a record whose members depend on the configuration. The casts
/// in AddressCasts only compute addresses from the simulator's own layout
/// (SizeFlow.h) and are not judged.
void findLayoutUses(
    clang::ASTContext &Ctx, const ProjectLayout &Project,
    const FeatureRanges &Ranges, std::vector<Finding> &Out,
    const llvm::DenseSet<const clang::Expr *> *AddressCasts = nullptr);

} // namespace varsim::rewrite::safety

#endif // VARSIM_REWRITE_SAFETY_LAYOUTUSES_H
