//===- test/common/RewriteHarness.h - Rewrite, build, run, compare -*- C++
//-*-===//
//
// Small projects written into a temporary directory, rewritten with
// rewriteProject, the simulator compiled with cc/c++ from OUT, and every
// valid configuration run twice: the variant compiled from the ORIGINAL
// sources with -D flags, and the simulator with VARSIM_CONFIG. Their stdout
// and exit codes must agree.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_TEST_COMMON_REWRITEHARNESS_H
#define VARSIM_TEST_COMMON_REWRITEHARNESS_H

#include "rewrite/Rewriter.h"
#include "test/common/Shell.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <map>
#include <string>
#include <vector>

namespace varsim::rewrite::test {

using varsim::test::RunOutcome;
using varsim::test::shell;

/// A throw-away project: files relative to its root, a compile database
/// of one entry per source (.c/.cpp) file.
class TempProject {
public:
  explicit TempProject(std::map<std::string, std::string> Files,
                       bool Cxx = false);
  ~TempProject();

  const std::string &root() const { return Root; }
  std::string compileCommands() const {
    return Root + "/build/compile_commands.json";
  }
  std::string out() const { return Root + "/build/varsim"; }

  /// Rewrites into out(); the error text (file:line:col: error: ...) or "".
  /// Progress and warnings go to Log when given.
  std::string rewrite(Granularity G = Granularity::Region,
                      const std::string &Model = "",
                      llvm::raw_ostream *Log = nullptr);

  /// Contents of every file under the root except build/, for comparing
  /// before and after.
  std::map<std::string, std::string> snapshot() const;

  /// Builds the simulator from out() and the variant of Defines from the
  /// originals, runs both, returns {variant, simulator}.
  std::pair<RunOutcome, RunOutcome>
  runBoth(const std::string &Config, const std::vector<std::string> &Defines);

  /// Every valid configuration of the model with its -D flags.
  std::vector<std::pair<std::string, std::vector<std::string>>>
  configurations(const std::string &ModelPath) const;

  /// Checks every valid configuration; returns "" or a description of the
  /// first difference.
  std::string checkAllConfigurations(const std::string &ModelPath);

  std::string readOut(const std::string &Rel) const;

  /// The rewrite's manifest.json, parsed.
  llvm::Expected<llvm::json::Value> readManifest() const;

private:
  bool buildSimulator(std::string &Log);
  std::string Root;
  bool Cxx;
  bool SimulatorBuilt = false;
};

} // namespace varsim::rewrite::test

#endif // VARSIM_TEST_COMMON_REWRITEHARNESS_H
