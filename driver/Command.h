//===- driver/Command.h - A subcommand of the varsim tool -------*- C++ -*-===//
//
// The driver is thin: main.cpp owns the top-level parser and exit codes; each
// subcommand lives in its own file, declares its options on a CLI11
// subcommand, and calls into the libraries. Commands report failures with
// support/Diagnostic.h and return an exit code.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_DRIVER_COMMAND_H
#define VARSIM_DRIVER_COMMAND_H

#include <CLI/CLI.hpp>

#include <memory>

namespace varsim::driver {

/// Exit codes shared by every subcommand.
enum ExitCode : int {
  ExitSuccess = 0,
  ExitFailure = 1, ///< Bad input, a failed stage, an invalid configuration.
  ExitUsage = 2,   ///< Unknown subcommand or option, missing argument.
};

class Command {
public:
  virtual ~Command() = default;

  /// Declares the options and positional arguments on Sub, and sets its
  /// description and a footer with examples (shown by `--help`).
  virtual void addOptions(CLI::App &Sub) = 0;

  /// Runs after a successful parse. Returns the exit code.
  virtual int run() = 0;
};

/// What main.cpp knows of a subcommand: its name, a one-line summary for
/// `varsim --help`, and its factory.
struct CommandInfo {
  const char *Name;
  const char *Summary;
  std::unique_ptr<Command> (*Make)();
};

/// `--strength N` of `plan` and `run` (plan/Plan.h): one
/// wording for both.
inline void addStrengthOption(CLI::App &Sub, unsigned &Strength) {
  Sub.add_option("--strength", Strength,
                 "Observe a region influenced by more than N variables "
                 "under every combination of each N of them only (a "
                 "covering array; default 2; a number at least the "
                 "number of features: every combination)")
      ->type_name("N")
      ->check(CLI::PositiveNumber);
}

std::unique_ptr<Command> makeRewriteCommand();
std::unique_ptr<Command> makePlanCommand();
std::unique_ptr<Command> makeRunCommand();
std::unique_ptr<Command> makeModelCommand();
std::unique_ptr<Command> makePredictCommand();
std::unique_ptr<Command> makeValidateCommand();
std::unique_ptr<Command> makeFeaturesCommand();
std::unique_ptr<Command> makeProfileCommand();

} // namespace varsim::driver

#endif // VARSIM_DRIVER_COMMAND_H
