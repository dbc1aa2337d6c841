//===- test/validation/ReportTest.cpp - Table, CSV and HTML report --------===//

#include "model/validation/Report.h"

#include "support/Diagnostic.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <gtest/gtest.h>

using namespace varsim;
using namespace varsim::validation;

namespace {

/// Three variants: two measured, one whose build failed, a baseline fitted.
struct Fixture {
  ValidationPlan Plan;
  ValidationResult Result;
  ReportContext Context;

  Fixture() {
    for (const char *C : {"", "A,B", "B"}) {
      VariantSpec S;
      S.Config = C;
      Plan.Variants.push_back(S);
    }
    Plan.Variants[0].BaselineTraining = true;
    Plan.SampleDescription = "all, 3 configuration(s)";
    Result.Variants.resize(3);
    Result.Variants[0].Predicted = 1.0;
    Result.Variants[0].Measured = 1.1;
    Result.Variants[0].Times = {1.0, 1.1, 1.2};
    Result.Variants[1].Predicted = 2.0;
    Result.Variants[1].Measured = 2.5;
    Result.Variants[1].BaselinePredicted = 2.2;
    Result.Variants[1].Times = {2.5};
    Result.Variants[2].Status = VariantStatus::BuildFailed;
    Result.Variants[2].Message = "build failed (exit code 2) <oops>";
    Result.Variants[2].Predicted = 1.5;
    Result.Model =
        score(std::vector<double>{1.0, 2.0}, std::vector<double>{1.1, 2.5});
    Result.Measured = 2;
    Result.Failed = 1;
    Result.Baseline.Fitted = true;
    Result.Baseline.TrainingVariants = 1;
    Result.Baseline.Terms = 1;
    Result.Baseline.Coefficients = {{"1", 1.1}};
    Result.Baseline.HeldOut =
        score(std::vector<double>{2.2}, std::vector<double>{2.5});
    Context.ModelPath = "model.json";
    Context.FeatureModelPath = "model.xml";
    Context.Terms = {
        {"base", 1.0}, {"LOGGING#COLORSCAN", 0.5}, {"NOT_SLOW", -0.25}};
    Context.SimulatorRuns = 2;
    Context.Options.BuildCommand = "cc {defines} -o {dir}/app app.c";
    Context.Options.RunCommand = "{dir}/app";
  }
};

std::string read(llvm::StringRef Path) {
  auto B = llvm::MemoryBuffer::getFile(Path);
  return B ? (*B)->getBuffer().str() : "<missing>";
}

} // namespace

TEST(ValidationReport, TableHasEveryVariantAndTheSummary) {
  Fixture F;
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  printTable(F.Plan, F.Result, F.Context, OS);
  EXPECT_NE(Out.find("(none)"), std::string::npos);
  EXPECT_NE(Out.find("A,B"), std::string::npos);
  EXPECT_NE(Out.find("build failed"), std::string::npos);
  EXPECT_NE(Out.find("exit code 2"), std::string::npos);
  // (1.0 vs 1.1: 9.09 %; 2.0 vs 2.5: 20 %) -> MAPE 14.55 %, max 20 %.
  EXPECT_NE(Out.find("MAPE 14.55 %"), std::string::npos) << Out;
  EXPECT_NE(Out.find("max error 20.00 %"), std::string::npos);
  EXPECT_NE(Out.find("simulator runs the model needed: 2"), std::string::npos);
  EXPECT_NE(Out.find("variants measured: 2 of 3"), std::string::npos);
  EXPECT_NE(Out.find("fitted on 1 measured"), std::string::npos);
}

TEST(ValidationReport, UnknownSimulatorRunsAreSaidSo) {
  Fixture F;
  F.Context.SimulatorRuns.reset();
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  printTable(F.Plan, F.Result, F.Context, OS);
  EXPECT_NE(Out.find("simulator runs the model needed: unknown"),
            std::string::npos);
}

