//===- test/validation/ValidationTest.cpp - Build, measure, compare -------===//
//
// The validation core with tiny shell commands as build and run commands and
// a stub predictor (the core does not know the model library).
//
//===----------------------------------------------------------------------===//

#include "model/validation/Validation.h"

#include "support/Diagnostic.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <gtest/gtest.h>

using namespace varsim;
using namespace varsim::validation;

namespace {

/// A variant over two boolean features A and B.
VariantSpec variant(bool A, bool B) {
  VariantSpec S;
  S.Config = A && B ? "A,B" : A ? "A" : B ? "B" : "";
  S.Defines =
      std::string(A ? "-DA=1" : "") + (A && B ? " " : "") + (B ? "-DB=1" : "");
  S.Configuration.Selected = {A, B};
  S.Features = {double(A), double(B)};
  return S;
}

/// Predicts 0.01 s, plus 0.02 s with A.
llvm::Expected<double> stubPredictor(const fm::Configuration &C) {
  return 0.01 + (C.Selected[0] ? 0.02 : 0.0);
}

class ValidationTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("varsim-validate", Dir));
    Options.ReportDir = std::string(Dir);
    Options.Repeat = 3;
    Options.Warmup = 1;
    Options.Jobs = 2;
    Plan.FeatureNames = {"A", "B"};
  }
  void TearDown() override { llvm::sys::fs::remove_directories(Dir); }

  ValidationResult run() {
    std::string Log;
    llvm::raw_string_ostream Progress(Log);
    auto R = validate(Plan, Options, stubPredictor, Progress);
    ProgressText = Log;
    EXPECT_TRUE(bool(R));
    if (!R) {
      ADD_FAILURE() << errorToString(R.takeError());
      return {};
    }
    return std::move(*R);
  }

  static std::string read(llvm::StringRef Path) {
    auto B = llvm::MemoryBuffer::getFile(Path);
    return B ? (*B)->getBuffer().str() : "<missing>";
  }

  llvm::SmallString<128> Dir;
  ValidationOptions Options;
  ValidationPlan Plan;
  std::string ProgressText;
};

} // namespace

TEST_F(ValidationTest, BuildsEachVariantInItsOwnDirectoryWithItsDefines) {
  Plan.Variants = {variant(false, false), variant(true, false),
                   variant(true, true)};
  Options.BuildCommand = "printf '%s' '{defines}' > {dir}/defines";
  Options.RunCommand = "cat {dir}/defines";
  ValidationResult R = run();
  ASSERT_EQ(R.Variants.size(), 3u);
  EXPECT_EQ(R.Failed, 0u);
  std::set<std::string> Dirs;
  for (size_t I = 0; I < 3; ++I) {
    const VariantResult &V = R.Variants[I];
    EXPECT_EQ(V.Status, VariantStatus::Ok) << V.Message;
    EXPECT_TRUE(V.Built);
    EXPECT_EQ(read(V.Dir + "/defines"), Plan.Variants[I].Defines);
    EXPECT_EQ(read(V.LogDir + "/first-run.stdout"), Plan.Variants[I].Defines);
    EXPECT_EQ(V.Times.size(), 3u);
    ASSERT_TRUE(V.Measured);
    ASSERT_TRUE(V.Predicted);
    EXPECT_DOUBLE_EQ(*V.Predicted, I == 0 ? 0.01 : 0.03);
    Dirs.insert(V.Dir);
  }
  EXPECT_EQ(Dirs.size(), 3u);
  EXPECT_EQ(R.Measured, 3u);
  EXPECT_EQ(R.Model.Count, 3u);
  EXPECT_NE(ProgressText.find("[build 3/3]"), std::string::npos);
  EXPECT_NE(ProgressText.find("[measure 3/3]"), std::string::npos);
}

TEST_F(ValidationTest, MedianOfRepetitionsMeasuresTheRun) {
  Plan.Variants = {variant(true, false)};
  Options.BuildCommand = "true";
  Options.RunCommand = "sleep 0.1";
  Options.Warmup = 0;
  ValidationResult R = run();
  const VariantResult &V = R.Variants[0];
  ASSERT_TRUE(V.Measured) << V.Message;
  EXPECT_GE(*V.Measured, 0.095);
  EXPECT_LT(*V.Measured, 2.0);
  // Predicted 0.03 s against about 0.1 s: an error of about 70 %.
  ASSERT_TRUE(R.Model.Mape);
  EXPECT_GT(*R.Model.Mape, 50.0);
}

