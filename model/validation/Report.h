//===- model/validation/Report.h - Validation table, CSV, HTML --*- C++ -*-===//
//
// Renders a validation result three ways: a table with the summary on
// stdout, a CSV with one row per variant, and a self-contained HTML report
// (inline SVG plots: predicted against measured with the diagonal, the
// model's terms as bars; no script, no external resource, so it opens
// offline). Files are written atomically.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_MODEL_VALIDATION_REPORT_H
#define VARSIM_MODEL_VALIDATION_REPORT_H

#include "model/validation/SessionLevel.h"
#include "model/validation/Validation.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>
#include <vector>

namespace varsim::validation {

/// A term of the performance-influence model, for the bar chart.
struct ModelTerm {
  std::string Label; ///< E.g. "LOGGING#COLORSCAN" or "base".
  double Seconds = 0;
};

/// What the report says about where the results come from.
struct ReportContext {
  std::string ModelPath;
  std::string FeatureModelPath;
  std::vector<ModelTerm> Terms;
  /// Simulator runs the model was built from; nullopt: MODEL.json does not
  /// say.
  std::optional<unsigned> SimulatorRuns;
  ValidationOptions Options;
  /// The model at this validation's level (model/validation/SessionLevel.h),
  /// when the sample measured the model's native reference configuration.
  std::optional<SessionLevel> Level;
};

/// "cpu (user + system ...)" or "wall": what the measured times are.
std::string timeBaseText(const ValidationOptions &Options);

/// The table of variants and the summary, as printed on stdout.
void printTable(const ValidationPlan &Plan, const ValidationResult &Result,
                const ReportContext &Context, llvm::raw_ostream &OS);

/// One row per variant: config, role, status, predicted, measured, error,
/// baseline prediction and error, repetitions, build time, output check,
/// message.
std::string renderCsv(const ValidationPlan &Plan,
                      const ValidationResult &Result);

/// The summary as `quantity,value` rows: the sample, variants planned,
/// measured and failed, the simulator runs the model needed, the model's
/// MAPE / max error / Spearman, the linear baseline's training variants and
/// its error on the held-out variants (and the model's on the same ones).
std::string renderSummaryCsv(const ValidationPlan &Plan,
                             const ValidationResult &Result,
                             const ReportContext &Context);

/// Every variant (config, role, status, predicted, measured, baseline,
/// each repetition's time) and the summary as JSON, for the profile report
/// (report/) and for scripts.
std::string renderResultsJson(const ValidationPlan &Plan,
                              const ValidationResult &Result,
                              const ReportContext &Context);

/// The HTML report (self-contained).
std::string renderHtml(const ValidationPlan &Plan,
                       const ValidationResult &Result,
                       const ReportContext &Context);

/// Writes Dir/results.json, Dir/results.csv, Dir/summary.csv and
/// Dir/index.html, each
/// atomically.
llvm::Error writeReport(const ValidationPlan &Plan,
                        const ValidationResult &Result,
                        const ReportContext &Context, llvm::StringRef Dir);

} // namespace varsim::validation

#endif // VARSIM_MODEL_VALIDATION_REPORT_H
