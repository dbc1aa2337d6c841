//===- feature_models/plan/OutDir.h - A plan from a rewrite's output -*- C++
//-*-===//
//
// Everything `varsim plan` and `varsim run` need from OUT: the feature model
// named by OUT/manifest.json, the regions with their presence conditions,
// and the data-flow facts (from the manifest, or computed over
// OUT/compile_commands.json when the manifest has none).
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_FEATURE_MODELS_PLAN_OUTDIR_H
#define VARSIM_FEATURE_MODELS_PLAN_OUTDIR_H

#include "feature_models/plan/Plan.h"
#include "rewrite/dataflow/DataFlow.h"

#include <map>
#include <optional>
#include <string>

namespace varsim::plan {

struct OutDirPlanInput {
  fm::FeatureModel Model;
  std::vector<RegionToCover> Regions;
  dataflow::DataFlowFacts Facts;
  /// False if the facts were computed now because the manifest had none.
  bool FactsFromManifest = false;
  /// Region id -> "function (file:line)", for reports.
  std::map<unsigned, std::string> RegionLabels;
};

struct OutDirOptions {
  /// Overrides the manifest's feature model.
  std::string FeatureModelPath;
  /// Ignore the data-flow facts (the paper's plain plan).
  bool NoDataFlow = false;
};

/// Reads OUT/manifest.json (and what it points to). Notes (such as "the
/// manifest has no data-flow facts; analysing ...") go to Log.
llvm::Expected<OutDirPlanInput> loadPlanInput(llvm::StringRef OutDir,
                                              const OutDirOptions &Options,
                                              llvm::raw_ostream &Log);

} // namespace varsim::plan

#endif // VARSIM_FEATURE_MODELS_PLAN_OUTDIR_H
