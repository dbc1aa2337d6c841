//===- rewrite/Manifest.cpp - The rewrite's part of manifest.json ---------===//

#include "rewrite/Manifest.h"

#include "varsim/Version.h"

namespace varsim::rewrite {

void addContextTables(manifest::Manifest &M, const ProjectContext &Ctx) {
  M.VarsimVersion = VARSIM_VERSION_STRING;
  M.DefaultConfig = Ctx.Tables.DefaultConfig;
  for (const runtime::FeatureDesc &F : Ctx.Tables.Features) {
    manifest::Feature Out;
    Out.Name = F.Name;
    Out.Macro = F.Macro;
    Out.Numeric = F.Numeric;
    Out.Mandatory = F.Mandatory;
    Out.Abstract = F.Abstract;
    Out.Encoded = Ctx.Features.isFeatureMacro(F.Macro);
    Out.Min = F.Min;
    Out.Max = F.Max;
    Out.Default = F.Default;
    if (F.Parent)
      Out.Parent = Ctx.Tables.Features[*F.Parent].Name;
    M.Features.push_back(std::move(Out));
  }
  for (const runtime::ConstraintDesc &C : Ctx.Tables.Constraints)
    M.Constraints.push_back({C.Expression, C.Description});
  for (size_t I = 0; I < Ctx.Tables.Regions.size(); ++I) {
    const runtime::RegionDesc &R = Ctx.Tables.Regions[I];
    M.Regions.push_back({static_cast<unsigned>(I),
                         runtime::regionKindName(R.Kind).str(), R.Function,
                         R.Condition, R.File, R.Line, R.EndLine});
  }
  for (const Renaming &R : Ctx.Renamings)
    M.Renamings.push_back({R.Original, R.Renamed, R.Condition, R.File, R.Line});
  // Functions without a marker (no region: their time is their caller's).
  for (const UnmarkedFunction &U : Ctx.Unmarked)
    M.UnmarkedFunctions.push_back({U.Name, U.File, U.Line, U.EndLine});
  for (const FeatureVersioned &V : Ctx.FeatureVersions)
    M.FeatureVersions.push_back(
        {V.Name, V.File, V.Line, V.Features, V.Versions, V.Dispatch});
  for (const UnmarkedCode &U : Ctx.UnmarkedFeatureCode)
    M.Unmarked.push_back(
        {U.Kind, U.Name, U.Condition, U.Features, U.File, U.Line, U.TimedIn});
}

} // namespace varsim::rewrite
