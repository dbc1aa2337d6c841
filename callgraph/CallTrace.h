//===- callgraph/CallTrace.h - Reading calltrace.json -----------*- C++ -*-===//
//
// A calltrace.json (docs/calltrace-format.md, format version 1) as it is on
// disk: the configuration that ran, the features, the region table, the
// instrumentation cost, and one calling-context tree per thread. Reading is
// done with simdjson's on-demand API (a million nodes in a fraction of a
// second) and checks everything the call graph relies on: the format and
// version, dense region ids, parseable conditions, region ids that exist, and
// parents that come before their children.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_CALLGRAPH_CALLTRACE_H
#define VARSIM_CALLGRAPH_CALLTRACE_H

#include "condition/Condition.h"
#include "runtime/SimulatorTables.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace varsim::callgraph {

// The kinds are the ones the runtime writes into the trace.
using runtime::RegionKind;
using runtime::regionKindName;

struct TraceRegion {
  RegionKind Kind = RegionKind::Function;
  std::string Function;
  std::string ConditionText; ///< As written in the trace ("1" for Base).
  condition::CondPtr Cond = condition::makeInt(1); ///< ConditionText, parsed.
  std::string File;
  unsigned Line = 0, EndLine = 0;
};

struct TraceFeature {
  std::string Name;
  bool Numeric = false;
  int64_t Value = 0;
};

/// One calling context: [parent, region, calls, inclusive_ns], or, when
/// the runtime timed only a sample of its visits, [parent, region, calls,
/// timed_ns, timed].
struct TraceNode {
  int64_t Parent = -1; ///< -1 for a top-level node, else a smaller index.
  uint32_t Region = 0;
  uint64_t Calls = 0;
  /// The visits whose time was measured (== Calls unless sampled) and
  /// their total inclusive time.
  uint64_t Timed = 0;
  double TimedNs = 0;
  /// The inclusive time of all Calls visits: TimedNs scaled by Calls /
  /// Timed (exact when every visit was timed), plus the estimated time of
  /// the folded visits.
  double InclusiveNs = 0;
  /// Of Calls, the visits after the region folded: counted in the caller's
  /// node, not recorded (no marker cost), their time estimated from the
  /// region's timed visits (applyFoldedVisits).
  uint64_t FoldedCalls = 0;
  /// The visits the runtime recorded (and whose markers cost).
  uint64_t recordedCalls() const { return Calls - FoldedCalls; }
  /// Calls is not this context's exact count: a node of a region whose
  /// folded visits were spread over its contexts by a random sample (a
  /// trace without their counts per context), a node under a node of a
  /// folded counted region (recorded only in its sampled visits), or a
  /// node of a region seen called from one (a call from a folded visit is
  /// recorded under the folded function's caller). The region's total per
  /// thread stays exact (TraceThread::Folded); such a count witnesses nothing
  /// per context (applyFoldedVisits).
  bool CountEstimated = false;
};

/// Folded visits of a region under a feature condition in a thread's
/// trace ("folded": [region, visits]), and a node whose visits include
/// some the fold's random gap picked ("fold_samples": [node, samples]).
struct TraceFoldedVisits {
  uint32_t Region = 0;
  uint64_t Visits = 0;
};
struct TraceFoldSamples {
  int64_t Node = 0; ///< Index into the thread's Nodes.
  uint64_t Samples = 0;
};
/// The folded visits counted in one context ("folded_nodes": [node,
/// visits]; runtimes since session 22): exact, summing per region to the
/// thread's TraceFoldedVisits.
struct TraceFoldedNode {
  int64_t Node = 0; ///< Index into the thread's Nodes.
  uint64_t Visits = 0;
};

/// Calls x the mean of the timed visits (TimedNs when Timed is 0 or Calls).
double estimatedInclusiveNs(const TraceNode &N);

struct CallTrace;

/// Adds each thread's folded visits to the region's nodes in that thread:
/// the count of each context where the trace has it (FoldedNodes, exact),
/// else spread in proportion to their fold samples (to their recorded
/// visits if none has one; older traces): the count into Calls and
/// FoldedCalls, their time into InclusiveNs as the count times the
/// region's mean self time per recorded visit (overhead taken out; over
/// every node of the region in the trace). The callers' self time, which
/// held that time, loses it. Marks the nodes whose counts this makes
/// estimates (CountEstimated).
/// Called by the reader.
void applyFoldedVisits(CallTrace &T);