TEST_F(ValidationTest, RepetitionsInterleaveTheVariants) {
  // Each run appends its variant's CONFIG to one log: the warm-ups first,
  // then rounds of every variant, so that a slow phase of the machine hits
  // every variant alike.
  Plan.Variants = {variant(false, false), variant(true, false),
                   variant(true, true)};
  Options.BuildCommand = "true";
  Options.Jobs = 1;
  std::string Log = std::string(Dir) + "/order.log";
  Options.RunCommand = "echo '[{config}]' >> " + Log;
  ValidationResult R = run();
  ASSERT_EQ(R.Measured, 3u);
  std::string Expected;
  for (int Round = 0; Round < 4; ++Round) // 1 warm-up + 3 repetitions.
    Expected += "[]\n[A]\n[A,B]\n";
  EXPECT_EQ(read(Log), Expected);
}

TEST_F(ValidationTest, FailuresAreReportedPerVariantAndKeepTheOthers) {
  VariantSpec Invalid = variant(false, true);
  Invalid.Config = "B,NOSUCH";
  Invalid.Invalid = "invalid configuration: unknown feature 'NOSUCH'";
  Plan.Variants = {variant(false, false), variant(true, false),
                   variant(true, true), variant(false, true), Invalid};
  // A,B fails to build; B crashes; A times out; (none) works.
  Options.BuildCommand =
      "if [ '{config}' = A,B ]; then echo 'fatal: no' >&2; exit 3; fi";
  Options.RunCommand = "case '{config}' in B) kill -SEGV $$;; A) sleep 20;; "
                       "esac; echo ok";
  Options.TimeoutSeconds = 0.3;
  Options.Warmup = 0;
  Options.Repeat = 1;
  ValidationResult R = run();
  ASSERT_EQ(R.Variants.size(), 5u);
  EXPECT_EQ(R.Variants[0].Status, VariantStatus::Ok);
  EXPECT_TRUE(R.Variants[0].Measured);
  EXPECT_EQ(R.Variants[1].Status, VariantStatus::TimedOut);
  EXPECT_NE(R.Variants[1].Message.find("timed out"), std::string::npos);
  EXPECT_EQ(R.Variants[2].Status, VariantStatus::BuildFailed);
  EXPECT_NE(R.Variants[2].Message.find("exit code 3"), std::string::npos);
  EXPECT_NE(R.Variants[2].Message.find("fatal: no"), std::string::npos)
      << "the build log's tail belongs in the message";
  EXPECT_EQ(R.Variants[3].Status, VariantStatus::RunFailed);
  EXPECT_NE(R.Variants[3].Message.find("signal 11"), std::string::npos);
  EXPECT_EQ(R.Variants[4].Status, VariantStatus::Invalid);
  EXPECT_FALSE(R.Variants[4].Built);
  EXPECT_FALSE(R.Variants[4].Predicted) << "invalid: not predicted";
  EXPECT_EQ(R.Failed, 4u);
  EXPECT_TRUE(R.anyFailure());
  EXPECT_EQ(R.Measured, 1u);
  EXPECT_EQ(R.Model.Count, 1u);
}

TEST_F(ValidationTest, PredictionErrorsAreKeptPerVariant) {
  Plan.Variants = {variant(false, false), variant(true, false)};
  Options.BuildCommand = "true";
  Options.RunCommand = "true";
  Options.Repeat = 1;
  Options.Warmup = 0;
  std::string Log;
  llvm::raw_string_ostream Progress(Log);
  auto R = validate(
      Plan, Options,
      [](const fm::Configuration &C) -> llvm::Expected<double> {
        if (C.Selected[0])
          return makeError("no term covers A");
        return 1.0;
      },
      Progress);
  ASSERT_TRUE(bool(R));
  EXPECT_TRUE(R->Variants[0].Predicted);
  EXPECT_FALSE(R->Variants[1].Predicted);
  EXPECT_NE(R->Variants[1].PredictionError.find("no term covers A"),
            std::string::npos);
  EXPECT_TRUE(R->Variants[1].Measured) << "the measurement is kept";
}

