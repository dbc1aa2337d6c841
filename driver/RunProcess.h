//===- driver/RunProcess.h - Launching and timing one run -------*- C++ -*-===//
//
// What `varsim run` needs to launch a program, time it from spawn to exit,
// forward Ctrl-C to it and stop it when it does not stop, and record the
// times in the trace it wrote (docs/calltrace-format.md, "process" and
// "native"). Used for the simulator's runs and for the native reference
// runs between them (driver/NativeReference.h).
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_DRIVER_RUNPROCESS_H
#define VARSIM_DRIVER_RUNPROCESS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <csignal>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <signal.h>
#include <sys/resource.h>
#include <sys/types.h>

namespace varsim::driver {

/// The environment of this process with each Name set to its Value.
std::vector<std::string> environmentWith(
    const std::vector<std::pair<std::string, std::string>> &Settings);

/// Ctrl-C (or SIGTERM) while a run is under way: the handler forwards it
/// to the run's process group and remembers it, so that varsim stops after
/// that run with a message instead of dying silently. The handler is
/// installed without SA_RESTART: the wait for the run returns on EINTR and
/// from then on is bounded (waitForRun), since a signal that reaches the
/// simulator's shell between its fork and exec, or a program that ignores
/// it, would otherwise keep varsim waiting forever.
extern volatile std::sig_atomic_t InterruptSignal;
extern volatile std::sig_atomic_t InterruptCount;
extern volatile std::sig_atomic_t RunningPid;
/// The run's process group when it has one of its own, else 0.
extern volatile std::sig_atomic_t RunningGroup;

/// Installs the handler for SIGINT and SIGTERM while it lives.
class InterruptGuard {
public:
  InterruptGuard();
  ~InterruptGuard();
  InterruptGuard(const InterruptGuard &) = delete;
  InterruptGuard &operator=(const InterruptGuard &) = delete;

private:
  struct sigaction OldInt{}, OldTerm{};
};

/// How long a run may take to stop after varsim forwarded a signal to it
/// before varsim kills its process group (a second signal kills at once).
constexpr int KillAfterSignalMs = 3000;

/// A started run: its pid, and its process group if it has its own.
struct StartedRun {
  pid_t Pid = -1;
  bool OwnGroup = false;
};

/// Starts Program with Args (Args[0] is its name) and Env. The run gets a
/// process group of its own (so that a signal or SIGKILL reaches a shell's
/// children too) unless it reads a terminal: a background group reading
/// the terminal would be stopped (SIGTTIN), and the terminal's Ctrl-C
/// reaches the whole foreground group anyway. StdoutPath, when given,
/// receives the run's standard output and error (else varsim's). With
/// NullStdin the run reads /dev/null instead of varsim's standard input
/// (the native reference's runs and build: input meant for the simulator
/// must not be consumed by them, and a terminal must not stop them).
llvm::Expected<StartedRun>
startRun(const std::string &Program, const std::vector<std::string> &Args,
         const std::vector<std::string> &Env,
         const std::optional<std::string> &StdoutPath = std::nullopt,
         bool NullStdin = false);

/// A run waited for to its end.
struct FinishedRun {
  int Status = 0;                   ///< The wait status.
  bool Killed = false;              ///< varsim killed it (waitForRun).
  int64_t LaunchNs = 0, ExitNs = 0; ///< monotonicNs() around spawn and wait.
  /// Its CPU time (wait4: user + system, its waited-for children's too).
  int64_t CpuNs = 0;
};

/// startRun, then waitForRun with the run registered for the interrupt
/// handler (RunningPid, RunningGroup) while it lasts, and a signal that
/// came before it had a pid forwarded to it. The one way varsim run
/// launches anything: the simulator, the native reference's build and
/// runs. After it, InterruptSignal says whether Ctrl-C came.
llvm::Expected<FinishedRun>
runToEnd(const std::string &Program, const std::vector<std::string> &Args,
         const std::vector<std::string> &Env,
         const std::optional<std::string> &StdoutPath = std::nullopt,
         bool NullStdin = false);

/// "exit code N" or "killed by signal N (name)" for a wait status.
std::string describeStatus(int Status);

/// Runs shorter than this are timed mostly by process start-up and the
/// scheduler's granularity, not by the program: varsim run warns.
constexpr double ShortRunSeconds = 0.05;

/// Sends Signal to the run (its group if it has one).
void signalRun(const StartedRun &R, int Signal);

/// Waits for the run. Until a signal arrives the wait blocks (no polling,
/// so the measured interval is the run's); after one it polls for
/// KillAfterSignalMs at most, or until a second signal, and then kills
/// the run's process group. Returns the wait status; sets Killed when
/// varsim had to kill it, and Usage (when given) to the run's resource use.
int waitForRun(const StartedRun &R, bool &Killed,
               struct rusage *Usage = nullptr);

/// CLOCK_MONOTONIC in ns (steady_clock is CLOCK_MONOTONIC on Linux, the
/// clock the runtime writes in "monotonic").
int64_t monotonicNs();

/// The native reference run beside a simulator run: its configuration and
/// the wall times of the native runs just before and just after it.
struct NativeTimes {
  std::string Config;
  int64_t BeforeNs = 0, AfterNs = 0;
  int64_t BeforeCpuNs = 0, AfterCpuNs = 0; ///< The same runs' CPU time.
  /// --native-variants: the native variant of the run's own configuration,
  /// run right after it (0: none).
  int64_t VariantNs = 0, VariantCpuNs = 0;
};

/// Adds `"process": {"launch_ns": L, "exit_ns": E}` (and, with Native,
/// `"native": {...}`) as the last fields of the trace's top-level object
/// (rewritten atomically). The runtime ends the object with its closing
/// brace, so the fields go before it.
llvm::Error addProcessTimes(llvm::StringRef Trace, int64_t LaunchNs,
                            int64_t ExitNs,
                            const std::optional<NativeTimes> &Native);

} // namespace varsim::driver

#endif // VARSIM_DRIVER_RUNPROCESS_H