struct TraceThread {
  int64_t Tid = 0;
  std::string Name;
  bool Main = false;
  /// Its lifetime, in ns since the runtime's start: the first region's
  /// entry and the last exit of a top-level scope (the write if a scope is
  /// still open). Absent (HasLifetime false) in traces written before the
  /// runtime recorded it.
  bool HasLifetime = false;
  double StartNs = 0, EndNs = 0;
  /// The main thread's innermost open node (an index into its Nodes) when
  /// this thread ended: where main waited for it. -1 when main was in no
  /// region (or for the main thread itself).
  int64_t MainNodeAtEnd = -1;
  std::vector<TraceNode> Nodes;
  /// As read: the visits of each folded counted region in this thread
  /// after its fold, an exact count (applyFoldedVisits adds them to Nodes
  /// and keeps them here), the same per context and the fold samples
  /// (both cleared once added).
  std::vector<TraceFoldedVisits> Folded;
  std::vector<TraceFoldedNode> FoldedNodes;
  std::vector<TraceFoldSamples> FoldSamples;
};

/// Absolute CLOCK_MONOTONIC times (ns), comparable between processes.
struct ProcessTimes {
  /// Written by the runtime: the start of its start-up, the end of it (the
  /// origin of wall_ns and of the threads' lifetimes), the trace's write.
  double InitNs = 0, StartNs = 0, WriteNs = 0;
  /// Added by `varsim run` once the process had exited: just before it
  /// launched the process and just after it saw it exit. 0 when unknown.
  double LaunchNs = 0, ExitNs = 0;
  bool hasRuntimeTimes() const { return WriteNs > 0; }
  bool hasLaunchTimes() const { return ExitNs > LaunchNs && LaunchNs > 0; }
};

/// The process's CPU time over the run ("cpu", written by the runtime at
/// start-up and at the trace's write; absent in traces of older runtimes).
/// CpuNs / WallNs is the share of the run the process was on a CPU, for the
/// CPU time base (model/TimeBase.h).
struct ProcessCpuTimes {
  bool Present = false;
  double WallNs = 0;       ///< CLOCK_MONOTONIC over the interval.
  double CpuNs = 0;        ///< CLOCK_PROCESS_CPUTIME_ID: all threads' CPU time.
  double ThreadNs = 0;     ///< CLOCK_THREAD_CPUTIME_ID of the writing thread.
  int64_t Threads = 0;     ///< Threads that ran instrumented code.
  bool MainWrites = false; ///< The writing thread is the one that ran main.
};

/// Added by `varsim run` with a native reference (--native-build): the
/// native variant of Config ran just before and just after this run, and
/// took BeforeNs and AfterNs (wall, spawn to exit).
struct NativeReferenceTimes {
  std::string Config;
  double BeforeNs = 0, AfterNs = 0;
  /// The same runs' CPU time (wait4: user + system, their children's
  /// included); 0 in traces of varsim runs from before it was recorded.
  double BeforeCpuNs = 0, AfterCpuNs = 0;
  /// With `varsim run --native-variants`: the native variant of this run's
  /// own configuration ran right after it (before the reference's run
  /// after), and took VariantNs (wall) and VariantCpuNs (CPU); 0 without.
  double VariantNs = 0, VariantCpuNs = 0;
  /// This run's measure of the machine's speed: the faster of the two. On
  /// a shared machine a burst of other work stretches one native run now
  /// and then (0.69 s instead of 0.12 s, test/accuracy/depth_limit at load
  /// 13); the mean would carry it into every time of this run, while the
  /// drift between two neighbouring runs is small.
  double speedNs() const { return std::min(BeforeNs, AfterNs); }
};

