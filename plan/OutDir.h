//===- plan/OutDir.h - A plan from a rewrite's output -*- C++
//-*-===//
//
// Everything `varsim plan` and `varsim run` need from OUT: the feature model
// named by OUT/manifest.json, the regions with their presence conditions,
// and the data-flow facts (from the manifest, or computed over
// OUT/compile_commands.json when the manifest has none).
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_PLAN_OUTDIR_H
#define VARSIM_PLAN_OUTDIR_H

#include "dataflow/DataFlow.h"
#include "plan/CopyFamilies.h"
#include "plan/Plan.h"

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
  /// The manifest's "default_config" (what the simulator runs without
  /// VARSIM_CONFIG), if it names a valid configuration of Model.
  std::optional<fm::Configuration> DefaultConfig;
  /// OutDirOptions::Strength.
  unsigned Strength = 0;
  /// Regions and variants left out of Regions because no run can execute
  /// them (plan/Reachable.h), by label.
  std::vector<std::string> Unreachable = {};
  /// Functions copied per configuration whose code is covered on demand
  /// (plan/OnDemand.h): Regions holds a stand-in for each.
  std::vector<OnDemandFamily> OnDemand = {};
};

/// The strength of `varsim plan` and `varsim run` without `--strength`:
/// pairs (a covering array). Every fact is observed with its feature on
/// and off, each two features' interaction is observed, and the model's
/// hierarchical local fit (model/LocalModel.h) predicts the combinations
/// no run has from the features' effects: samples/compressor 12 -> 6
/// runs, Lua 24 -> 6 (docs/plan.md).
inline constexpr unsigned DefaultStrength = 2;

struct OutDirOptions {
  /// Overrides the manifest's feature model.
  std::string FeatureModelPath;
  /// Ignore the data-flow facts (the paper's plain plan).
  bool NoDataFlow = false;
  /// PlanOptions::FullCombinationsUpTo (`--strength N`): a region whose
  /// influencing features form more than N variables is observed under
  /// every combination of each N of them only. 0: DefaultStrength.
  unsigned Strength = 0;
  /// Cover every copy of a function copied per configuration from the
  /// start (`--every-copy`), not on demand (plan/OnDemand.h).
  bool EveryCopy = false;
};

/// Reads OUT/manifest.json (and what it points to). Notes (such as "the
/// manifest has no data-flow facts; analysing ...") go to Log.
llvm::Expected<OutDirPlanInput> loadPlanInput(llvm::StringRef OutDir,
                                              const OutDirOptions &Options,
                                              llvm::raw_ostream &Log);

/// The plan for OUT: computePlan over In's regions, with the manifest's
/// default configuration first where that costs no extra run. `varsim plan`
/// and `varsim run` both use it, so that they agree.
llvm::Expected<Plan> planOutDir(const OutDirPlanInput &In,
                                PlanOptions Options = {});

/// The same over other regions than In's (the adaptive run's minimal plan
/// and follow-up plan: In's regions with fewer or other facts).
llvm::Expected<Plan> planOutDir(const OutDirPlanInput &In,
                                const std::vector<RegionToCover> &Regions,
                                PlanOptions Options = {});

struct OutDirFacts {
  dataflow::DataFlowFacts Facts;
  /// False if they were computed now because the manifest had none.
  bool FromManifest = false;
  /// The number of regions in the manifest's region table.
  size_t Regions = 0;
};

/// The data-flow facts of a rewrite's output: OUT/manifest.json's
/// "dataflow" object, or, if it has none, the analysis of
/// OUT/compile_commands.json now (with a note on Log).
llvm::Expected<OutDirFacts> loadDataFlowFacts(llvm::StringRef OutDir,
                                              llvm::raw_ostream &Log);

/// The simulator's translation units parsed already, without errors (by
/// the rewrite's compile check, before OUT was swapped in), one per entry
/// of OUT/compile_commands.json in its order, and the directory they were
/// parsed under (OUT's paths there, before the swap).
struct ParsedSimulator {
  std::vector<clang::ASTUnit *> Units;
  std::string ParsedUnder;
};

/// Analyses the simulator of a rewrite's output (OUT/compile_commands.json,
/// as `varsim plan` does when the manifest has no facts; Parsed, if given,
/// instead of parsing it again: the same facts) and stores the facts under
/// "dataflow" in OUT/manifest.json, atomically (the rest of the manifest is
/// kept). Log, if given, gets a one-line summary.
llvm::Error storeDataFlowFacts(llvm::StringRef OutDir, llvm::raw_ostream *Log,
                               const ParsedSimulator *Parsed = nullptr);

/// Whether Dir holds a manifest written by `varsim rewrite`.
bool isOutDir(llvm::StringRef Dir);

} // namespace varsim::plan

#endif // VARSIM_PLAN_OUTDIR_H
