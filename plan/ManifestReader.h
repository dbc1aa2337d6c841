//===- plan/ManifestReader.h - The plan's part of a manifest ----*- C++ -*-===//
//
// What `varsim plan` and `varsim run` take from a rewrite's manifest (read
// by manifest/Manifest.h): the feature model it names, the default
// configuration, and the regions to cover with their presence conditions
// (a region inside a function defined per configuration runs under the
// function's condition too; each renamed variant is one more region).
// Works on text, without the file system, so that the fuzzer can drive it
// (fuzz/); OutDir.cpp reads the file and follows the paths.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_PLAN_MANIFESTREADER_H
#define VARSIM_PLAN_MANIFESTREADER_H

#include "manifest/Manifest.h"
#include "plan/CopyFamilies.h"
#include "plan/Plan.h"

#include "llvm/Support/JSON.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace varsim::plan {

using manifest::UnmarkedCode;

struct ManifestSummary {
  /// As stored (relative paths are relative to OUT); "" if none.
  std::string FeatureModelPath;
  std::optional<std::string> DefaultConfig;
  std::vector<RegionToCover> Regions;
  /// Region id -> "function (file:line)", for reports.
  std::map<unsigned, std::string> RegionLabels;
  /// Per function copied per configuration ("f (file:line)",
  /// RegionToCover::CopyOf): where it exists and its number of copies
  /// (plan/CopyFamilies.h).
  std::map<std::string, CopiedFunction> CopyFamilies;
  /// The manifest's "unmarked_code".
  std::vector<UnmarkedCode> Unmarked;
};

/// The model path, default configuration, regions and unmarked code of a
/// manifest.
ManifestSummary summarizeManifest(const manifest::Manifest &M);

/// manifest::readManifest (its errors), then summarizeManifest.
llvm::Expected<ManifestSummary>
readManifestSummary(const llvm::json::Object &Root, llvm::StringRef Path);

} // namespace varsim::plan

#endif // VARSIM_PLAN_MANIFESTREADER_H
