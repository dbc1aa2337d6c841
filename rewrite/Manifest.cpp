//===- rewrite/Manifest.cpp - OUT/manifest.json ---------------------------===//

#include "rewrite/Manifest.h"

#include "varsim/Version.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

namespace varsim::rewrite {

std::string renderManifest(const ManifestData &M, const ProjectContext &Ctx) {
  namespace json = llvm::json;
  json::Array Features;
  for (const runtime::FeatureDesc &F : Ctx.Tables.Features) {
    json::Object O{{"name", F.Name},
                   {"macro", F.Macro},
                   {"kind", F.Numeric ? "numeric" : "bool"},
                   {"mandatory", F.Mandatory},
                   {"abstract", F.Abstract},
                   {"encoded", Ctx.Features.isFeatureMacro(F.Macro)}};
    if (F.Numeric) {
      O["min"] = F.Min;
      O["max"] = F.Max;
      O["default"] = F.Default;
    }
    if (F.Parent)
      O["parent"] = Ctx.Tables.Features[*F.Parent].Name;
    Features.push_back(std::move(O));
  }
  json::Array Regions;
  for (size_t I = 0; I < Ctx.Tables.Regions.size(); ++I) {
    const runtime::RegionDesc &R = Ctx.Tables.Regions[I];
    Regions.push_back(json::Object{{"id", static_cast<int64_t>(I)},
                                   {"kind", runtime::regionKindName(R.Kind)},
                                   {"function", R.Function},
                                   {"condition", R.Condition},
                                   {"file", R.File},
                                   {"line", R.Line},
                                   {"end_line", R.EndLine}});
  }
  json::Array Renamings;
  for (const Renaming &R : Ctx.Renamings)
    Renamings.push_back(json::Object{{"original", R.Original},
                                     {"renamed", R.Renamed},
                                     {"condition", R.Condition},
                                     {"file", R.File},
                                     {"line", R.Line}});
  json::Array Files;
  for (const WrittenFile &F : M.Files)
    Files.push_back(json::Object{{"original", F.Original},
                                 {"written", F.Written},
                                 {"rewritten", F.Rewritten}});
  json::Array Constraints;
  for (const runtime::ConstraintDesc &C : Ctx.Tables.Constraints)
    Constraints.push_back(json::Object{{"expression", C.Expression},
                                       {"description", C.Description}});
  json::Array Sites;
  for (const TemplateSite &S : M.TemplateSites)
    Sites.push_back(json::Object{{"file", S.File},
                                 {"line", S.Line},
                                 {"idiom", S.Idiom},
                                 {"features", S.Features}});
  json::Array GlobalSites;
  for (const TemplateSite &S : M.GlobalSites)
    GlobalSites.push_back(json::Object{{"file", S.File},
                                       {"line", S.Line},
                                       {"construct", S.Idiom},
                                       {"features", S.Features}});
  json::Array ForeignSites;
  for (const TemplateSite &S : M.ForeignSites)
    ForeignSites.push_back(json::Object{{"file", S.File},
                                        {"line", S.Line},
                                        {"construct", S.Idiom},
                                        {"features", S.Features}});
  // Functions without a marker (no region: their time is their caller's).
  json::Array Unmarked;
  for (const UnmarkedFunction &U : Ctx.Unmarked)
    Unmarked.push_back(json::Object{{"function", U.Name},
                                    {"file", U.File},
                                    {"line", U.Line},
                                    {"end_line", U.EndLine}});
  json::Array Parses;
  for (const std::string &C : M.ParseConfigurations)
    Parses.push_back(C);

  json::Array ParseCounts;
  for (const ParseCountRow &R : M.Parses) {
    json::Object ByPass;
    for (const auto &[Pass, N] : R.ByPass)
      ByPass[Pass] = N;
    ParseCounts.push_back(json::Object{{"translation_unit", R.TranslationUnit},
                                       {"configuration", R.Configuration},
                                       {"parses", R.Parses},
                                       {"by_pass", std::move(ByPass)}});
  }
  json::Object Root{
      {"format", "varsim-manifest"},
      {"version", ManifestVersion},
      {"varsim_version", VARSIM_VERSION_STRING},
      {"build_id", M.BuildId},
      {"project_root", M.ProjectRoot},
      {"compile_commands", M.CompileCommands},
      {"feature_model", json::Object{{"path", M.FeatureModelPath},
                                     {"inferred", M.ModelInferred}}},
      {"granularity", M.Granularity},
      {"default_config", Ctx.Tables.DefaultConfig},
      {"features", std::move(Features)},
      {"constraints", std::move(Constraints)},
      {"parse_configurations", std::move(Parses)},
      {"translation_units", M.TranslationUnits},
      {"parses", std::move(ParseCounts)},
      {"regions", std::move(Regions)},
      {"renamings", std::move(Renamings)},
      {"unmarked_functions", std::move(Unmarked)},
      {"unmarked_code", unmarkedCodeToJSON(Ctx.UnmarkedFeatureCode)},
      {"template_sites", std::move(Sites)},
      {"global_sites", std::move(GlobalSites)},
      {"foreign_sites", std::move(ForeignSites)},
      {"files", std::move(Files)},
      {"dataflow", json::Array{}},
      {"plan", json::Array{}},
  };
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  OS << llvm::formatv("{0:2}", json::Value(std::move(Root))) << '\n';
  return Text;
}

} // namespace varsim::rewrite
