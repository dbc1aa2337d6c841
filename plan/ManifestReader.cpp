//===- plan/ManifestReader.cpp - What the plan needs of a manifest --------===//

#include "plan/ManifestReader.h"
#include "plan/CopyFamilies.h"

#include <map>

namespace varsim::plan {

ManifestSummary summarizeManifest(const manifest::Manifest &M) {
  ManifestSummary S;
  S.FeatureModelPath = M.FeatureModelPath;
  S.DefaultConfig = M.DefaultConfig;
  // A region inside a function that exists only in some configurations
  // (a definition renamed per variant, lookup__varsim_CACHE) runs only
  // under the function's condition too: the manifest gives each region its
  // own #if condition only.
  std::map<std::pair<std::string, std::string>, std::string> FunctionCondition;
  for (const manifest::Region &R : M.Regions)
    if (R.Kind == "function")
      FunctionCondition[{R.File, R.Function}] = R.Condition;
  for (const manifest::Region &R : M.Regions) {
    RegionToCover Region;
    Region.Id = R.Id;
    Region.Condition = R.Condition;
    if (R.Kind != "function") {
      auto Fn = FunctionCondition.find({R.File, R.Function});
      if (Fn != FunctionCondition.end() && Fn->second != "1" &&
          Fn->second != Region.Condition)
        Region.Condition = "(" + Region.Condition + ") && (" + Fn->second + ")";
    }
    // The rewrite writes every region's file and line.
    std::string Label =
        R.Function + " (" + R.File + ":" + std::to_string(R.Line) + ")";
    Region.Label = Label;
    Region.Function = R.Function;
    S.RegionLabels[Region.Id] = Label;
    S.Regions.push_back(std::move(Region));
  }
  // Each variant of a definition renamed per configuration runs only under
  // its condition; a tiny one has no region of its own (the feature
  // switch's region has condition 1), so without this the plan could leave
  // an `#else` definition unmeasured.
  for (const manifest::Renaming &R : M.Renamings) {
    if (R.Condition.empty() || R.Condition == "1")
      continue;
    RegionToCover Variant;
    Variant.IsVariant = true;
    Variant.Condition = R.Condition;
    Variant.Function = R.Renamed;
    Variant.Label =
        R.Renamed + " (" + R.File + ":" + std::to_string(R.Line) + ")";
    S.Regions.push_back(std::move(Variant));
  }
  S.CopyFamilies = markCopyFamilies(M, S.Regions);
  S.Unmarked = M.Unmarked;
  return S;
}

llvm::Expected<ManifestSummary>
readManifestSummary(const llvm::json::Object &Root, llvm::StringRef Path) {
  auto M = manifest::readManifest(Root, Path);
  if (!M)
    return M.takeError();
  return summarizeManifest(*M);
}

} // namespace varsim::plan
