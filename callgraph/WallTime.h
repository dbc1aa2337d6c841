//===- callgraph/WallTime.h - The wall-time view of a trace -----*- C++ -*-===//
//
// What counts in a model is the program's wall time. A trace holds one tree
// per thread, and adding up the trees counts CPU time instead: a phase in
// which workers run in parallel counts once per worker, and the main
// thread's wait for them (in an uninstrumented join) counts as the self
// time of the node where it waited. The wall-time view corrects both:
//
//  - Worker threads (every thread but main) whose lifetimes overlap form a
//    parallel phase; the phase lasts from the first start to the last end.
//  - At each moment of a phase, the k workers alive share that moment's
//    wall time equally (1/k each); a worker's share over its lifetime,
//    divided by its corrected self time, is the factor by which its nodes'
//    times are scaled. Balanced workers get 1/k; the slowest worker's tail,
//    when it runs alone, counts in full: the phase's shares add up to its
//    length, its critical path.
//  - The main thread was waiting meanwhile, in the node that was its
//    innermost open one when the phase's last worker ended (the runtime
//    records it). That node's self time loses the phase's length (at most
//    its own self time: main may have worked during part of the phase), and
//    the workers' shares are scaled to what it lost, so that the run's total
//    stays the main thread's, which is the wall time.
//  - Without a node where main waited (main was in no region), the workers
//    keep their shares and nothing is taken from main.
//
// A trace without lifetimes (older runtimes), with the test clock, without a
// main thread that entered a region, or without other threads is left as
// recorded. Threads created by workers are counted as workers of the same
// phase (their creator's wait is not recognised).
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_CALLGRAPH_WALLTIME_H
#define VARSIM_CALLGRAPH_WALLTIME_H

#include "callgraph/CallTrace.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace varsim::callgraph {

/// Worker threads whose lifetimes overlap.
struct ParallelPhase {
  double StartNs = 0, EndNs = 0; ///< The union of their lifetimes.
  std::vector<size_t> Threads;   ///< Indices into CallTrace::Threads.
  int64_t MainNode = -1;         ///< Where main waited, or -1.
  double WaitNs = 0;             ///< Taken from MainNode's self time.
  double lengthNs() const { return EndNs - StartNs; }
};

struct WallTimeView {
  /// False: the trace is left as recorded (see above); the vectors are
  /// then all ones and zeros.
  bool Applied = false;
  std::vector<double> ThreadScale;    ///< Per thread: factor for its times.
  std::vector<double> MainNodeWaitNs; ///< Per node of main: ns to subtract.
  std::vector<ParallelPhase> Phases;
};

/// The corrected self time of each node of a thread (Equation 2 with the
/// trace's calibrated overhead taken out).
std::vector<double> correctedSelfTimes(const CallTrace &T,
                                       const TraceThread &Th);

WallTimeView computeWallTimeView(const CallTrace &T);

} // namespace varsim::callgraph

#endif // VARSIM_CALLGRAPH_WALLTIME_H
