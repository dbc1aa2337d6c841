//===- plan/ManifestReader.h - OUT/manifest.json ----------------*- C++ -*-===//
//
// What `varsim plan` and `varsim run` read from a rewrite's manifest: its
// format and version, the feature model it names, the default
// configuration and the regions with their presence conditions. Parsed
// from text without touching the file system, so that the fuzzer can drive
// it (fuzz/); OutDir.cpp reads the file and follows the paths.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_PLAN_MANIFESTREADER_H
#define VARSIM_PLAN_MANIFESTREADER_H

#include "plan/Plan.h"

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

/// One entry of the manifest's "unmarked_code": feature code the rewrite
/// left without a marker (a feature switch at a call, a tiny feature
/// block). Its time is the self time of the TimedIn regions, so those
/// regions' time depends on Features as if their data reached the
/// regions' control flow: the plan observes each with every value of each.
struct UnmarkedCode {
  std::string Kind;     ///< "switch" or "region".
  std::string Function; ///< The switch's name, or the enclosing function.
  std::string Condition;
  std::vector<std::string> Features;
  std::string File;
  unsigned Line = 0;
  std::vector<unsigned> TimedIn; ///< Region ids; empty: unknown.
};

/// The "unmarked_code" entries of a parsed manifest; none if the key is
/// absent (an older rewrite). An entry without "features" and "timed_in"
/// arrays, a feature that is not a string or a region id that is not a
/// non-negative integer is an error.
llvm::Expected<std::vector<UnmarkedCode>>
readUnmarkedCode(const llvm::json::Object &Root, llvm::StringRef Path);

struct ManifestSummary {
  /// As stored (relative paths are relative to OUT); "" if none.
  std::string FeatureModelPath;
  std::optional<std::string> DefaultConfig;
  std::vector<RegionToCover> Regions;
  /// Region id -> "function (file:line)", for reports.
  std::map<unsigned, std::string> RegionLabels;
  /// The manifest's "unmarked_code".
  std::vector<UnmarkedCode> Unmarked;
};

/// The model path, default configuration, regions and unmarked code of a
/// parsed manifest.
/// A region without a non-negative integer "id", a duplicate id, or a
/// "condition" that is not a string is an error.
llvm::Expected<ManifestSummary>
readManifestSummary(const llvm::json::Object &Root, llvm::StringRef Path);

} // namespace varsim::plan

#endif // VARSIM_PLAN_MANIFESTREADER_H
