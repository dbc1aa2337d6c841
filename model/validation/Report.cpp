//===- model/validation/Report.cpp - Validation table, CSV, JSON ----------===//
//
// The validation's results as the terminal table, the CSV files and
// results JSON, and the report written to its directory; the HTML page is
// in ReportHtml.cpp.
//
//===----------------------------------------------------------------------===//

#include "model/validation/Report.h"

#include "model/validation/ReportImpl.h"
#include "model/validation/Stats.h"

#include "support/Diagnostic.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace varsim::validation {
namespace report {

std::string displayConfig(llvm::StringRef Config) {
  return Config.empty() ? std::string("(none)") : Config.str();
}

std::string seconds(std::optional<double> S) {
  return S ? fmt::format("{:.6f}", *S) : std::string("-");
}

std::string percent(std::optional<double> P) {
  return P ? fmt::format("{:.2f}", *P) : std::string("-");
}

std::optional<double> errorOf(std::optional<double> Predicted,
                              std::optional<double> Measured) {
  if (!Predicted || !Measured)
    return std::nullopt;
  return percentError(*Predicted, *Measured);
}

/// "sample", "training", "level" or several of them: what a variant is
/// for.
std::string roleOf(const VariantSpec &S) {
  std::string Role;
  auto Add = [&](bool Has, llvm::StringRef Name) {
    if (Has)
      Role += (Role.empty() ? "" : ", ") + Name.str();
  };
  Add(S.InSample, "sample");
  Add(S.BaselineTraining, "training");
  Add(S.LevelReference, "level");
  return Role.empty() ? "training" : Role;
}

std::string accuracyLine(const Accuracy &A) {
  if (A.Count == 0)
    return "no variant with both a prediction and a measurement";
  return fmt::format(
      "MAPE {} %, max error {} %, Spearman {} over {} variant(s)",
      percent(A.Mape), percent(A.MaxError),
      A.Spearman ? fmt::format("{:.3f}", *A.Spearman) : std::string("-"),
      A.Count);
}

/// The reference configuration's measurement here against the model's
/// level, and the model scaled to it.
std::string levelLine(const SessionLevel &L) {
  return fmt::format(
      "the native reference '{}' measured "
      "{:.3f} s here, the model (at its level beside `varsim run`) predicts "
      "{:.3f} s ({:+.1f} %: the machine's speed since the runs); scaled by "
      "that one measurement: {}",
      L.Config.empty() ? "(none)" : L.Config, L.MeasuredSeconds,
      L.PredictedSeconds, L.shiftPercent(), accuracyLine(L.Scaled));
}

/// The baseline's error on the variants it was not fitted on, if any.
std::string heldOutLine(const BaselineSummary &B) {
  if (B.HeldOut.Count == 0)
    return "nothing held out to score it on (every measured variant of the "
           "sample is in its training sample)";
  return "on the held-out variants: " + accuracyLine(B.HeldOut);
}

std::string simulatorRuns(const ReportContext &C) {
  return C.SimulatorRuns ? std::to_string(*C.SimulatorRuns)
                         : std::string("unknown (MODEL.json does not record "
                                       "its traces)");
}

std::string statusText(const VariantResult &V) {
  std::string S = statusName(V.Status);
  if (!V.PredictionError.empty())
    S += " (no prediction)";
  if (!V.OutputDifferences.empty())
    S += " (output differs)";
  return S;
}

/// Appends Text to Out, after Separator if Out is not empty.
void appendPart(std::string &Out, llvm::StringRef Separator,
                llvm::StringRef Text) {
  if (!Out.empty())
    Out += Separator;
  Out += Text;
}

} // namespace report

using namespace report;

namespace {

std::string csvField(llvm::StringRef F) {
  if (F.find_first_of(",\"\n\r") == llvm::StringRef::npos)
    return F.str();
  std::string Out = "\"";
  for (char C : F) {
    if (C == '"')
      Out += '"';
    Out += C;
  }
  return Out + "\"";
}

} // namespace

std::string timeBaseText(const ValidationOptions &Options) {
  return Options.CpuTime ? "cpu (each run's user + system time, its children "
                           "included; wall times in results.csv too)"
                         : "wall (each run's wall time; CPU times in "
                           "results.csv too)";
}

