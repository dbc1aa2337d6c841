//===- rewrite/safety/IncludedBranches.h - Feature code #included into a
// declaration -*- C++ -*-===//
//
// An X-macro list (`SYSCALL(read, 3)` lines in `syscalls.def`, some under
// `#ifdef`) included into an enumeration or an initializer brings feature
// branches into a declaration from another file. The file-scope lowering
// (rewrite/globals/) lowers branches written in the declaration itself; the
// rewriter sees the included file's branches as file-scope code and keeps
// them in every configuration, so the simulator's enumeration and tables
// would hold every variant's entries. Until that is lowered, refuse it at
// the `#include`, naming the branch.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_SAFETY_INCLUDEDBRANCHES_H
#define VARSIM_REWRITE_SAFETY_INCLUDEDBRANCHES_H

#include "rewrite/safety/FeatureRanges.h"
#include "rewrite/safety/ProjectFiles.h"
#include "rewrite/safety/SafetyFacts.h"

#include "clang/AST/ASTContext.h"

#include <vector>

namespace varsim::rewrite::safety {

/// Enumerators and initializer elements under a feature branch of a file
/// included into their enumeration's or variable's declaration.
void findIncludedBranches(clang::ASTContext &Ctx, ProjectFiles &Files,
                          const FeatureRanges &Ranges,
                          std::vector<Finding> &Out);

} // namespace varsim::rewrite::safety

#endif // VARSIM_REWRITE_SAFETY_INCLUDEDBRANCHES_H