TEST_F(ValidationTest, ReusesTheBuildDirectoryOnlyForUnchangedInputs) {
  Plan.Variants = {variant(true, false)};
  Options.RunCommand = "true";
  Options.Repeat = 1;
  Options.Warmup = 0;
  Options.BuildCommand = "echo x >> {dir}/builds # {defines}";
  run();
  ValidationResult R = run();
  EXPECT_EQ(read(R.Variants[0].Dir + "/builds"), "x\nx\n")
      << "same inputs: the directory (and an incremental build) is reused";
  Options.BuildCommand = "echo x >> {dir}/builds # {defines} -O2";
  R = run();
  EXPECT_EQ(read(R.Variants[0].Dir + "/builds"), "x\n")
      << "other inputs: the directory starts afresh";
}

TEST_F(ValidationTest, OutputCheckReportsEveryDifference) {
  Plan.Variants = {variant(false, false), variant(true, false),
                   variant(false, true)};
  Options.BuildCommand = "true";
  Options.RunCommand = "echo result {config}";
  Options.Repeat = 1;
  // The "simulator" reads its configuration from VARSIM_CONFIG; under B it
  // prints something else and fails.
  Options.CheckOutputCommand =
      "test -n \"$VARSIM_TRACE\" || exit 9; "
      "if [ \"$VARSIM_CONFIG\" = B ]; then echo wrong; exit 2; fi; "
      "echo result $VARSIM_CONFIG";
  ValidationResult R = run();
  EXPECT_TRUE(R.Variants[0].OutputChecked);
  EXPECT_TRUE(R.Variants[0].OutputDifferences.empty());
  EXPECT_TRUE(R.Variants[1].OutputDifferences.empty());
  ASSERT_EQ(R.Variants[2].OutputDifferences.size(), 2u);
  EXPECT_NE(R.Variants[2].OutputDifferences[0].find("exit status differs"),
            std::string::npos);
  EXPECT_NE(R.Variants[2].OutputDifferences[1].find("line 1"),
            std::string::npos);
  EXPECT_NE(R.Variants[2].OutputDifferences[1].find("wrong"),
            std::string::npos);
  EXPECT_EQ(R.OutputMismatches, 1u);
  EXPECT_TRUE(R.anyFailure());
}

TEST_F(ValidationTest, BaselineIsFittedOnTrainingAndScoredOnTheOthers) {
  Plan.Variants = {variant(false, false), variant(true, false),
                   variant(false, true), variant(true, true)};
  for (size_t I = 0; I < 3; ++I)
    Plan.Variants[I].BaselineTraining = true;
  Options.BuildCommand = "true";
  Options.RunCommand = "true";
  Options.Repeat = 1;
  Options.Warmup = 0;
  ValidationResult R = run();
  const BaselineSummary &B = R.Baseline;
  ASSERT_TRUE(B.Fitted) << B.Error;
  EXPECT_EQ(B.TrainingVariants, 3u);
  EXPECT_EQ(B.HeldOut.Count, 1u);
  EXPECT_EQ(B.ModelHeldOut.Count, 1u);
  for (const VariantResult &V : R.Variants)
    EXPECT_TRUE(V.BaselinePredicted);
}

TEST_F(ValidationTest, BaselineNotRequested) {
  Plan.Variants = {variant(false, false)};
  Options.BuildCommand = "true";
  Options.RunCommand = "true";
  Options.Repeat = 1;
  ValidationResult R = run();
  EXPECT_FALSE(R.Baseline.Fitted);
  EXPECT_EQ(R.Baseline.Error, "not requested");
}

TEST_F(ValidationTest, UnwritableReportDirectoryIsAnError) {
  Plan.Variants = {variant(false, false)};
  Options.BuildCommand = Options.RunCommand = "true";
  Options.ReportDir = "/proc/varsim-cannot-exist/report";
  std::string Log;
  llvm::raw_string_ostream Progress(Log);
  auto R = validate(Plan, Options, stubPredictor, Progress);
  ASSERT_FALSE(bool(R));
  EXPECT_NE(errorToString(R.takeError()).find("cannot create"),
            std::string::npos);
}