/// The features whose effect the model gets wrong (FeatureEffects.h).
static void printFeatureEffects(const std::vector<FeatureEffect> &Effects,
                                llvm::raw_ostream &OS) {
  bool Any = false;
  for (const FeatureEffect &E : Effects) {
    if (!E.Differs)
      continue;
    if (!Any)
      OS << "features whose effect the model misses (main effects over the "
            "measured variants, beyond 2 standard errors):\n";
    Any = true;
    OS << fmt::format("  {}: {:+.6f} s in the variants, {:+.6f} s in the "
                      "model (standard error {:.6f} s)\n",
                      E.Feature, E.Measured, E.Modelled, *E.StandardError);
  }
  if (Any)
    OS << "  (causes: a feature that changes how the compiler optimises "
          "code that runs in every configuration, which the simulator pays "
          "for in all of them; a feature whose cost lies in code the plan "
          "ran with it only a few times, or with noisy runs; "
          "docs/validation.md)\n";
}

void printTable(const ValidationPlan &Plan, const ValidationResult &Result,
                const ReportContext &Context, llvm::raw_ostream &OS) {
  size_t Width = 13;
  for (const VariantSpec &S : Plan.Variants)
    Width = std::max(Width, displayConfig(S.Config).size());
  Width = std::min<size_t>(Width, 60);
  bool Baseline = Result.Baseline.Fitted;
  OS << fmt::format("{:<{}}  {:>12}  {:>12}  {:>8}", "configuration", Width,
                    "predicted(s)", "measured(s)", "error%");
  if (Baseline)
    OS << fmt::format("  {:>12}  {:>8}  {:<16}", "baseline(s)", "base.err%",
                      "role");
  OS << "  status\n";
  for (size_t I = 0; I < Plan.Variants.size(); ++I) {
    const VariantSpec &S = Plan.Variants[I];
    const VariantResult &V = Result.Variants[I];
    OS << fmt::format("{:<{}}  {:>12}  {:>12}  {:>8}", displayConfig(S.Config),
                      Width, seconds(V.Predicted), seconds(V.Measured),
                      percent(errorOf(V.Predicted, V.Measured)));
    if (Baseline)
      OS << fmt::format("  {:>12}  {:>8}  {:<16}", seconds(V.BaselinePredicted),
                        S.BaselineTraining && V.Measured
                            ? std::string("(fit)")
                            : percent(errorOf(V.BaselinePredicted, V.Measured)),
                        roleOf(S));
    OS << "  " << statusText(V) << '\n';
  }
  OS << '\n';
  for (size_t I = 0; I < Plan.Variants.size(); ++I) {
    const VariantResult &V = Result.Variants[I];
    std::string Name = displayConfig(Plan.Variants[I].Config);
    if (V.Status != VariantStatus::Ok)
      OS << Name << ": " << statusName(V.Status) << ": " << V.Message << '\n';
    if (!V.PredictionError.empty())
      OS << Name << ": no prediction: " << V.PredictionError << '\n';
    for (const std::string &D : V.OutputDifferences)
      OS << Name << ": output check: " << D << '\n';
  }
  OS << "model " << Context.ModelPath << ": " << accuracyLine(Result.Model)
     << '\n';
  if (Context.Level)
    OS << "model at this session's level: " << levelLine(*Context.Level)
       << '\n';
  OS << "time base: " << timeBaseText(Context.Options) << '\n';
  OS << "simulator runs the model needed: " << simulatorRuns(Context)
     << "; variants measured: " << Result.Measured << " of "
     << Plan.Variants.size() << '\n';
  const BaselineSummary &B = Result.Baseline;
  if (B.Fitted) {
    OS << "linear baseline (features + pairs, " << B.Terms
       << " terms, fitted on " << B.TrainingVariants << " measured variants"
       << (B.FullRank ? "" : ", ridge") << "): " << heldOutLine(B) << '\n';
    if (B.HeldOut.Count)
      OS << "model on the same held-out variants: "
         << accuracyLine(B.ModelHeldOut) << '\n';
  } else {
    OS << "linear baseline: " << B.Error << '\n';
  }
  printFeatureEffects(Result.Effects, OS);
  if (!Context.Options.CheckOutputCommand.empty())
    OS << "output check: " << Result.OutputMismatches
       << " configuration(s) differ\n";
  if (Result.Failed)
    OS << "failed variants: " << Result.Failed << '\n';
}

