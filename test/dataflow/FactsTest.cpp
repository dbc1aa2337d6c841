//===- test/dataflow/FactsTest.cpp - Facts: evidence, JSON, report, DB ----===//

#include "Snippets.h"

#include "clang/Tooling/CompilationDatabase.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gmock/gmock.h>

#include <fstream>

using namespace varsim;
using namespace varsim::dataflow;
using namespace varsim::dataflow::test;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

namespace {

constexpr const char *TwoFeatures = R"(
int main() {
  VARSIM_REGION(0);
  int size = 1;
  if (VARSIM_F_A) {
    VARSIM_REGION(1);
    size = 10;
  }
  int n = VARSIM_F_LEVEL;
  for (int i = 0; i < size + n; ++i) {
  }
  return 0;
})";

TEST(Facts, EvidenceNamesSourceSinkAndCarrier) {
  DataFlowFacts F = analyze(TwoFeatures);
  ASSERT_EQ(F.Regions.size(), 1u);
  const Influence &I = F.Regions[0];
  EXPECT_EQ(I.Function, "main");
  ASSERT_EQ(I.Evidences.size(), 2u);
  EXPECT_EQ(I.Evidences[0].Feature, "A");
  EXPECT_EQ(I.Evidences[0].Source.File, "sim.cc");
  EXPECT_EQ(I.Evidences[0].Source.Line, 7u);
  EXPECT_EQ(I.Evidences[0].Sink.Line, 10u);
  EXPECT_EQ(I.Evidences[0].Via, "size");
  EXPECT_EQ(I.Evidences[1].Feature, "LEVEL");
  EXPECT_EQ(I.Evidences[1].Source.Line, 9u);
  EXPECT_EQ(I.Evidences[1].Via, "n");
  EXPECT_FALSE(F.OriginalLocations);
}

TEST(Facts, FeatureNamesFromTheManifest) {
  AnalysisOptions Options;
  Options.FeatureNames["A"] = "Alpha";
  auto F = analyzeCode(std::string(MockHeaderCxx) + TwoFeatures, {"-std=c++20"},
                       "sim.cc", Options);
  ASSERT_TRUE(static_cast<bool>(F)) << errorToString(F.takeError());
  EXPECT_THAT(F->featuresOf(0), ElementsAre("Alpha", "LEVEL"));
}

TEST(Facts, JsonRoundTrip) {
  DataFlowFacts F = analyze(TwoFeatures);
  llvm::json::Value V = toJSON(F);
  std::string Text;
  llvm::raw_string_ostream(Text) << V;
  auto Parsed = llvm::json::parse(Text);
  ASSERT_TRUE(static_cast<bool>(Parsed));
  DataFlowFacts Back;
  llvm::json::Path::Root Root;
  ASSERT_TRUE(fromJSON(*Parsed, Back, Root));
  ASSERT_EQ(Back.Regions.size(), F.Regions.size());
  EXPECT_EQ(Back.Regions[0].Region, F.Regions[0].Region);
  EXPECT_EQ(Back.Regions[0].Features, F.Regions[0].Features);
  EXPECT_EQ(Back.Regions[0].Evidences[1].Source.Line,
            F.Regions[0].Evidences[1].Source.Line);
  EXPECT_EQ(Back.Functions.size(), F.Functions.size());
}

TEST(Facts, JsonRejectsOtherVersions) {
  auto V = llvm::json::parse(
      R"({"version": 2, "locations": "simulator", "regions": [], "functions": []})");
  ASSERT_TRUE(static_cast<bool>(V));
  DataFlowFacts Back;
  llvm::json::Path::Root Root;
  EXPECT_FALSE(fromJSON(*V, Back, Root));
}

TEST(Facts, ReportIsReadable) {
  DataFlowFacts F = analyze(TwoFeatures);
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  printReport(F, OS, {{0, "main (src/main.c:3)"}});
  EXPECT_THAT(Text, HasSubstr("region 0 main (src/main.c:3): A, LEVEL"));
  EXPECT_THAT(Text, HasSubstr("sim.cc:7"));
  EXPECT_THAT(Text, HasSubstr("sim.cc:10"));
}

TEST(Facts, ReportSaysWhenNothingIsInfluenced) {
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  printReport(DataFlowFacts{}, OS);
  EXPECT_THAT(Text, HasSubstr("no feature data reaches control flow"));
}

TEST(Facts, UnparsableCodeIsAnError) {
  auto F = analyzeCode("int main( {", {"-std=c++20"}, "bad.cc");
  EXPECT_FALSE(static_cast<bool>(F));
  llvm::consumeError(F.takeError());
}

/// Two translation units linked through a global and a function.
TEST(Facts, WholeProgramOverACompilationDatabase) {
  llvm::SmallString<128> Dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("varsim-df", Dir));
  auto Write = [&](llvm::StringRef Name, const std::string &Text) {
    llvm::SmallString<128> Path(Dir);
    llvm::sys::path::append(Path, Name);
    std::ofstream(std::string(Path)) << Text;
    return std::string(Path);
  };
  Write("sim.h", std::string(MockHeaderCxx)
                     .substr(0, std::string(MockHeaderCxx).find("#line")));
  std::string A = Write("a.cc", R"(#include "sim.h"
int g_limit = 1;
int work(int n);
int main() {
  VARSIM_REGION(0);
  if (VARSIM_F_A) {
    VARSIM_REGION(1);
    g_limit = 50;
  }
  return work(VARSIM_F_B);
})");
  std::string B = Write("b.cc", R"(#include "sim.h"
extern int g_limit;
int work(int n) {
  VARSIM_REGION(2);
  int s = 0;
  for (int i = 0; i < g_limit; ++i)
    s++;
  if (n)
    s++;
  return s;
})");
  clang::tooling::FixedCompilationDatabase Db(Dir, {"-std=c++20"});
  AnalysisOptions Options;
  Options.Files = {B, A};
  auto F = analyzeDataFlow(Db, Options);
  ASSERT_TRUE(static_cast<bool>(F)) << errorToString(F.takeError());
  EXPECT_EQ(F->TranslationUnits, 2u);
  EXPECT_THAT(F->featuresOf(2), ElementsAre("A"));
  EXPECT_THAT(F->featuresOf(0), ElementsAre("B")); // work()'s n, by context.
  llvm::sys::fs::remove_directories(Dir);
}

} // namespace
