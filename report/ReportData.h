//===- report/ReportData.h - What the profile report shows -----*- C++ -*-===//
//
// Gathers everything the HTML report shows into one JSON object: the
// model's terms with their source locations, the project's files (the lines
// around regions and term locations), each region's time per planned run,
// each run's calling-context tree, the plan (which run covers which
// requirement) and the data-flow facts with their evidence, and, after a
// validation, every measured variant with its repetitions, its prediction
// broken down by term and the black-box baseline's prediction.
//
// The JSON is the contract between this library and report/assets/
// report.js (docs/report.md lists its fields).
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REPORT_REPORTDATA_H
#define VARSIM_REPORT_REPORTDATA_H

#include "report/CallTree.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <string>
#include <vector>

namespace varsim::report {

struct ReportInputs {
  /// The rewrite's output directory (manifest.json, traces/index.json).
  std::string OutDir;
  /// MODEL.json written by `varsim model`.
  std::string ModelPath;
  /// A directory with `varsim validate`'s results.json; empty: none.
  std::string ValidationDir;
  /// Shown in the title; the project's directory name if empty.
  std::string Title;
  /// The run command, for the plan's section.
  std::string RunCommand;
  /// Per calling-context tree, nodes shorter than this share of their run
  /// are left out of the flame graph (their time stays in the parent).
  double MinNodeShare = 0.001;
  /// At most this many nodes per run in the flame graph.
  size_t MaxNodesPerRun = 4000;
  /// At most this many source lines per file are embedded.
  size_t MaxLinesPerFile = 6000;
};

/// The planned runs' traces, as OUT/traces/index.json lists them.
llvm::Expected<std::vector<CallTree>> readRuns(llvm::StringRef OutDir);

/// The report's data. Fails when the manifest, the index, a trace or the
/// model cannot be read; a missing validation is not an error.
llvm::Expected<llvm::json::Object> collectReportData(const ReportInputs &In);

} // namespace varsim::report

#endif // VARSIM_REPORT_REPORTDATA_H
