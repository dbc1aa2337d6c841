//===- model/validation/ReportImpl.h - The report's cell texts -*- C++ -*-===//
//
// Internal to the validation report (Report.h): the texts of the cells and
// lines the table, the CSV files (Report.cpp) and the HTML page
// (ReportHtml.cpp) share.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_MODEL_VALIDATION_REPORTIMPL_H
#define VARSIM_MODEL_VALIDATION_REPORTIMPL_H

#include "model/validation/Report.h"

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace varsim::validation::report {

/// A configuration's text, "(none)" for the empty one.
std::string displayConfig(llvm::StringRef Config);
/// Seconds with six decimals, "-" for none.
std::string seconds(std::optional<double> S);
/// A percentage with two decimals, "-" for none.
std::string percent(std::optional<double> P);
/// The relative error of a prediction, in percent, if both are known.
std::optional<double> errorOf(std::optional<double> Predicted,
                              std::optional<double> Measured);
/// "sample", "training" or "sample, training": what a variant is for.
std::string roleOf(const VariantSpec &S);
std::string accuracyLine(const Accuracy &A);
/// The baseline's error on the variants it was not fitted on, if any.
std::string heldOutLine(const BaselineSummary &B);
/// The model at this validation's level (SessionLevel), for the summary.
std::string levelLine(const SessionLevel &L);
std::string simulatorRuns(const ReportContext &C);
std::string statusText(const VariantResult &V);
/// Appends Text to Out, after Separator if Out is not empty.
void appendPart(std::string &Out, llvm::StringRef Separator,
                llvm::StringRef Text);

} // namespace varsim::validation::report

#endif // VARSIM_MODEL_VALIDATION_REPORTIMPL_H
