//===- model/validation/Validation.h - Model against real variants -*- C++
//-*-===//
//
// The public face of model/validation/: build sampled variants from the
// original sources with the user's build command, measure them with the
// user's run command, and compare the medians with a model's predictions
// (and with a black-box linear baseline fitted on part of the measurements).
// Optionally, run the variant simulator under each configuration and compare
// its output and exit code with the real variant's.
//
// The library does not know the performance-influence model: it takes a
// Predictor. Bad input for one variant (an invalid configuration, a build
// that fails, a run that crashes or times out) is recorded in that variant's
// result and never loses the others.
//
// Phases, in order: build every variant in parallel (-j); measure them one by
// one (warm-up runs, then repetitions; measurement must not compete for the
// CPU); check the simulator's outputs; fit and score the baseline.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_MODEL_VALIDATION_VALIDATION_H
#define VARSIM_MODEL_VALIDATION_VALIDATION_H

#include "feature_models/FeatureModel.h"
#include "model/validation/ExitCodes.h"

#include "model/validation/FeatureEffects.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace varsim::validation {

/// The model's predicted time in seconds for a configuration.
using Predictor =
    std::function<llvm::Expected<double>(const fm::Configuration &)>;

/// One variant to validate.
struct VariantSpec {
  std::string Config;  ///< Its CONFIG string.
  std::string Defines; ///< Its -D flags ({defines}).
  fm::Configuration Configuration;
  /// One value per ValidationPlan::FeatureNames (0/1, or a numeric value):
  /// what the linear baseline sees.
  std::vector<double> Features;
  /// Non-empty: why it is not a valid configuration (it is then neither
  /// built nor run, and is reported as invalid).
  std::string Invalid;
  bool InSample = true;          ///< In the user's sample.
  bool BaselineTraining = false; ///< In the baseline's training sample.
  /// The model's native reference configuration, measured so that the
  /// report can show the model at this session's level (SessionLevel.h).
  bool LevelReference = false;
};

struct ValidationPlan {
  std::vector<VariantSpec> Variants;
  std::vector<std::string> FeatureNames; ///< Columns of Features.
  std::string SampleDescription;         ///< E.g. "pairwise (12 variants)".
};

struct ValidationOptions {
  std::string BuildCommand;
  std::string RunCommand;
  std::string CheckOutputCommand; ///< Empty: no output check.
  unsigned Repeat = 5;
  unsigned Warmup = 1;
  unsigned Jobs = 1;
  std::optional<double> TimeoutSeconds; ///< Per run (builds: unlimited).
  /// The exit codes of a successful run of the variant (--exit-code); the
  /// build command must exit 0.
  ExitCodes RunExitCodes;
  std::string ReportDir; ///< Variants go to ReportDir/variants.
  /// Score against each run's CPU time (user + system of the command and
  /// its children) instead of its wall time: the CPU time base of `varsim
  /// model --time cpu`, robust to the machine's load for single-threaded
  /// variants. Both are recorded either way.
  bool CpuTime = false;
  /// The CPU every measured run goes to (model/validation/MeasurementCpu.h);
  /// none: the scheduler places them. Builds and output checks are not
  /// pinned.
  std::optional<unsigned> MeasureCpu;
};

enum class VariantStatus { Ok, Invalid, BuildFailed, RunFailed, TimedOut };
const char *statusName(VariantStatus S);

struct VariantResult {
  VariantStatus Status = VariantStatus::Ok;
  std::string Message; ///< Why it failed, with the tail of its log.
  std::string Dir;     ///< Its build directory ({dir}).
  std::string LogDir;  ///< Where its logs are.
  bool Built = false;
  double BuildSeconds = 0;
  /// The time of each repetition that is scored (s): WallTimes, or
  /// CpuTimes with ValidationOptions::CpuTime.
  std::vector<double> Times;
  std::vector<double> WallTimes, CpuTimes;
  std::optional<double> Measured;                  ///< Median of Times.
  std::optional<double> MeasuredWall, MeasuredCpu; ///< Their medians.
  std::optional<double> Predicted;
  std::string PredictionError;
  std::optional<double> BaselinePredicted;
  /// Output check: whether it ran, and every difference found.
  bool OutputChecked = false;
  std::vector<std::string> OutputDifferences;
};

/// Error figures of one predictor over one set of variants.
struct Accuracy {
  size_t Count = 0; ///< Variants scored.
  std::optional<double> Mape;
  std::optional<double> MaxError;
  std::optional<double> Spearman;
};

struct BaselineSummary {
  bool Fitted = false;
  std::string Error;           ///< Why it could not be fitted.
  size_t TrainingVariants = 0; ///< Measured variants it was fitted on.
  size_t Terms = 0;
  bool FullRank = true;
  Accuracy HeldOut;      ///< The baseline on the variants it did not see.
  Accuracy ModelHeldOut; ///< The model on the same variants, for comparison.
  std::vector<std::pair<std::string, double>> Coefficients;
};

struct ValidationResult {
  std::vector<VariantResult> Variants; ///< Parallel to the plan's.
  Accuracy Model;                      ///< Over the sample's measured variants.
  BaselineSummary Baseline;
  /// The features' main effects in the measured variants and in the
  /// model's predictions of them (FeatureEffects.h).
  std::vector<FeatureEffect> Effects;
  size_t Measured = 0; ///< Variants measured (sample and baseline training).
  size_t Failed = 0;   ///< Variants that are invalid or failed.
  size_t OutputMismatches = 0;
  double ElapsedSeconds = 0;

  bool anyFailure() const { return Failed > 0 || OutputMismatches > 0; }
};

/// Builds, measures and scores every variant of Plan. Progress goes to
/// Progress (stderr in the tool). Fails only when the report directory
/// cannot be made; everything else is recorded per variant.
llvm::Expected<ValidationResult> validate(const ValidationPlan &Plan,
                                          const ValidationOptions &Options,
                                          const Predictor &Predict,
                                          llvm::raw_ostream &Progress);

/// Scores Predicted against Measured (pairs with a measurement only).
Accuracy score(llvm::ArrayRef<double> Predicted,
               llvm::ArrayRef<double> Measured);

/// The directory name of a variant: readable, unique per CONFIG.
std::string variantDirName(llvm::StringRef Config);

} // namespace varsim::validation

#endif // VARSIM_MODEL_VALIDATION_VALIDATION_H
