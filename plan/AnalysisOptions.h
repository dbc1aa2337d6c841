//===- plan/AnalysisOptions.h - The analysis' view of manifests -*- C++ -*-===//
//
// Private to plan/. What the data-flow analysis needs from a rewrite's
// manifest: the switch regions, the feature names by macro, the guard
// functions, and the features a clone's condition fixes.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_PLAN_ANALYSISOPTIONS_H
#define VARSIM_PLAN_ANALYSISOPTIONS_H

#include "dataflow/DataFlow.h"

#include "llvm/Support/JSON.h"

namespace varsim::plan {

/// The analysis options of the manifest whose root is Root.
dataflow::AnalysisOptions analysisOptions(const llvm::json::Object &Root);

} // namespace varsim::plan

#endif // VARSIM_PLAN_ANALYSISOPTIONS_H
