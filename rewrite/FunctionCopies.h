//===- rewrite/FunctionCopies.h - Per-configuration copies -----*- C++ -*-===//
//
// Undisciplined annotations (an #if around part of an expression, an else,
// a label, a declaration whose scope a run-time block would change) cannot
// become run-time control flow statement by statement. Such conditionals
// are lifted to the enclosing function, which is duplicated: one copy per
// distinct resolution of the conditionals (the features they test, under
// the model), each copy the original text with the #ifs resolved, and a
// dispatcher under the original name. This file decides the copies.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_FUNCTIONCOPIES_H
#define VARSIM_REWRITE_FUNCTIONCOPIES_H

#include "rewrite/FeatureGroups.h"

#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace varsim::rewrite {

/// The most copies of one function (beyond: a located error).
inline constexpr unsigned MaxFunctionCopies = 16;

/// One choice a copy fixes: which branch of a lifted #if group holds, or
/// which definition of a macro defined per feature (or which value of a
/// feature macro) a constant expression sees.
struct Decision {
  std::vector<CondPtr> Tests; ///< Per branch, in order; nullptr: #else.
  std::vector<CondPtr> Own;   ///< Per branch: its test, earlier ones false.
  /// Decided only when the decision Parent (an earlier one) took
  /// ParentBranch.
  std::optional<size_t> Parent;
  unsigned ParentBranch = 0;
};

struct FunctionCopy {
  /// Per decision: the branch taken, NoBranch if no branch's test holds,
  /// Unreached if its parent took another branch.
  std::vector<int> Branch;
  CondPtr Condition; ///< The configurations that run this copy.
  static constexpr int NoBranch = -1, Unreached = -2;
};

struct CopyPlan {
  std::vector<FunctionCopy> Copies;
  std::vector<std::string> Features; ///< The feature macros decided.
};

/// The decision of feature group GI of a file.
Decision decisionOf(const FileStructure &FS, const FileGroups &FG, unsigned GI);

/// The decision of a feature macro's value: one branch per value.
Decision valueDecision(const FeatureSetup &F, const std::string &Macro);

/// The values of a feature macro's valueDecision, per branch ("" for
/// undefined).
std::vector<std::string> valueDecisionValues(const FeatureSetup &F,
                                             const std::string &Macro);

/// The copies needed to fix Decisions in the configurations where
/// Presence holds. Fails if more than MaxCopies are needed (the message
/// names the features), or if the features have too many combinations.
llvm::Expected<CopyPlan> planCopies(const std::vector<Decision> &Decisions,
                                    const FeatureSetup &F,
                                    const CondPtr &Presence,
                                    unsigned MaxCopies = MaxFunctionCopies);

} // namespace varsim::rewrite

#endif // VARSIM_REWRITE_FUNCTIONCOPIES_H