TEST(ValidationReport, CsvQuotesConfigsAndKeepsFailures) {
  Fixture F;
  std::string Csv = renderCsv(F.Plan, F.Result);
  llvm::SmallVector<llvm::StringRef, 8> Lines;
  llvm::StringRef(Csv).split(Lines, '\n', -1, false);
  ASSERT_EQ(Lines.size(), 4u);
  EXPECT_TRUE(Lines[0].starts_with("config,role,status,predicted_s"));
  EXPECT_TRUE(Lines[2].starts_with("\"A,B\",sample,ok,2,2.5,20,2.2,12,"))
      << Lines[2].str();
  EXPECT_TRUE(Lines[3].starts_with("B,sample,build failed,1.5,,"));
  EXPECT_TRUE(Lines[3].contains("exit code 2"));
}

TEST(ValidationReport, CsvAndSummaryCarryBothTimeBases) {
  // Scored on CPU time: the CSV keeps the wall and CPU medians, the
  // summary and the table say which one was scored.
  Fixture F;
  F.Result.Variants[1].MeasuredWall = 4.75;
  F.Result.Variants[1].MeasuredCpu = 2.5;
  F.Context.Options.CpuTime = true;
  std::string Csv = renderCsv(F.Plan, F.Result);
  llvm::SmallVector<llvm::StringRef, 8> Lines;
  llvm::StringRef(Csv).split(Lines, '\n', -1, false);
  ASSERT_EQ(Lines.size(), 4u);
  EXPECT_TRUE(Lines[0].ends_with(",message,measured_wall_s,measured_cpu_s"))
      << Lines[0].str();
  EXPECT_TRUE(Lines[2].ends_with(",4.75,2.5")) << Lines[2].str();
  EXPECT_NE(
      renderSummaryCsv(F.Plan, F.Result, F.Context).find("\ntime_base,cpu\n"),
      std::string::npos);
  std::string Table;
  llvm::raw_string_ostream OS(Table);
  printTable(F.Plan, F.Result, F.Context, OS);
  EXPECT_NE(Table.find("time base: cpu"), std::string::npos) << Table;
  F.Context.Options.CpuTime = false;
  EXPECT_NE(
      renderSummaryCsv(F.Plan, F.Result, F.Context).find("\ntime_base,wall\n"),
      std::string::npos);
}

TEST(ValidationReport, SummaryCsvHasTheCountsAndBothPredictors) {
  Fixture F;
  std::string Csv = renderSummaryCsv(F.Plan, F.Result, F.Context);
  EXPECT_TRUE(llvm::StringRef(Csv).starts_with("quantity,value\n"));
  for (const char *Row :
       {"sample,\"all, 3 configuration(s)\"\n", "variants_planned,3\n",
        "variants_measured,2\n", "variants_failed,1\n", "simulator_runs,2\n",
        "model_variants_scored,2\n", "model_mape_pct,14.5455\n",
        "model_max_error_pct,20\n", "model_spearman,1\n",
        "baseline_training_variants,1\n",
        "baseline_held_out_variants_scored,1\n",
        "baseline_held_out_mape_pct,12\n"})
    EXPECT_NE(Csv.find(Row), std::string::npos) << Row << " in\n" << Csv;
  F.Context.SimulatorRuns.reset();
  F.Result.Baseline = {};
  F.Result.Baseline.Error = "not requested";
  Csv = renderSummaryCsv(F.Plan, F.Result, F.Context);
  EXPECT_NE(Csv.find("simulator_runs,\n"), std::string::npos) << Csv;
  EXPECT_NE(Csv.find("baseline,not requested\n"), std::string::npos);
  EXPECT_EQ(Csv.find("baseline_training_variants"), std::string::npos);
}

