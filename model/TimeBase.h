//===- model/TimeBase.h - Wall or on-CPU time for a run's contexts -*- C++ -*-//
//
// On a shared machine a run is preempted for a share of its wall time that
// changes from run to run (2 cores, load 8-26: one model went from 3 % to
// 80 % MAPE). The runtime records the process's CPU time and its wall time
// over the run ("cpu", docs/calltrace-format.md), reading the clocks at
// start-up and at the trace's write only. With the CPU time base each
// run's times are multiplied by cpu / wall, the share of the run the
// process was on a CPU: a preempted run is brought back to its on-CPU
// time, on the assumption that preemption is spread over the run as its
// contexts are. The native reference runs beside it (varsim run
// --native-build) are then taken as CPU times as well (wait4), so that
// calibrateToNative compares like with like.
//
// A process's CPU time sums its threads: for a run with several threads
// that used the CPU the ratio is not a share, so such runs (and traces
// without the figures) are refused when the CPU time base was asked for,
// and make the default fall back to wall time with a warning.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_MODEL_TIMEBASE_H
#define VARSIM_MODEL_TIMEBASE_H

#include "callgraph/CallTrace.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace varsim::model {

enum class TimeBase { Wall, Cpu };

/// The time base of `varsim model` and `varsim validate` without --time
/// (docs/benchmarks.md has the measurements behind it).
constexpr TimeBase DefaultTimeBase = TimeBase::Cpu;

llvm::StringRef timeBaseName(TimeBase B);
/// "wall" or "cpu"; std::nullopt for anything else.
std::optional<TimeBase> parseTimeBase(llvm::StringRef Name);

/// Why T's run counts as multi-threaded (several threads ran instrumented
/// code, or threads other than the writing one used the CPU beyond the
/// clocks' granularity), or std::nullopt. Needs T's "cpu" figures.
std::optional<std::string> severalThreads(const callgraph::CallTrace &T);

/// Why T's times cannot be put on the CPU time base (no "cpu" figures,
/// several threads on the CPU, a native reference without CPU times), or
/// std::nullopt when they can.
std::optional<std::string> cpuTimeProblem(const callgraph::CallTrace &T);

/// The share of T's run its process was on a CPU: cpu / wall, at most 1.
/// Only for traces without a cpuTimeProblem.
double onCpuShare(const callgraph::CallTrace &T);

/// What applyTimeBase did, for the notes and MODEL.json.
struct TimeBaseChoice {
  TimeBase Used = TimeBase::Wall;
  /// Why the default (CPU) fell back to wall time; empty otherwise.
  std::string Warning;
  /// The smallest and largest on-CPU share of the runs (CPU base only).
  double LowestShare = 1, HighestShare = 1;

  /// "time base: cpu (...shares...)" or "time base: wall", for a note.
  std::string describe() const;
};

/// Puts every trace on time base Requested. Wall leaves them alone. Cpu
/// scales each trace by its onCpuShare and replaces its native reference
/// times by their CPU times. When a trace has a cpuTimeProblem: with
/// Explicit (the user asked for cpu) a located error, and nothing is
/// changed; else all traces stay on wall time and Warning says why.
llvm::Expected<TimeBaseChoice>
applyTimeBase(std::vector<callgraph::CallTrace> &Traces, TimeBase Requested,
              bool Explicit);

} // namespace varsim::model

#endif // VARSIM_MODEL_TIMEBASE_H
