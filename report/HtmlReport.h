//===- report/HtmlReport.h - The offline profile report ---------*- C++ -*-===//
//
// Writes the profile report: one directory with index.html (the data as
// inline JSON, the script and the style sheet inline, every plot drawn as
// SVG by that script; nothing is fetched, so it opens offline and from a
// file:// URL), report-data.json (the same data, for scripts), and the
// runs' calling-context trees as a Chrome/Perfetto trace (trace.json) and
// a speedscope profile (profile.speedscope.json). docs/report.md.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REPORT_HTMLREPORT_H
#define VARSIM_REPORT_HTMLREPORT_H

#include "report/ReportData.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <string>

namespace varsim::report {

/// index.html for Data (report/assets/ inlined).
std::string renderProfileHtml(const llvm::json::Object &Data);

/// Collects the data of In and writes the report into Dir (created if
/// needed; every file written atomically). Returns Dir/index.html.
llvm::Expected<std::string> writeProfileReport(const ReportInputs &In,
                                               llvm::StringRef Dir);

} // namespace varsim::report

#endif // VARSIM_REPORT_HTMLREPORT_H