TEST(ValidationNames, VariantDirectoriesAreReadableAndDistinct) {
  EXPECT_EQ(variantDirName("").substr(0, 5), "none-");
  EXPECT_EQ(variantDirName("A,B").substr(0, 4), "A_B-");
  EXPECT_NE(variantDirName("A,B"), variantDirName("A_B"));
  EXPECT_EQ(variantDirName("A,B"), variantDirName("A,B"));
}

TEST_F(ValidationTest, ExitCodesParseAsForVarsimRun) {
  auto Zero = ExitCodes::parse("0");
  ASSERT_TRUE(bool(Zero));
  EXPECT_TRUE(Zero->accepts(0));
  EXPECT_FALSE(Zero->accepts(1));
  auto List = ExitCodes::parse("0, 3,3");
  ASSERT_TRUE(bool(List));
  EXPECT_TRUE(List->accepts(3));
  EXPECT_FALSE(List->accepts(2));
  EXPECT_EQ(List->str(), "0,3");
  auto Any = ExitCodes::parse("any");
  ASSERT_TRUE(bool(Any));
  EXPECT_TRUE(Any->accepts(255));
  EXPECT_EQ(Any->str(), "any");
  EXPECT_EQ(ExitCodes().str(), "0");
  for (const char *Bad : {"", "x", "256", "-1", "1,,2", "any,1"}) {
    auto E = ExitCodes::parse(Bad);
    ASSERT_FALSE(bool(E)) << Bad;
    EXPECT_NE(errorToString(E.takeError())
                  .find("expected a number 0-255, a comma-separated list"),
              std::string::npos);
  }
}

TEST_F(ValidationTest, AcceptedExitCodesAreNotFailures) {
  Plan.Variants = {variant(false, false), variant(true, false)};
  Options.BuildCommand = "true";
  // Exits 3 without A, 0 with it, like a grep-like tool.
  Options.RunCommand = "sh -c '[ \"$0\" = A ] && exit 0; exit 3' {config}";
  Options.Repeat = 1;
  ValidationResult R = run();
  EXPECT_EQ(R.Variants[0].Status, VariantStatus::RunFailed);
  EXPECT_NE(R.Variants[0].Message.find("exit code 3 (--exit-code accepts 0)"),
            std::string::npos)
      << R.Variants[0].Message;
  EXPECT_EQ(R.Variants[1].Status, VariantStatus::Ok);

  Options.RunExitCodes = llvm::cantFail(ExitCodes::parse("0,3"));
  R = run();
  EXPECT_EQ(R.Failed, 0u);
  EXPECT_TRUE(R.Variants[0].Measured) << R.Variants[0].Message;
  EXPECT_TRUE(R.Variants[1].Measured);

  // A signal is never accepted, not even by 'any'.
  Options.RunExitCodes = llvm::cantFail(ExitCodes::parse("any"));
  Options.RunCommand = "sh -c 'kill -SEGV $$'";
  R = run();
  EXPECT_EQ(R.Variants[0].Status, VariantStatus::RunFailed);
}

TEST_F(ValidationTest, OutputCheckComparesAcceptedExitCodes) {
  Plan.Variants = {variant(false, false), variant(true, false)};
  Options.BuildCommand = "true";
  Options.RunCommand = "sh -c 'echo same; exit 3'";
  Options.RunExitCodes = llvm::cantFail(ExitCodes::parse("any"));
  Options.Repeat = 1;
  // The simulator exits 3 too, except under A.
  Options.CheckOutputCommand =
      "echo same; [ \"$VARSIM_CONFIG\" = A ] && exit 0; exit 3";
  ValidationResult R = run();
  EXPECT_EQ(R.Failed, 0u);
  EXPECT_TRUE(R.Variants[0].OutputDifferences.empty());
  ASSERT_EQ(R.Variants[1].OutputDifferences.size(), 1u);
  EXPECT_NE(R.Variants[1].OutputDifferences[0].find(
                "exit status differs: variant exit code 3, simulator ok"),
            std::string::npos)
      << R.Variants[1].OutputDifferences[0];
  EXPECT_EQ(R.OutputMismatches, 1u);
}