std::string renderCsv(const ValidationPlan &Plan,
                      const ValidationResult &Result) {
  std::string Out = "config,role,status,predicted_s,measured_s,error_pct,"
                    "baseline_predicted_s,baseline_error_pct,repetitions,"
                    "min_s,max_s,build_s,output_check,message,"
                    "measured_wall_s,measured_cpu_s\n";
  for (size_t I = 0; I < Plan.Variants.size(); ++I) {
    const VariantSpec &S = Plan.Variants[I];
    const VariantResult &V = Result.Variants[I];
    auto Num = [](std::optional<double> X) {
      return X ? fmt::format("{:.9g}", *X) : std::string();
    };
    std::optional<double> Min, Max;
    if (!V.Times.empty()) {
      Min = *std::min_element(V.Times.begin(), V.Times.end());
      Max = *std::max_element(V.Times.begin(), V.Times.end());
    }
    std::string Check = !V.OutputChecked              ? ""
                        : V.OutputDifferences.empty() ? "same"
                                                      : "differs";
    std::string Message = V.Message;
    if (!V.PredictionError.empty())
      appendPart(Message, "; ", "no prediction: " + V.PredictionError);
    for (const std::string &D : V.OutputDifferences)
      appendPart(Message, "; ", D);
    Out += fmt::format(
        "{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}\n", csvField(S.Config),
        csvField(roleOf(S)), statusName(V.Status), Num(V.Predicted),
        Num(V.Measured), Num(errorOf(V.Predicted, V.Measured)),
        Num(V.BaselinePredicted), Num(errorOf(V.BaselinePredicted, V.Measured)),
        V.Times.size(), Num(Min), Num(Max),
        V.Built || V.Status == VariantStatus::BuildFailed
            ? fmt::format("{:.3f}", V.BuildSeconds)
            : std::string(),
        Check, csvField(Message), Num(V.MeasuredWall), Num(V.MeasuredCpu));
  }
  return Out;
}

std::string renderSummaryCsv(const ValidationPlan &Plan,
                             const ValidationResult &Result,
                             const ReportContext &Context) {
  std::string Out = "quantity,value\n";
  auto Row = [&](llvm::StringRef K, llvm::StringRef V) {
    Out += K.str() + "," + csvField(V) + "\n";
  };
  auto Num = [](std::optional<double> X) {
    return X ? fmt::format("{:.6g}", *X) : std::string();
  };
  auto Scores = [&](llvm::StringRef Prefix, const Accuracy &A) {
    Row((Prefix + "variants_scored").str(), std::to_string(A.Count));
    Row((Prefix + "mape_pct").str(), Num(A.Mape));
    Row((Prefix + "max_error_pct").str(), Num(A.MaxError));
    Row((Prefix + "spearman").str(), Num(A.Spearman));
  };
  Row("model", Context.ModelPath);
  Row("feature_model", Context.FeatureModelPath);
  Row("sample", Plan.SampleDescription);
  Row("time_base", Context.Options.CpuTime ? "cpu" : "wall");
  Row("variants_planned", std::to_string(Plan.Variants.size()));
  Row("variants_measured", std::to_string(Result.Measured));
  Row("variants_failed", std::to_string(Result.Failed));
  Row("simulator_runs",
      Context.SimulatorRuns ? std::to_string(*Context.SimulatorRuns) : "");
  Scores("model_", Result.Model);
  if (const std::optional<SessionLevel> &L = Context.Level) {
    Row("reference_config", L->Config);
    Row("reference_measured_s", Num(L->MeasuredSeconds));
    Row("reference_predicted_s", Num(L->PredictedSeconds));
    Row("reference_shift_pct", Num(L->shiftPercent()));
    Scores("model_at_session_level_", L->Scaled);
  }
  const BaselineSummary &B = Result.Baseline;
  Row("baseline", B.Fitted ? "fitted" : B.Error);
  if (B.Fitted) {
    Row("baseline_terms", std::to_string(B.Terms));
    Row("baseline_training_variants", std::to_string(B.TrainingVariants));
    Row("baseline_full_rank", B.FullRank ? "yes" : "no (ridge)");
    Scores("baseline_held_out_", B.HeldOut);
    Scores("model_on_baseline_held_out_", B.ModelHeldOut);
  }
  if (!Context.Options.CheckOutputCommand.empty())
    Row("output_mismatches", std::to_string(Result.OutputMismatches));
  return Out;
}

