//===- test/model/ModelFileTest.cpp - MODEL.json and the output formats ---===//

#include "model/ModelFile.h"
#include "model/FeatureValues.h"
#include "model/ModelFormats.h"
#include "test/callgraph/TraceBuilder.h"
#include "test/model/ModelTestUtil.h"

using namespace varsim;
using namespace varsim::model;
using namespace varsim::model::test;
using varsim::callgraph::RegionKind;
using varsim::callgraph::test::TraceBuilder;

namespace {

const std::string Data = VARSIM_MODEL_DATA;

/// Base 1 s, #if A 3 s, its #else 2 s, #if LEVEL > 1 0.5 s.
PerformanceModel negationModel() {
  TraceBuilder B("A,LEVEL=2");
  int64_t Main = B.node(
      -1, B.region(RegionKind::Function, "main", "1", 1, "m.c"), 1, 6.5e9);
  B.node(Main, B.region(RegionKind::Region, "main", "A", 3, "m.c"), 1, 3e9);
  B.node(Main, B.region(RegionKind::Region, "main", "!A", 5, "m.c"), 1, 2e9);
  B.node(Main, B.region(RegionKind::Region, "main", "LEVEL > 1", 7, "m.c"), 1,
         0.5e9);
  return modelOf(graphOf({B.trace()}), Simplification::Full);
}

TEST(ModelFile, RoundTripsAndPredictsTheSame) {
  PerformanceModel M =
      modelOf(graphOfFiles({Data + "/printer.json"}), Simplification::Paper);
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  writeModelJson(M, OS);
  llvm::Expected<PerformanceModel> Back = parseModel(Text, "m.json");
  ASSERT_TRUE(static_cast<bool>(Back)) << errorToString(Back.takeError());
  EXPECT_EQ(termsOf(*Back), termsOf(M));
  EXPECT_EQ(Back->Mode, Simplification::Paper);
  ASSERT_EQ(Back->Features.size(), M.Features.size());
  for (std::set<std::string> C :
       std::vector<std::set<std::string>>{{},
                                          {"Logging"},
                                          {"ColorScan", "AutoScan"},
                                          {"Logging", "ColorScan", "AutoScan"}})
    EXPECT_DOUBLE_EQ(predictSelected(*Back, C), predictSelected(M, C));
  EXPECT_NE(Text.find("\"literals\""), std::string::npos);
  EXPECT_NE(Text.find("printer.c:60 (scan_role_ColorScan)"), std::string::npos);
}

TEST(ModelFile, GeneralConditionsRoundTrip) {
  PerformanceModel M = negationModel();
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  writeModelJson(M, OS);
  llvm::Expected<PerformanceModel> Back = parseModel(Text, "m.json");
  ASSERT_TRUE(static_cast<bool>(Back)) << errorToString(Back.takeError());
  llvm::Expected<FeatureValues> V =
      FeatureValues::parse("LEVEL=2", Back->Features);
  ASSERT_TRUE(static_cast<bool>(V)) << errorToString(V.takeError());
  EXPECT_DOUBLE_EQ(Back->predict(*V), 1 + 2 + 0.5);
}

TEST(ModelFile, RefusesOtherFilesAndVersions) {
  for (
      const char *Bad :
      {"{", "[]", R"({"format": "x", "version": 1, "terms": []})",
       R"({"format": "varsim-model", "version": 7, "terms": []})",
       R"({"format": "varsim-model", "version": 1, "terms": [{"seconds": 1}]})",
       R"({"format": "varsim-model", "version": 1,
            "terms": [{"seconds": 1, "atoms": ["A &&"]}]})"}) {
    llvm::Expected<PerformanceModel> M = parseModel(Bad, "m.json");
    ASSERT_FALSE(static_cast<bool>(M)) << Bad;
    std::string Message = errorToString(M.takeError());
    // Malformed JSON is located (line:column); the rest is about the file.
    EXPECT_EQ(Message.rfind(llvm::StringRef(Bad) == "{"
                                ? "m.json:1:1: error: malformed JSON: "
                                : "m.json: error: ",
                            0),
              0u)
        << Bad << ": " << Message;
  }
}

TEST(ModelFormats, TableAndCsv) {
  PerformanceModel M =
      modelOf(graphOfFiles({Data + "/simple.json"}), Simplification::Full);
  std::string Table, Csv;
  llvm::raw_string_ostream T(Table), C(Csv);
  writeTable(M, T);
  writeCsv(M, C);
  // Largest first (Base and ColorScan tie at 5 s: by name), then Logging.
  EXPECT_LT(Table.find("Base "), Table.find("Logging"));
  EXPECT_LT(Table.find("ColorScan"), Table.find("Logging"));
  EXPECT_NE(Table.find("43.5%"), std::string::npos); // 5 / 11.5
  EXPECT_NE(Table.find("printer.c:3 (print)"), std::string::npos);
  EXPECT_EQ(Csv.substr(0, Csv.find('\n')), "term,seconds,share,order,sources");
  EXPECT_NE(Csv.find("Logging,1.5,"), std::string::npos);
}

TEST(ModelFormats, SplConquerorExpandsNegations) {
  PerformanceModel M = negationModel();
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  std::vector<std::string> Skipped = writeSplConqueror(M, OS);
  // 1 + 3 A + 2 (1 - A) = 3 + 1 * A; LEVEL > 1 has no linear form.
  EXPECT_EQ(Text, "3 + 1 * A\n");
  EXPECT_EQ(Skipped, std::vector<std::string>{"LEVEL > 1"});
}

TEST(FeatureValues, ParsesConfigsAgainstTheModelsFeatures) {
  std::vector<ModelFeature> F = {{"A", false}, {"LEVEL", true}};
  llvm::Expected<FeatureValues> V = FeatureValues::parse("A, LEVEL=3", F);
  ASSERT_TRUE(static_cast<bool>(V));
  EXPECT_EQ((*V)("A"), 1);
  EXPECT_EQ((*V)("LEVEL"), 3);
  llvm::Expected<FeatureValues> Bad = FeatureValues::parse("A,NOPE", F);
  ASSERT_FALSE(static_cast<bool>(Bad));
  EXPECT_NE(errorToString(Bad.takeError()).find("unknown feature 'NOPE'"),
            std::string::npos);
}

} // namespace
