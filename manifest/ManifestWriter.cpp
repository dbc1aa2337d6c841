//===- manifest/ManifestWriter.cpp - OUT/manifest.json, written -----------===//
//
// Reads a Manifest record; writes its JSON text (docs/manifest-format.md).
//
//===----------------------------------------------------------------------===//

#include "manifest/Manifest.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

namespace json = llvm::json;

namespace varsim::manifest {
namespace {

json::Array sitesToJSON(const std::vector<LoweredSite> &Sites,
                        llvm::StringRef KindKey) {
  json::Array Out;
  for (const LoweredSite &S : Sites)
    Out.push_back(json::Object{{"file", S.File},
                               {"line", S.Line},
                               {KindKey, S.Idiom},
                               {"features", S.Features}});
  return Out;
}

} // namespace

json::Array unmarkedCodeToJSON(const std::vector<UnmarkedCode> &Code) {
  json::Array Out;
  for (const UnmarkedCode &U : Code) {
    json::Array TimedIn;
    for (unsigned Id : U.TimedIn)
      TimedIn.push_back(Id);
    Out.push_back(json::Object{{"kind", U.Kind},
                               {"function", U.Function},
                               {"condition", U.Condition},
                               {"features", U.Features},
                               {"file", U.File},
                               {"line", U.Line},
                               {"timed_in", std::move(TimedIn)}});
  }
  return Out;
}

std::string renderManifest(const Manifest &M) {
  json::Array Features;
  for (const Feature &F : M.Features) {
    json::Object O{{"name", F.Name},
                   {"macro", F.Macro},
                   {"kind", F.Numeric ? "numeric" : "bool"},
                   {"mandatory", F.Mandatory},
                   {"abstract", F.Abstract},
                   {"encoded", F.Encoded}};
    if (F.Numeric) {
      O["min"] = F.Min;
      O["max"] = F.Max;
      O["default"] = F.Default;
    }
    if (!F.Parent.empty())
      O["parent"] = F.Parent;
    Features.push_back(std::move(O));
  }
  json::Array Regions;
  for (const Region &R : M.Regions)
    Regions.push_back(json::Object{{"id", static_cast<int64_t>(R.Id)},
                                   {"kind", R.Kind},
                                   {"function", R.Function},
                                   {"condition", R.Condition},
                                   {"file", R.File},
                                   {"line", R.Line},
                                   {"end_line", R.EndLine}});
  json::Array Renamings;
  for (const Renaming &R : M.Renamings)
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
  for (const Constraint &C : M.Constraints)
    Constraints.push_back(json::Object{{"expression", C.Expression},
                                       {"description", C.Description}});
  json::Array Unmarked;
  for (const UnmarkedFunction &U : M.UnmarkedFunctions)
    Unmarked.push_back(json::Object{{"function", U.Name},
                                    {"file", U.File},
                                    {"line", U.Line},
                                    {"end_line", U.EndLine}});
  json::Array Versioned;
  for (const FeatureVersioned &V : M.FeatureVersions)
    Versioned.push_back(json::Object{{"function", V.Function},
                                     {"file", V.File},
                                     {"line", V.Line},
                                     {"features", V.Features},
                                     {"versions", V.Versions},
                                     {"dispatch", V.Dispatch}});
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
      {"varsim_version", M.VarsimVersion},
      {"build_id", M.BuildId},
      {"project_root", M.ProjectRoot},
      {"compile_commands", M.CompileCommands},
      {"feature_model", json::Object{{"path", M.FeatureModelPath},
                                     {"inferred", M.ModelInferred}}},
      {"granularity", M.Granularity},
      {"features", std::move(Features)},
      {"constraints", std::move(Constraints)},
      {"parse_configurations", M.ParseConfigurations},
      {"translation_units", M.TranslationUnits},
      {"parses", std::move(ParseCounts)},
      {"regions", std::move(Regions)},
      {"renamings", std::move(Renamings)},
      {"unmarked_functions", std::move(Unmarked)},
      {"unmarked_code", unmarkedCodeToJSON(M.Unmarked)},
      {"feature_versions", std::move(Versioned)},
      {"template_sites", sitesToJSON(M.TemplateSites, "idiom")},
      {"global_sites", sitesToJSON(M.GlobalSites, "construct")},
      {"foreign_sites", sitesToJSON(M.ForeignSites, "construct")},
      {"files", std::move(Files)},
      {"dataflow", M.DataFlow},
      {"plan", M.Plan},
  };
  if (M.DefaultConfig)
    Root["default_config"] = *M.DefaultConfig;
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  OS << llvm::formatv("{0:2}", json::Value(std::move(Root))) << '\n';
  return Text;
}

} // namespace varsim::manifest
