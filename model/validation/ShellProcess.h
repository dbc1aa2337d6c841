//===- model/validation/ShellProcess.h - Timed shell commands ---*- C++ -*-===//
//
// Runs one user command, with its output sent to files, extra environment
// variables, and an optional time limit. A simple command (words, quoted or
// not, and no shell syntax: no $ ` \ | & ; < > ( ) * ? [ # ~ { } or
// newline, no VAR=value prefix) whose program is found is launched directly, as
// the shell would launch it; anything else runs through `/bin/sh -c`. The
// direct launch spares each measured run a shell's start-up (about 0.5 ms)
// that the variant itself does not spend. The command runs
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

/// How a command is started.
enum class LaunchMode {
  Auto,  ///< Directly when it is a simple command, else /bin/sh -c.
  Shell, ///< Always /bin/sh -c.
};

struct ShellCommand {
  std::string Command; ///< Shell syntax; passed to /bin/sh -c when needed.
  LaunchMode Launch = LaunchMode::Auto;
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
  bool Direct = false;   ///< Launched without a shell.
  bool TimedOut = false; ///< Killed by the time limit.
  int ExitCode = -1;     ///< When it exited normally.
  int Signal = 0;        ///< When a signal ended it (0 otherwise).
  double WallSeconds = 0;
  double CpuSeconds = 0; ///< User + system time of the command's children.

  bool succeeded() const { return exited() && ExitCode == 0; }
  /// Ran to its end and returned an exit code (no time-out, no signal).
  bool exited() const { return Started && !TimedOut && Signal == 0; }
  /// The signal that ended the program: Signal, or, for a shell that
  /// reports its child's signal N as exit code 128 + N, N.
  int effectiveSignal() const;
  /// "exit code 3", "killed by signal 11 (Segmentation fault)", "timed out
  /// after 2 s", "could not start: ...", or "ok".
  std::string describe(std::optional<double> Timeout = std::nullopt) const;
};

/// Runs C and waits for it (and for the time limit).
ShellResult runShell(const ShellCommand &C);

/// The words of Command if it is a simple command that a shell would run
/// as the program named by its first word with the others as arguments
/// (words separated by blanks; '...' quoting, and "..." quoting without a
/// dollar, backquote or backslash inside); std::nullopt if it needs a shell.
std::optional<std::vector<std::string>>
splitSimpleCommand(const std::string &Command);

} // namespace varsim::validation

#endif // VARSIM_MODEL_VALIDATION_SHELLPROCESS_H
