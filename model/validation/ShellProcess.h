//===- model/validation/ShellProcess.h - Timed shell commands ---*- C++ -*-===//
//
// Runs one user command through `/bin/sh -c`, with its output sent to files,
// extra environment variables, and an optional time limit. The command runs
// in its own process group so that a time-out kills everything it started
// (a `make` and its compilers, a shell and its pipeline), not only the shell.
// The wall time is taken around spawn and wait only; the time-out watchdog
// sleeps on a condition variable, so it costs the measurement nothing.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_MODEL_VALIDATION_SHELLPROCESS_H
#define VARSIM_MODEL_VALIDATION_SHELLPROCESS_H

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace varsim::validation {

struct ShellCommand {
  std::string Command; ///< Passed to /bin/sh -c as is.
  /// Where stdout and stderr go ("" = /dev/null). The same path for both
  /// sends them to one file.
  std::string StdoutPath;
  std::string StderrPath;
  /// Added to (or replacing in) the inherited environment.
  std::vector<std::pair<std::string, std::string>> Environment;
  std::optional<double> TimeoutSeconds;
};

struct ShellResult {
  bool Started = false; ///< False: could not spawn (see SpawnError).
  std::string SpawnError;
  bool TimedOut = false; ///< Killed by the time limit.
  int ExitCode = -1;     ///< When it exited normally.
  int Signal = 0;        ///< When a signal ended it (0 otherwise).
  double WallSeconds = 0;
  double CpuSeconds = 0; ///< User + system time of the command's children.

  bool succeeded() const {
    return Started && !TimedOut && Signal == 0 && ExitCode == 0;
  }
  /// "exit code 3", "killed by signal 11 (Segmentation fault)", "timed out
  /// after 2 s", "could not start: ...", or "ok".
  std::string describe(std::optional<double> Timeout = std::nullopt) const;
};

/// Runs C and waits for it (and for the time limit).
ShellResult runShell(const ShellCommand &C);

} // namespace varsim::validation

#endif // VARSIM_MODEL_VALIDATION_SHELLPROCESS_H
