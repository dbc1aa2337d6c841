//===- feature_models/plan/ManifestReader.h - OUT/manifest.json -*- C++ -*-===//
//
// What `varsim plan` and `varsim run` read from a rewrite's manifest: its
// format and version, the feature model it names, the default
// configuration and the regions with their presence conditions. Parsed
// from text without touching the file system, so that the fuzzer can drive
// it (fuzz/); OutDir.cpp reads the file and follows the paths.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_FEATURE_MODELS_PLAN_MANIFESTREADER_H
#define VARSIM_FEATURE_MODELS_PLAN_MANIFESTREADER_H

#include "feature_models/plan/Plan.h"

#include "llvm/Support/JSON.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace varsim::plan {

/// Parses Text (named Path in errors) and checks that it is a varsim
/// manifest of the version this varsim reads. The result is an object.
llvm::Expected<llvm::json::Value> parseManifest(llvm::StringRef Text,
                                                llvm::StringRef Path);

struct ManifestSummary {
  /// As stored (relative paths are relative to OUT); "" if none.
  std::string FeatureModelPath;
  std::optional<std::string> DefaultConfig;
  std::vector<RegionToCover> Regions;
  /// Region id -> "function (file:line)", for reports.
  std::map<unsigned, std::string> RegionLabels;
};

/// The model path, default configuration and regions of a parsed manifest.
/// A region without a non-negative integer "id", a duplicate id, or a
/// "condition" that is not a string is an error.
llvm::Expected<ManifestSummary>
readManifestSummary(const llvm::json::Object &Root, llvm::StringRef Path);

} // namespace varsim::plan

#endif // VARSIM_FEATURE_MODELS_PLAN_MANIFESTREADER_H
