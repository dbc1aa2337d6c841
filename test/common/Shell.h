//===- test/common/Shell.h - A shell command's exit and output --*- C++ -*-===//
//
// Tests that compile and run programs (variants, simulators) run them
// through the shell; one helper instead of a copy per test file.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_TEST_COMMON_SHELL_H
#define VARSIM_TEST_COMMON_SHELL_H

#include <map>
#include <string>
#include <vector>

namespace varsim::test {

struct RunOutcome {
  int Exit = -1; ///< -1 if the command did not exit normally.
  std::string Stdout;
};

/// Runs Command with /bin/sh; its stdout and exit code.
RunOutcome shell(const std::string &Command);

/// Writes Files (relative path -> text) to a new directory, compiles its
/// .c and .cpp files as C11, or C++17 if Cxx (headers found through -I of
/// the directory), with Defines, runs the program and removes the
/// directory. A build that fails: its exit code, and Stdout "does not
/// compile: " and the compiler's output.
RunOutcome compileAndRun(const std::map<std::string, std::string> &Files,
                         const std::vector<std::string> &Defines, bool Cxx);

} // namespace varsim::test

#endif // VARSIM_TEST_COMMON_SHELL_H
