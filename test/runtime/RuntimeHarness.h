//===- test/runtime/RuntimeHarness.h - Build, run, read a simulator -------===//
//
// The runtime tests compile small hand-instrumented C and C++ programs
// (test/runtime/programs/) against a generated header, run them and read the
// calltrace.json they write. This is the plumbing they share.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_TEST_RUNTIME_RUNTIMEHARNESS_H
#define VARSIM_TEST_RUNTIME_RUNTIMEHARNESS_H

#include "runtime/SimulatorTables.h"

#include "llvm/Support/Error.h"

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

namespace varsim::runtime::test {

/// Features Root (abstract root) > {Core (mandatory), Codec (abstract) >
/// {GZIP, LZ4}, LOGGING}, LEVEL (numeric 0..5, default 1); constraint
/// !(GZIP && LZ4); default config "LOGGING,LEVEL=2"; regions 0..7 (kinds
/// function, with 3 and 6 of kind region).
SimulatorTables testTables();

/// A compiler invocation: the driver and the flags that select the dialect.
struct Toolchain {
  std::string Driver;   ///< gcc, clang-19, g++, clang++-19
  std::string Standard; ///< -std=c99, -std=c++17, ...; may add flags (-O0)
};

/// For readable test names in CTest and gtest output.
void PrintTo(const Toolchain &TC, std::ostream *OS);

struct RunResult {
  int ExitCode = -1; ///< When the program exited.
  int Signal = 0;    ///< When it was killed by a signal.
  std::string Out, Err;
};

using Environment = std::vector<std::pair<std::string, std::string>>;

/// A scratch directory holding varsim_runtime.h and varsim_generated.h.
class Sandbox {
public:
  explicit Sandbox(const SimulatorTables &Tables = testTables());
  ~Sandbox();
  Sandbox(const Sandbox &) = delete;
  Sandbox &operator=(const Sandbox &) = delete;

  const std::string &dir() const { return Dir; }
  std::string path(const std::string &Name) const;

  /// Compiles one object per program source (paths relative to
  /// test/runtime/programs) into Name.o files; the empty string on success,
  /// the compiler's output otherwise. ExtraFlags are added to the defaults
  /// (warnings as errors, the header's own warnings visible).
  std::string compile(const Toolchain &TC, const std::string &Source,
                      const std::string &Object,
                      const std::string &ExtraFlags = "-DVARSIM_TEST_CLOCK");
  /// Links Objects (and archives) into Exe with Linker.
  std::string link(const std::string &Linker,
                   const std::vector<std::string> &Objects,
                   const std::string &Exe);
  /// compile + link of a one-file program.
  std::string build(const Toolchain &TC, const std::string &Source,
                    const std::string &Exe,
                    const std::string &ExtraFlags = "-DVARSIM_TEST_CLOCK");
  /// Runs Exe (with Args, already quoted as needed) in the sandbox with
  /// VARSIM_* cleared and Env set.
  RunResult run(const std::string &Exe, const Environment &Env = {},
                const std::string &Args = "");
  /// Runs a shell command in the sandbox; its exit status.
  int shell(const std::string &Command, std::string *Output = nullptr);

private:
  std::string Dir;
};

struct TraceNode {
  int64_t Parent = -1;
  /// InclusiveNs is the time of the Timed visits (Timed == Calls unless the
  /// node was sampled: a fifth element in the trace).
  uint64_t Region = 0, Calls = 0, InclusiveNs = 0, Timed = 0;
};

struct TraceThread {
  int64_t Tid = 0;
  std::string Name;
  bool Main = false, Exited = false;
  uint64_t OpenScopes = 0, Dropped = 0, Repaired = 0;
  /// Lifetime since the runtime's start; main's node at the end, or -1.
  uint64_t StartNs = 0, EndNs = 0;
  int64_t MainNodeAtEnd = -1;
  std::vector<TraceNode> Nodes;
  /// "folded": visits of folded regions under a feature condition after
  /// the fold, counted, not recorded: {region, visits}; "folded_nodes":
  /// the same per context, {node, visits}; "fold_samples": the nodes whose
  /// recorded visits the fold's random gap picked: {node, samples}.
  std::vector<std::array<uint64_t, 2>> Folded, FoldedNodes, FoldSamples;

  /// The nodes keyed by their region path from the top, e.g. "0/2/3".
  std::map<std::string, TraceNode> byPath() const;
  /// Sum of the calls of every descendant of node I.
  uint64_t descendantCalls(size_t I) const;
  /// Sum of the timed visits of every descendant of node I.
  uint64_t descendantTimed(size_t I) const;
};

struct Trace {
  std::string Config, ClockSource;
  std::optional<std::string> ConfigRequested;
  std::map<std::string, int64_t> Features;
  size_t RegionCount = 0;
  double InnerNs = 0, OuterNs = 0, UntimedNs = 0, TicksPerNs = 0;
  double FoldedNs = -1; ///< -1: not in the trace.
  /// "sampling": the period (0: every visit timed), the mean visit below
  /// which a node is sampled, the timed visit beyond which a sampled node
  /// leaves it out, the timed visits before a node may be sampled.
  uint64_t SamplePeriod = 0, SampleWarmup = 0;
  double SampleBelowNs = 0, SampleOutlierNs = 0;
  /// "folding": whether tiny hot functions may fold, which did, and which
  /// of those (under a feature condition) had their folded visits counted.
  bool FoldEnabled = false;
  std::vector<uint64_t> FoldedRegions, CountedRegions;
  uint64_t WallNs = 0, Dropped = 0, Repaired = 0;
  /// "monotonic": absolute CLOCK_MONOTONIC of start-up, its end, the write.
  uint64_t MonoInitNs = 0, MonoStartNs = 0, MonoWriteNs = 0;
  /// "cpu": the interval of wall_ns on CLOCK_MONOTONIC, the process's and
  /// the writing thread's CPU time over it, the threads that ran
  /// instrumented code, and whether main wrote the trace.
  uint64_t CpuWallNs = 0, CpuNs = 0, ThreadCpuNs = 0, CpuThreads = 0;
  bool MainWrites = false;
  int64_t Pid = 0, ParentPid = 0;
  bool ForkChild = false;
  std::vector<TraceThread> Threads;

  const TraceThread *mainThread() const;
};

/// Reads a calltrace.json and checks it against docs/calltrace-format.md
/// (fields, types, the node encoding); an error names what is wrong.
llvm::Expected<Trace> readTrace(const std::string &Path);

/// The contents of a file, or an empty string.
std::string readFile(const std::string &Path);

} // namespace varsim::runtime::test

#endif // VARSIM_TEST_RUNTIME_RUNTIMEHARNESS_H