TEST(ValidationReport, HtmlIsSelfContainedWithBothPlots) {
  Fixture F;
  std::string H = renderHtml(F.Plan, F.Result, F.Context);
  EXPECT_NE(H.find("<svg class=\"plot\" id=\"scatter\""), std::string::npos);
  EXPECT_NE(H.find("id=\"diagonal\""), std::string::npos);
  EXPECT_NE(H.find("<circle class=\"model\""), std::string::npos);
  EXPECT_NE(H.find("<rect class=\"baseline\""), std::string::npos);
  EXPECT_NE(H.find("<svg class=\"plot\" id=\"terms\""), std::string::npos);
  EXPECT_NE(H.find("LOGGING#COLORSCAN"), std::string::npos);
  EXPECT_NE(H.find("bar negative"), std::string::npos);
  EXPECT_NE(H.find("&lt;oops&gt;"), std::string::npos) << "escaped";
  EXPECT_EQ(H.find("<oops>"), std::string::npos);
  EXPECT_EQ(H.find("<script"), std::string::npos);
  EXPECT_EQ(H.find("src="), std::string::npos);
  EXPECT_EQ(H.find("href="), std::string::npos);
}

TEST(ValidationReport, ResultsJsonHasEveryRepetition) {
  Fixture F;
  auto V = llvm::json::parse(renderResultsJson(F.Plan, F.Result, F.Context));
  ASSERT_TRUE(bool(V)) << llvm::toString(V.takeError());
  const llvm::json::Array *Variants = V->getAsObject()->getArray("variants");
  ASSERT_TRUE(Variants);
  ASSERT_EQ(Variants->size(), F.Plan.Variants.size());
  for (size_t I = 0; I < Variants->size(); ++I) {
    const llvm::json::Object *O = (*Variants)[I].getAsObject();
    EXPECT_EQ(O->getString("config"), F.Plan.Variants[I].Config);
    const llvm::json::Array *Times = O->getArray("times");
    ASSERT_TRUE(Times);
    ASSERT_EQ(Times->size(), F.Result.Variants[I].Times.size());
    for (size_t K = 0; K < Times->size(); ++K)
      EXPECT_DOUBLE_EQ(*(*Times)[K].getAsNumber(),
                       F.Result.Variants[I].Times[K]);
    EXPECT_EQ(O->getNumber("measured").has_value(),
              F.Result.Variants[I].Measured.has_value());
  }
  EXPECT_TRUE(V->getAsObject()->getObject("summary")->getObject("model"));
}

TEST(ValidationReport, FilesAreWrittenAtomically) {
  Fixture F;
  llvm::SmallString<128> Dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("varsim-report", Dir));
  ASSERT_FALSE(bool(writeReport(F.Plan, F.Result, F.Context, Dir)));
  EXPECT_EQ(read((Dir + "/results.csv").str()), renderCsv(F.Plan, F.Result));
  EXPECT_NE(read((Dir + "/index.html").str()).find("id=\"scatter\""),
            std::string::npos);
  // Nothing else (no temporary file) is left in the directory.
  std::error_code EC;
  unsigned Entries = 0;
  for (llvm::sys::fs::directory_iterator It(Dir, EC), End; !EC && It != End;
       It.increment(EC))
    ++Entries;
  EXPECT_EQ(Entries, 4u);
  EXPECT_EQ(read((Dir + "/results.json").str()),
            renderResultsJson(F.Plan, F.Result, F.Context));
  EXPECT_EQ(read((Dir + "/summary.csv").str()),
            renderSummaryCsv(F.Plan, F.Result, F.Context));

  // A directory that cannot be written: an error, and no file appears.
  llvm::SmallString<128> Missing(Dir);
  llvm::sys::path::append(Missing, "no", "such");
  llvm::Error E = writeReport(F.Plan, F.Result, F.Context, Missing);
  ASSERT_TRUE(bool(E));
  EXPECT_NE(errorToString(std::move(E)).find("results.csv"), std::string::npos);
  EXPECT_FALSE(llvm::sys::fs::exists(Missing));
  llvm::sys::fs::remove_directories(Dir);
}
