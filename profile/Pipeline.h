//===- profile/Pipeline.h - From a project to a report in one go -*- C++
//-*-===//
//
// `varsim profile`'s stages, over the existing commands: export the
// project's compile database (CMake, Meson, Make under bear, or a given
// compile_commands.json), `varsim rewrite`, build the simulator with the
// project's own build system, `varsim run` (plan and runs), `varsim model`,
// optionally `varsim validate` on a sample of real variants, and the report
// (report/). Each stage runs as its own process with its output in
// OUT/logs/<stage>.log, and is skipped when its inputs are unchanged since
// it last succeeded (profile/StageCache.h). docs/profile.md.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_PROFILE_PIPELINE_H
#define VARSIM_PROFILE_PIPELINE_H

#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>
#include <vector>

namespace varsim::profile {

enum class BuildSystem { Auto, CMake, Make, Meson, CompileDb };

/// "auto", "cmake", "make", "meson", "compdb"; nullopt for another name.
std::optional<BuildSystem> parseBuildSystem(llvm::StringRef Name);
llvm::StringRef buildSystemName(BuildSystem B);

struct ProfileOptions {
  /// The project's directory, or its compile_commands.json.
  std::string Project;
  BuildSystem Build = BuildSystem::Auto;
  /// A FeatureIDE or SPL Conqueror model; empty: the rewrite infers one.
  std::string FeatureModel;
  /// The workload, a shell command run in the project's directory. {bin}
  /// is the directory the program was built in (the simulator's build
  /// directory; for validation, each variant's), {project} the project's
  /// directory.
  std::string RunCommand;
  /// Everything goes here; empty: chosen by defaultOutDir.
  std::string OutDir;
  /// Extra arguments for the project's configure step (cmake/meson).
  std::vector<std::string> ConfigureArgs;
  /// Replaces the simulator's build command (shell; {src} is the rewritten
  /// project, {bin} its build directory). Required for a compile database.
  std::string SimulatorBuildCommand;
  /// The exit code(s) of a good run ("0", "0,1", "any").
  std::string ExitCodes = "0";
  /// Empty: no validation; else validate's --sample (e.g. "8", "all",
  /// "pairwise").
  std::string ValidateSample;
  unsigned Repeat = 3;
  unsigned Jobs = 1;
  /// Replaces the variants' build command for validation ({dir},
  /// {defines}, as `varsim validate --build`).
  std::string VariantBuildCommand;
  /// Run every stage even if its inputs did not change.
  bool Force = false;
  /// `varsim run` with the native reference: the variants' build command
  /// builds the plan's first configuration natively and runs it beside
  /// every simulator run (docs/plan.md). Off by default: the calibration
  /// assumes one slowdown for every configuration, which measured worse on
  /// a sample whose slowdown differs per configuration.
  bool NativeReference = false;
  /// Implies NativeReference: `varsim run --native-variants`, each planned
  /// configuration's native variant built and run beside its simulator run
  /// (one build per run), the model's last terms fitted to their times.
  bool NativeVariants = false;
  /// The varsim executable the stages run (this process's, normally).
  std::string Varsim;
};

struct ProfileResult {
  std::string OutDir;
  std::string ReportPath; ///< OUT/report/index.html
  /// `varsim validate`'s exit code when it ran (1: a variant failed or an
  /// output differed; the report is still written).
  int ValidateExit = 0;
};

/// OUT when -o is not given: ./varsim-<project> when the working directory
/// is outside the project, else <project>/../<project>.varsim (the rewrite
/// refuses an output inside the project's sources).
std::string defaultOutDir(llvm::StringRef ProjectDir);

/// Runs the pipeline. Progress goes to Out (live on a terminal) and to
/// OUT/profile.log. Fails with the failing stage, its command and the end
/// of its log.
llvm::Expected<ProfileResult> runProfile(const ProfileOptions &Options,
                                         llvm::raw_ostream &Out, bool Terminal);

} // namespace varsim::profile

#endif // VARSIM_PROFILE_PIPELINE_H
