//===- model/CopyFamilies.h - Copies of one function in the call graph -*- C++
//-*-===//
//
// The rewrite copies a function once per configuration of what its body
// depends on (rewrite/FunctionCopies.h: Lua's `luaV_execute` per
// LUA_USE_JUMPTABLE, `luaV_concat` per LUAI_MAXSHORTLEN). Each copy is a
// region of the same function name, kind, file and line (every copy keeps
// the original's `#line`) with a condition of its own, so each is a
// calling context of its own, as is each region inside it. The plan runs
// such copies as one family (plan/Requirements.cpp: same label, same
// facts), and the local models fit them as one (model/ContextModels.h).
// Copies with names of their own (`main__varsim_BINS_LOG`) are planned and
// fitted apart.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_MODEL_COPYFAMILIES_H
#define VARSIM_MODEL_COPYFAMILIES_H

#include "callgraph/CallGraph.h"
#include "model/LocalModel.h"

#include "llvm/ADT/ArrayRef.h"

#include <optional>
#include <vector>

namespace varsim::model {

/// The contexts of CG grouped by what they are a copy of: regions of one
/// function name, kind, file and line under the same calling context or
/// its copies. Every context is in one group (most alone), groups in the
/// order of their first context. Whether a group's contexts exclude each
/// other is the caller's to check.
std::vector<std::vector<callgraph::Vertex>>
groupCopies(const callgraph::CallGraph &CG);

/// Per region of CG: whether the rewrite copied it per configuration (the
/// same function, kind, file and line as another region, under another
/// condition). Region-level, so cheaper than groupCopies.
std::vector<bool> copiedRegions(const callgraph::CallGraph &CG);

/// The terms of a family's local model that hold for one copy, without
/// the copies' indicator features (the feature indices from FeatureCount
/// on, one per copy but the reference copy): the terms of its own
/// Indicator (none for the reference copy) and those of no indicator,
/// equal assignments summed.
std::vector<LocalTerm> termsOfCopy(llvm::ArrayRef<LocalTerm> Family,
                                   size_t FeatureCount,
                                   std::optional<unsigned> Indicator);

} // namespace varsim::model

#endif // VARSIM_MODEL_COPYFAMILIES_H
