//===- model/validation/Sampling.h - Which variants to validate -*- C++ -*-===//
//
// Turns a feature model and a sampling strategy into a ValidationPlan: the
// user's sample, configurations named on the command line (which may be
// invalid: they are kept and reported as such), and, for the linear
// baseline, a feature-wise plus pair-wise training sample (variants already
// in the user's sample are measured once and serve both).
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_MODEL_VALIDATION_SAMPLING_H
#define VARSIM_MODEL_VALIDATION_SAMPLING_H

#include "model/validation/Validation.h"

#include "feature_models/FeatureModel.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>

namespace varsim::validation {

/// Parses "all", "featurewise", "pairwise" or "random:N".
llvm::Expected<fm::SampleOptions> parseSampleStrategy(llvm::StringRef Text,
                                                      uint64_t Seed);

/// The -D flags of a configuration (FeatureModel::compilerDefines: -DMACRO=1
/// for each selected concrete boolean feature, -DMACRO=VALUE for a numeric
/// one), separated by spaces: what {defines} expands to.
std::string definesFor(const fm::FeatureModel &M, const fm::Configuration &C);

struct PlanRequest {
  std::optional<fm::SampleOptions> Sample; ///< nullopt: only ExtraConfigs.
  std::vector<std::string> ExtraConfigs;   ///< CONFIG strings, as given.
  bool WithBaseline = true;
  /// The model's native reference (MODEL.json native_reference), measured
  /// even when no sample holds it: the level the report compares with.
  std::optional<fm::Configuration> LevelReference;
};

/// The variants to build and measure. Fails only if sampling fails.
llvm::Expected<ValidationPlan> planValidation(const fm::FeatureModel &M,
                                              const PlanRequest &Request);

} // namespace varsim::validation

#endif // VARSIM_MODEL_VALIDATION_SAMPLING_H
