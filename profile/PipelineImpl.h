//===- profile/PipelineImpl.h - The profile pipeline's pieces -*- C++ -*-===//
//
// Internal to `varsim profile` (Pipeline.h): the stages and the pipeline
// that runs them. Pipeline.cpp sets the pipeline up and runs one stage (or
// reuses its recorded outputs); PipelineStages.cpp runs the stages in
// order and writes their commands.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_PROFILE_PIPELINEIMPL_H
#define VARSIM_PROFILE_PIPELINEIMPL_H

#include "profile/Pipeline.h"
#include "profile/Progress.h"
#include "profile/StageCache.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace varsim::profile::pipeline {

/// P made absolute, without `.` and `..`.
std::string absolute(llvm::StringRef P);
std::string joinPath(llvm::StringRef A, llvm::StringRef B);
/// Path is Dir or lies below it.
bool inside(llvm::StringRef Path, llvm::StringRef Dir);
/// Single-quoted for /bin/sh.
std::string shq(llvm::StringRef S);
std::string replaceAll(std::string S, llvm::StringRef From, llvm::StringRef To);
/// A file whose change may change the compile database.
bool isSourceOrBuildFile(llvm::StringRef Name);
/// The last Lines lines of File.
std::string tail(llvm::StringRef File, size_t Lines);

/// The stages in order; validate only with --validate.
enum Stage { CompileDb, Rewrite, BuildSim, Run, Model, Validate, Report };
inline constexpr const char *StageNames[] = {
    "compile database", "rewrite", "build simulator", "run", "model",
    "validate",         "report"};

class Pipeline {
public:
  Pipeline(const ProfileOptions &O, llvm::raw_ostream &Out, bool Terminal)
      : O(O), Out(Out), Terminal(Terminal) {}

  llvm::Expected<ProfileResult> run();

private:
  llvm::Error setUp();
  /// Runs Command (shell, in Cwd) as stage S unless Key is recorded and
  /// every output exists. Returns whether it ran; a failure names the
  /// command and shows the end of its log.
  llvm::Expected<bool> stage(Stage S, llvm::StringRef What,
                             const std::string &Command, llvm::StringRef Cwd,
                             const StageKey &Key,
                             const std::vector<std::string> &Outputs,
                             int *ExitCode = nullptr);
  llvm::Expected<bool> reuseOr(Stage S, llvm::StringRef What,
                               const StageKey &Key,
                               const std::vector<std::string> &Outputs,
                               const std::function<llvm::Error()> &Do);
  std::string logOf(Stage S) const {
    std::string N = StageNames[S];
    std::replace(N.begin(), N.end(), ' ', '-');
    return joinPath(joinPath(OutDir, "logs"), N + ".log");
  }
  size_t indexOf(Stage S) const {
    return static_cast<size_t>(std::find(Order.begin(), Order.end(), S) -
                               Order.begin());
  }
  /// The rewrite's project root and feature model, from the manifest.
  llvm::Error readManifest();
  std::string simulatorBuildCommand() const;
  std::string variantBuildCommand() const;
  /// The workload on a variant built by variantBuildCommand ({dir}).
  std::string variantRunCommand() const;
  /// The --configure-arg words, each quoted, each after a space.
  std::string configureArgs() const;

  const ProfileOptions &O;
  llvm::raw_ostream &Out;
  bool Terminal;
  BuildSystem Build = BuildSystem::Auto;
  std::string Project; ///< Its directory (absolute).
  std::string OutDir, CompileCommands, SimDir, SimBuild, SimBin;
  std::string ProjectRoot, FeatureModel, Varsim, VarsimKey, Generator;
  std::vector<Stage> Order;
  std::unique_ptr<StageCache> Cache;
  std::unique_ptr<llvm::raw_fd_ostream> Log;
  std::unique_ptr<Progress> P;
};

} // namespace varsim::profile::pipeline

#endif // VARSIM_PROFILE_PIPELINEIMPL_H
