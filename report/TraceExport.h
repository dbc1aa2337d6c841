//===- report/TraceExport.h - Chrome/Perfetto and speedscope ----*- C++ -*-===//
//
// Writes the calling-context trees of simulator runs in the formats of the
// tools engineers already open: the Chrome trace event format (chrome://
// tracing, ui.perfetto.dev) and speedscope's file format (speedscope.app).
// A calltrace is aggregated (one node per calling context, not one per
// call), so the timeline these files show is a flame chart: each context's
// children laid out one after another inside it, in the order the runtime
// first met them, with their summed inclusive time. Children whose times add
// up to more than their parent (sampling estimates) are scaled to fit, so
// the events always nest.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REPORT_TRACEEXPORT_H
#define VARSIM_REPORT_TRACEEXPORT_H

#include "report/CallTree.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/raw_ostream.h"

namespace varsim::report {

/// One process per run (pid = run index + 1, named by its CONFIG), one
/// track per thread, one complete ("X") event per calling context.
void writeChromeTrace(llvm::ArrayRef<CallTree> Runs, llvm::raw_ostream &OS);

/// One evented profile per run and thread, frames shared between them.
void writeSpeedscope(llvm::ArrayRef<CallTree> Runs, llvm::StringRef Name,
                     llvm::raw_ostream &OS);

/// Writes both files atomically; an empty path skips that file.
llvm::Error writeTraceExports(llvm::ArrayRef<CallTree> Runs,
                              llvm::StringRef ChromePath,
                              llvm::StringRef SpeedscopePath);

/// Reads each trace (in order) and writes both files; empty paths skip.
llvm::Error writeTraceExports(llvm::ArrayRef<std::string> TracePaths,
                              llvm::StringRef ChromePath,
                              llvm::StringRef SpeedscopePath);

/// "function" for a function or switch, "function [CONDITION]" for an #if
/// region, the label shown for a calling context everywhere.
std::string frameName(const TraceRegion &R);

} // namespace varsim::report

#endif // VARSIM_REPORT_TRACEEXPORT_H