std::string renderResultsJson(const ValidationPlan &Plan,
                              const ValidationResult &Result,
                              const ReportContext &Context) {
  auto Opt = [](std::optional<double> X) -> llvm::json::Value {
    if (X)
      return *X;
    return nullptr;
  };
  auto AccuracyJson = [&](const Accuracy &A) -> llvm::json::Value {
    return llvm::json::Object{{"count", static_cast<int64_t>(A.Count)},
                              {"mape_pct", Opt(A.Mape)},
                              {"max_error_pct", Opt(A.MaxError)},
                              {"spearman", Opt(A.Spearman)}};
  };
  llvm::json::Array Variants;
  for (size_t I = 0; I < Plan.Variants.size(); ++I) {
    const VariantSpec &S = Plan.Variants[I];
    const VariantResult &V = Result.Variants[I];
    llvm::json::Array Times, WallTimes, CpuTimes;
    for (double T : V.Times)
      Times.push_back(T);
    for (double T : V.WallTimes)
      WallTimes.push_back(T);
    for (double T : V.CpuTimes)
      CpuTimes.push_back(T);
    Variants.push_back(llvm::json::Object{
        {"config", S.Config},
        {"role", roleOf(S)},
        {"status", statusName(V.Status)},
        {"predicted", Opt(V.Predicted)},
        {"measured", Opt(V.Measured)},
        {"baseline_predicted", Opt(V.BaselinePredicted)},
        {"times", std::move(Times)},
        {"wall_times", std::move(WallTimes)},
        {"cpu_times", std::move(CpuTimes)},
        {"build_seconds", V.BuildSeconds},
        {"output_check", !V.OutputChecked              ? "not checked"
                         : V.OutputDifferences.empty() ? "same"
                                                       : "differs"},
        {"message", V.Message}});
  }
  auto EffectsJson = [](const std::vector<FeatureEffect> &Effects) {
    llvm::json::Array Out;
    for (const FeatureEffect &E : Effects) {
      llvm::json::Object O{{"feature", E.Feature},
                           {"measured_s", E.Measured},
                           {"model_s", E.Modelled},
                           {"differs", E.Differs}};
      if (E.StandardError)
        O["standard_error_s"] = *E.StandardError;
      Out.push_back(std::move(O));
    }
    return Out;
  };
  const BaselineSummary &B = Result.Baseline;
  llvm::json::Object Summary{
      {"sample", Plan.SampleDescription},
      {"measured", static_cast<int64_t>(Result.Measured)},
      {"failed", static_cast<int64_t>(Result.Failed)},
      {"output_mismatches", static_cast<int64_t>(Result.OutputMismatches)},
      {"model", AccuracyJson(Result.Model)},
      {"baseline_fitted", B.Fitted},
      {"baseline_error", B.Error},
      {"baseline_training", static_cast<int64_t>(B.TrainingVariants)},
      {"baseline_held_out", AccuracyJson(B.HeldOut)},
      {"model_held_out", AccuracyJson(B.ModelHeldOut)},
      {"feature_effects", EffectsJson(Result.Effects)},
      {"repeat", static_cast<int64_t>(Context.Options.Repeat)},
      {"time_base", Context.Options.CpuTime ? "cpu" : "wall"}};
  if (const std::optional<SessionLevel> &L = Context.Level)
    Summary["session_level"] =
        llvm::json::Object{{"reference_config", L->Config},
                           {"measured_s", L->MeasuredSeconds},
                           {"predicted_s", L->PredictedSeconds},
                           {"shift_pct", L->shiftPercent()},
                           {"model_scaled", AccuracyJson(L->Scaled)}};
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  OS << llvm::formatv("{0:1}", llvm::json::Value(llvm::json::Object{
                                   {"format", "varsim-validation-results"},
                                   {"version", 1},
                                   {"model", Context.ModelPath},
                                   {"variants", std::move(Variants)},
                                   {"summary", std::move(Summary)}}))
     << "\n";
  return Out;
}

llvm::Error writeReport(const ValidationPlan &Plan,
                        const ValidationResult &Result,
                        const ReportContext &Context, llvm::StringRef Dir) {
  auto Write = [](llvm::StringRef Path,
                  const std::string &Text) -> llvm::Error {
    if (llvm::Error E = llvm::writeToOutput(Path, [&](llvm::raw_ostream &OS) {
          OS << Text;
          return llvm::Error::success();
        }))
      return makeError(Path, 0, 0,
                       "cannot write: " + llvm::toString(std::move(E)));
    return llvm::Error::success();
  };
  llvm::SmallString<256> Csv(Dir), Summary(Dir), Html(Dir), Json(Dir);
  llvm::sys::path::append(Json, "results.json");
  llvm::sys::path::append(Csv, "results.csv");
  llvm::sys::path::append(Summary, "summary.csv");
  llvm::sys::path::append(Html, "index.html");
  if (llvm::Error E = Write(Csv, renderCsv(Plan, Result)))
    return E;
  if (llvm::Error E = Write(Summary, renderSummaryCsv(Plan, Result, Context)))
    return E;
  if (llvm::Error E = Write(Json, renderResultsJson(Plan, Result, Context)))
    return E;
  return Write(Html, renderHtml(Plan, Result, Context));
}

} // namespace varsim::validation
