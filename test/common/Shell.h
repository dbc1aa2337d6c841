//===- test/common/Shell.h - A shell command's exit and output --*- C++ -*-===//
//
// Tests that compile and run programs (variants, simulators) run them
// through the shell; one helper instead of a copy per test file.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_TEST_COMMON_SHELL_H
#define VARSIM_TEST_COMMON_SHELL_H

#include <string>

namespace varsim::test {

struct RunOutcome {
  int Exit = -1; ///< -1 if the command did not exit normally.
  std::string Stdout;
};

/// Runs Command with /bin/sh; its stdout and exit code.
RunOutcome shell(const std::string &Command);

} // namespace varsim::test

#endif // VARSIM_TEST_COMMON_SHELL_H
