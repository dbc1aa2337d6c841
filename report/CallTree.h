//===- report/CallTree.h - A calltrace.json read for display ----*- C++ -*-===//
//
// The report and the trace exports need a calltrace's calling-context trees
// with inclusive seconds per node, not the model's corrected self times: they
// show where a run spent its time as the runtime saw it. This reader keeps
// that view small and independent of callgraph/ (whose graph is built for
// the model's aggregation).
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REPORT_CALLTREE_H
#define VARSIM_REPORT_CALLTREE_H

#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>
#include <vector>

namespace varsim::report {

struct TraceRegion {
  std::string Kind, Function, Condition, File;
  int64_t Line = 0, EndLine = 0;
};

struct TraceNode {
  int64_t Parent = -1; ///< Index in the thread's nodes; -1 for a root.
  int64_t Region = 0;
  int64_t Calls = 0;
  double Seconds = 0; ///< Inclusive; estimated for sampled nodes.
};

struct TraceThread {
  std::string Name;
  int64_t Tid = 0;
  double StartSeconds = 0; ///< Since the runtime's start-up ended.
  std::vector<TraceNode> Nodes;
};

struct CallTree {
  std::string Path;
  std::string Config;
  double WallSeconds = 0;
  std::vector<TraceRegion> Regions;
  std::vector<TraceThread> Threads;

  /// Per region: the inclusive time of its outermost visits (a recursive
  /// re-entry is not counted twice), and its self time (inclusive minus its
  /// children's).
  void regionTimes(std::vector<double> &Inclusive,
                   std::vector<double> &Self) const;
};

/// Reads a calltrace.json (docs/calltrace-format.md). Errors name the file.
llvm::Expected<CallTree> readCallTree(llvm::StringRef Path);

} // namespace varsim::report

#endif // VARSIM_REPORT_CALLTREE_H
