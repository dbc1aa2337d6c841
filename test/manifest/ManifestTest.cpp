//===- test/manifest/ManifestTest.cpp - manifest/ -------------------------===//
//
// The manifest's writer and reader agree (a record written and read back is
// the same record, and its text the same text), and a malformed manifest is
// a clear error naming the file, the place or the entry.
//
//===----------------------------------------------------------------------===//

#include "manifest/Manifest.h"

#include "llvm/Support/Error.h"

#include <gtest/gtest.h>

using namespace varsim::manifest;

namespace {

Manifest sample() {
  Manifest M;
  M.VarsimVersion = "0.9";
  M.BuildId = "b1d";
  M.ProjectRoot = "/p";
  M.CompileCommands = "/p/compile_commands.json";
  M.FeatureModelPath = "model.json";
  M.ModelInferred = true;
  M.Granularity = "function";
  M.DefaultConfig = "CACHE";
  Feature Cache;
  Cache.Name = "CACHE";
  Cache.Macro = "USE_CACHE";
  Cache.Encoded = true;
  Feature Level;
  Level.Name = "LEVEL";
  Level.Macro = "LEVEL";
  Level.Numeric = true;
  Level.Min = 1;
  Level.Max = 3;
  Level.Default = 2;
  Level.Parent = "CACHE";
  M.Features = {Cache, Level};
  M.Constraints = {{"CACHE || !LEVEL", "level needs the cache"}};
  M.ParseConfigurations = {"-DUSE_CACHE=1", "-DUSE_CACHE=0"};
  M.TranslationUnits = 2;
  M.Parses = {{"main.c", "default", 1, {{"record", 1}}}};
  M.Regions = {{0, "function", "main", "1", "main.c", 3, 20},
               {1, "region", "lookup", "CACHE", "cache.c", 7, 9}};
  M.Renamings = {{"f", "f__varsim_CACHE", "CACHE", "f.c", 4}};
  M.UnmarkedFunctions = {{"tiny", "f.c", 30, 31}};
  UnmarkedCode U;
  U.Kind = "switch";
  U.Function = "f";
  U.Condition = "CACHE";
  U.Features = {"CACHE"};
  U.File = "main.c";
  U.Line = 12;
  U.TimedIn = {0};
  M.Unmarked = {U};
  M.TemplateSites = {{"t.cpp", 5, "if constexpr", "LEVEL"}};
  M.GlobalSites = {{"g.c", 6, "table", "CACHE"}};
  M.ForeignSites = {{"h.c", 7, "getenv", "CACHE"}};
  M.Files = {{"/p/main.c", "src/main.c", true}};
  return M;
}

std::string errorOf(llvm::StringRef Text) {
  auto M = readManifestText(Text, "OUT/manifest.json");
  if (M)
    return "";
  return llvm::toString(M.takeError());
}

TEST(Manifest, RoundTrip) {
  Manifest M = sample();
  std::string Text = renderManifest(M);
  auto Read = readManifestText(Text, "manifest.json");
  ASSERT_TRUE(static_cast<bool>(Read)) << llvm::toString(Read.takeError());
  EXPECT_EQ(renderManifest(*Read), Text);
  EXPECT_EQ(Read->BuildId, "b1d");
  EXPECT_EQ(Read->FeatureModelPath, "model.json");
  EXPECT_TRUE(Read->ModelInferred);
  EXPECT_EQ(Read->DefaultConfig, std::optional<std::string>("CACHE"));
  ASSERT_EQ(Read->Features.size(), 2u);
  EXPECT_EQ(Read->Features[1].Parent, "CACHE");
  EXPECT_EQ(Read->Features[1].Max, 3);
  ASSERT_EQ(Read->Regions.size(), 2u);
  EXPECT_EQ(Read->Regions[1].Condition, "CACHE");
  EXPECT_EQ(Read->Regions[1].EndLine, 9u);
  ASSERT_EQ(Read->Unmarked.size(), 1u);
  EXPECT_EQ(Read->Unmarked[0].TimedIn, std::vector<unsigned>{0});
  EXPECT_EQ(Read->Parses[0].ByPass.at("record"), 1u);
  EXPECT_EQ(Read->GlobalSites[0].Idiom, "table");
  EXPECT_TRUE(Read->Files[0].Rewritten);
}

TEST(Manifest, KeepsWhatThePlanWrote) {
  Manifest M = sample();
  M.DataFlow = llvm::json::Object{{"regions", llvm::json::Array{1, 2}}};
  auto Read = readManifestText(renderManifest(M), "manifest.json");
  ASSERT_TRUE(static_cast<bool>(Read)) << llvm::toString(Read.takeError());
  EXPECT_EQ(Read->DataFlow, M.DataFlow);
}

TEST(Manifest, MalformedJSONIsLocated) {
  EXPECT_EQ(
      errorOf("{\n  \"format\": \"varsim-manifest\",\n  \"version\" 1\n}"),
      "OUT/manifest.json:3:13: error: not valid JSON: expected : after "
      "object key");
}

TEST(Manifest, WrongFormatOrVersion) {
  EXPECT_NE(errorOf("{\"format\": \"other\"}").find("not a varsim manifest"),
            std::string::npos);
  EXPECT_NE(errorOf("[1]").find("not a varsim manifest"), std::string::npos);
  EXPECT_NE(errorOf("{\"format\": \"varsim-manifest\", \"version\": 2}")
                .find("unsupported manifest version (this varsim reads 1)"),
            std::string::npos);
}

TEST(Manifest, BadEntriesAreNamed) {
  std::string Head = "{\"format\": \"varsim-manifest\", \"version\": 1, ";
  EXPECT_EQ(errorOf(Head + "\"features\": []}"),
            "OUT/manifest.json: error: has no \"regions\" array");
  EXPECT_EQ(errorOf(Head + "\"regions\": [{\"id\": 0}, {\"id\": -1}]}"),
            "OUT/manifest.json: error: region 1 has no valid \"id\"");
  EXPECT_EQ(errorOf(Head + "\"regions\": [{\"id\": 0}, {\"id\": 0}]}"),
            "OUT/manifest.json: error: region 1: id 0 appears twice");
  EXPECT_EQ(errorOf(Head + "\"regions\": [{\"id\": 0, \"condition\": 1}]}"),
            "OUT/manifest.json: error: region 0: \"condition\" is not a "
            "string");
  EXPECT_EQ(errorOf(Head + "\"regions\": [], \"unmarked_code\": [{}]}"),
            "OUT/manifest.json: error: \"unmarked_code\" entry 0 has no "
            "\"features\" and \"timed_in\" arrays");
  EXPECT_EQ(errorOf(Head + "\"regions\": [], \"unmarked_code\": "
                           "[{\"features\": [], \"timed_in\": [-3]}]}"),
            "OUT/manifest.json: error: \"unmarked_code\" entry 0: a "
            "\"timed_in\" region id is not a non-negative integer");
}

TEST(Manifest, OlderFormsRead) {
  auto M = readManifestText("{\"format\": \"varsim-manifest\", \"version\": 1, "
                            "\"feature_model\": \"fm.json\", \"regions\": "
                            "[{\"id\": 0}]}",
                            "manifest.json");
  ASSERT_TRUE(static_cast<bool>(M)) << llvm::toString(M.takeError());
  EXPECT_EQ(M->FeatureModelPath, "fm.json");
  EXPECT_EQ(M->Regions[0].Condition, "1");
  EXPECT_TRUE(M->Unmarked.empty());
  EXPECT_FALSE(M->DefaultConfig);
}

TEST(Manifest, MissingFileIsAnError) {
  auto M = readManifestFile("/nonexistent/manifest.json");
  ASSERT_FALSE(static_cast<bool>(M));
  EXPECT_NE(llvm::toString(M.takeError())
                .find("/nonexistent/manifest.json: error: cannot read"),
            std::string::npos);
}

} // namespace