struct CallTrace {
  std::string Path; ///< The file it was read from, for messages.
  std::string Program;
  int64_t Pid = 0, ParentPid = 0;
  /// The trace of a child process after fork(): its work belongs to the run
  /// of the trace whose Pid is ParentPid.
  bool ForkChild = false;
  std::string Config; ///< The CONFIG string that ran.
  /// The rewrite's build id compiled into the simulator (empty in traces
  /// of simulators from before build ids); `varsim model` checks it
  /// against the manifest's.
  std::string BuildId;
  std::vector<TraceFeature> Features;
  std::vector<TraceRegion> Regions; ///< Indexed by region id.
  std::string ClockSource; ///< "tsc", "clock_gettime", "test", or empty.
  double InnerNs = 0;      ///< Calibration: per-visit cost inside a node.
  double OuterNs = 0;      ///< Calibration: per-visit cost outside it.
  /// Calibration: the whole cost of a visit that was not timed (it falls
  /// in the parent's interval). 0 in traces without sampling.
  double UntimedNs = 0;
  /// Calibration: the whole cost of a folded counted visit (counted in its
  /// caller's node, neither recorded nor timed: it falls in the caller's
  /// interval). 0 in traces of runtimes before session 31.
  double FoldedNs = 0;
  double WallNs = 0;
  /// Regions the runtime folded (tiny hot functions), by id: a Base one's
  /// later visits are neither counted nor recorded (their time is their
  /// callers' self time), so its counts are not exact.
  std::vector<uint32_t> FoldedRegions;
  /// Of those (the runtime lists them in both), the functions under a
  /// feature condition whose folded visits were counted per thread
  /// (TraceThread::Folded): their visits per thread are exact, their split
  /// over calling contexts an estimate (TraceNode::CountEstimated).
  std::vector<uint32_t> CountedFoldRegions;
  ProcessTimes Times;
  ProcessCpuTimes Cpu;
  std::optional<NativeReferenceTimes> Native;
  uint64_t Dropped = 0;
  std::vector<TraceThread> Threads;

  /// The instrumentation's cost inside N's estimated inclusive time (every
  /// visit's InnerNs) and outside it, in its parent's time beyond what N's
  /// estimate already carries: OuterNs per timed visit, UntimedNs - InnerNs
  /// per untimed one, FoldedNs per folded one (TraceNode::FoldedCalls).
  /// Equation 2 with overhead correction is self(n) = incl(n) - inner(n) - sum
  /// over children c (incl(c) + outer(c)).
  double innerOverheadNs(const TraceNode &N) const;
  double outerOverheadNs(const TraceNode &N) const;

  /// The value of a feature in this run (0 if the trace does not list it).
  int64_t featureValue(llvm::StringRef Name) const;
  /// The thread that ran main (in a fork child: the forking thread), or
  /// nullptr.
  const TraceThread *mainThread() const;
  /// The process's wall time that no region of the main thread saw and
  /// that a variant built without varsim also spends: launching the
  /// process up to the runtime's start-up, the program's own static
  /// initialisation and destruction around main, and the exit. The
  /// runtime's own start-up (calibration) and trace writing are left out.
  /// std::nullopt unless `varsim run` recorded the launch (Times).
  std::optional<double> untracedNs() const;
};

inline constexpr llvm::StringLiteral CallTraceFormat = "varsim-calltrace";
inline constexpr int CallTraceVersion = 1;

/// Reads and checks a calltrace.json. Errors are `file: error: ...`.
llvm::Expected<CallTrace> readCallTrace(llvm::StringRef Path);

/// The trace files named by the arguments of `varsim model`: a trace file
/// stands for itself; the run index written by `varsim run`
/// (`"format": "varsim-run-index"`, OUT/traces/index.json) or a directory
/// holding one stands for the traces it lists. Each trace appears once, so
/// `OUT/traces/*.json` (the index and the traces it lists) works too.
llvm::Expected<std::vector<std::string>>
expandTraceArguments(llvm::ArrayRef<std::string> Arguments);

/// Parses the text of a calltrace.json (Path only names it in errors).
llvm::Expected<CallTrace> parseCallTrace(llvm::StringRef Text,
                                         llvm::StringRef Path);

} // namespace varsim::callgraph

#endif // VARSIM_CALLGRAPH_CALLTRACE_H
