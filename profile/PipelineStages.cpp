//===- profile/PipelineStages.cpp - The profile's stages in order ---------===//
//
// `varsim profile`'s stages in order (compile database, rewrite, simulator
// build, runs, model, validation, report), each run or reused by
// Pipeline.cpp, and the commands that build the simulator and the
// variants.
//
//===----------------------------------------------------------------------===//

#include "profile/PipelineImpl.h"

#include "model/validation/ShellProcess.h"
#include "report/HtmlReport.h"
#include "support/Diagnostic.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

namespace varsim::profile::pipeline {
namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

std::string Pipeline::configureArgs() const {
  std::string Args;
  for (const std::string &A : O.ConfigureArgs)
    Args += " " + shq(A);
  return Args;
}

std::string Pipeline::simulatorBuildCommand() const {
  std::string Jobs = std::to_string(std::max(1u, O.Jobs));
  std::string Args = configureArgs();
  if (!O.SimulatorBuildCommand.empty())
    return replaceAll(replaceAll(O.SimulatorBuildCommand, "{src}",
                                 shq(joinPath(SimDir, "src"))),
                      "{bin}", shq(SimBin));
  switch (Build) {
  case BuildSystem::CMake:
    return "cmake -S " + shq(joinPath(SimDir, "src")) + " -B " + shq(SimBuild) +
           Generator + Args + " && cmake --build " + shq(SimBuild) + " -j " +
           Jobs;
  case BuildSystem::Meson:
    return "if [ -d " + shq(joinPath(SimBuild, "meson-private")) +
           " ]; then meson setup --reconfigure " + shq(SimBuild) + " " +
           shq(joinPath(SimDir, "src")) + Args + "; else meson setup " +
           shq(SimBuild) + " " + shq(joinPath(SimDir, "src")) + Args +
           "; fi && meson compile -C " + shq(SimBuild);
  case BuildSystem::Make:
    // The project's object files came along with the mirror: -B rebuilds.
    return "make -B -C " + shq(SimBuild) + " -j " + Jobs;
  default:
    return "";
  }
}

std::string Pipeline::variantRunCommand() const {
  std::string VBin = Build == BuildSystem::Make ? "{dir}/src" : "{dir}";
  return "cd " + shq(ProjectRoot) + " && " +
         replaceAll(replaceAll(O.RunCommand, "{bin}", VBin), "{project}",
                    shq(ProjectRoot));
}

std::string Pipeline::variantBuildCommand() const {
  if (!O.VariantBuildCommand.empty())
    return O.VariantBuildCommand;
  std::string Args = configureArgs();
  switch (Build) {
  case BuildSystem::CMake:
    // Both languages: a C++ project ignores CMAKE_C_FLAGS and the other
    // way round.
    return "cmake -S " + shq(Project) + " -B {dir}" + Generator + Args +
           " -DCMAKE_C_FLAGS='{defines}' -DCMAKE_CXX_FLAGS='{defines}' "
           ">/dev/null && cmake --build {dir} >/dev/null";
  case BuildSystem::Meson:
    return "meson setup {dir} " + shq(Project) + Args +
           " -Dc_args='{defines}' -Dcpp_args='{defines}' >/dev/null && "
           "meson compile -C {dir} >/dev/null";
  case BuildSystem::Make:
    // A copy per variant, the defines added to the compilers.
    return "mkdir -p {dir}/src && cp -a " + shq(Project) +
           "/. {dir}/src/ && make -B -C {dir}/src CC=\"${CC:-cc} {defines}\" "
           "CXX=\"${CXX:-c++} {defines}\" >/dev/null";
  default:
    return "";
  }
}

llvm::Expected<ProfileResult> Pipeline::run() {
  if (llvm::Error E = setUp())
    return E;
  std::string Jobs = std::to_string(std::max(1u, O.Jobs));
  std::vector<std::string> SkipDirs = {OutDir};
  // 1. The compile database.
  StageKey K0;
  K0.add(buildSystemName(Build)).add(Project).add(VarsimKey);
  for (const std::string &A : O.ConfigureArgs)
    K0.add(A);
  std::string Cmd0;
  switch (Build) {
  case BuildSystem::CompileDb:
    K0.addFile(CompileCommands);
    break;
  case BuildSystem::CMake: {
    std::string Args = configureArgs();
    Cmd0 = "cmake -S " + shq(Project) + " -B " +
           shq(joinPath(OutDir, "project-build")) + Generator + Args +
           " -DCMAKE_EXPORT_COMPILE_COMMANDS=ON";
    K0.addTree(Project, isSourceOrBuildFile, SkipDirs);
    break;
  }
  case BuildSystem::Meson: {
    std::string Args = configureArgs();
    std::string B = joinPath(OutDir, "project-build");
    Cmd0 = "rm -rf " + shq(B) + " && meson setup " + shq(B) + " " +
           shq(Project) + Args;
    K0.addTree(Project, isSourceOrBuildFile, SkipDirs);
    break;
  }
  case BuildSystem::Make: {
    // bear records the compilations of a build; it runs on a copy, so
    // that the user's tree gets no objects and a full build is recorded.
    std::string Copy = joinPath(OutDir, "project");
    if (!llvm::sys::findProgramByName("bear"))
      return makeError("a Make project needs bear (Debian: apt-get install "
                       "bear) to record its compile database; or give the "
                       "compile database itself");
    Cmd0 = "rm -rf " + shq(Copy) + " && mkdir -p " + shq(Copy) + " && cp -a " +
           shq(Project) + "/. " + shq(Copy) + "/ && cd " + shq(Copy) +
           " && mkdir -p " + shq(joinPath(OutDir, "project-build")) +
           " && bear --output " + shq(CompileCommands) + " -- make -B -j " +
           Jobs;
    K0.addTree(Project, isSourceOrBuildFile, SkipDirs);
    break;
  }
  case BuildSystem::Auto:
    break;
  }
  if (Build == BuildSystem::CompileDb) {
    if (auto R = reuseOr(CompileDb, "the given " + CompileCommands, K0,
                         {CompileCommands},
                         [&]() -> llvm::Error {
                           if (!fs::exists(CompileCommands))
                             return makeError(CompileCommands, 0, 0,
                                              "no such compile database");
                           return llvm::Error::success();
                         });
        !R)
      return R.takeError();
  } else if (auto R = stage(CompileDb,
                            "export the compile database with " +
                                buildSystemName(Build).str(),
                            Cmd0, Project, K0, {CompileCommands});
             !R) {
    return R.takeError();
  }

  // 2. The rewrite.
  StageKey K1;
  K1.add(K0.hex()).addFile(CompileCommands);
  if (!FeatureModel.empty())
    K1.addFile(FeatureModel);
  std::string Cmd1 = shq(Varsim) + " rewrite " + shq(CompileCommands) +
                     (FeatureModel.empty() ? "" : " -f " + shq(FeatureModel)) +
                     " -o " + shq(SimDir) + " -j " + Jobs;
  if (auto R = stage(Rewrite, "varsim rewrite (and the data-flow checks)", Cmd1,
                     OutDir, K1, {joinPath(SimDir, "manifest.json")});
      !R)
    return R.takeError();
  if (llvm::Error E = readManifest())
    return E;

  // 3. The simulator, with the project's own build system.
  StageKey K2;
  std::string Cmd2 = simulatorBuildCommand();
  K2.add(K1.hex()).add(Cmd2);
  if (auto R = stage(BuildSim,
                     "build the simulator with " +
                         (O.SimulatorBuildCommand.empty()
                              ? buildSystemName(Build).str()
                              : std::string("--sim-build")),
                     Cmd2, OutDir, K2, {SimBin});
      !R)
    return R.takeError();

  // 4. The planned runs, in the project's directory.
  std::string RunCmd =
      replaceAll(replaceAll(O.RunCommand, "{bin}", shq(SimBin)), "{project}",
                 shq(ProjectRoot));
  StageKey K3;
  K3.add(K2.hex()).add(RunCmd).add(O.ExitCodes);
  // The workload's files may live anywhere in the project.
  K3.addTree(ProjectRoot, [](llvm::StringRef) { return true; }, SkipDirs);
  // The native reference beside the simulator's runs, built as validate
  // builds a variant, where the build system gives a recipe.
  std::string Native;
  if (O.NativeReference || O.NativeVariants) {
    std::string VB = variantBuildCommand();
    if (!VB.empty())
      Native = " --native-build " + shq(VB) + " --native-run " +
               shq(variantRunCommand());
    if (!Native.empty() && O.NativeVariants)
      Native += " --native-variants";
  }
  K3.add(Native);
  std::string Cmd3 = shq(Varsim) + " run " + shq(SimDir) + " --exit-code " +
                     shq(O.ExitCodes) + Native + " -- /bin/sh -c " +
                     shq("cd " + shq(ProjectRoot) + " && " + RunCmd);
  if (auto R = stage(Run, "varsim run (the simulator, once per planned run)",
                     Cmd3, ProjectRoot, K3,
                     {joinPath(joinPath(SimDir, "traces"), "index.json")});
      !R)
    return R.takeError();

  // 5. The model.
  std::string ModelPath = joinPath(OutDir, "model.json");
  StageKey K4;
  K4.add(K3.hex());
  if (!FeatureModel.empty())
    K4.addFile(FeatureModel);
  std::string Cmd4 = shq(Varsim) + " model " + shq(SimDir) +
                     (FeatureModel.empty() ? "" : " -f " + shq(FeatureModel)) +
                     " -o " + shq(ModelPath) + " --dot " +
                     shq(joinPath(OutDir, "callgraph.dot")) + " >" +
                     shq(joinPath(OutDir, "model.txt"));
  if (auto R = stage(Model, "varsim model", Cmd4, OutDir, K4,
                     {ModelPath, joinPath(OutDir, "model.txt")});
      !R)
    return R.takeError();

  // 6. Validation on a sample of real variants.
  ProfileResult Result;
  Result.OutDir = OutDir;
  std::string ValidationDir;
  StageKey K5;
  if (!O.ValidateSample.empty()) {
    ValidationDir = joinPath(OutDir, "validation");
    std::string VB = variantBuildCommand();
    if (VB.empty())
      return makeError("--validate with a compile database needs "
                       "--variant-build 'CMD' ({dir}, {defines})");
    std::string VRun = variantRunCommand();
    // A bare number N is a random sample of N variants.
    std::string Sample = O.ValidateSample;
    if (llvm::all_of(Sample, llvm::isDigit))
      Sample = "random:" + Sample;
    K5.add(K4.hex()).add(K0.hex()).add(VB).add(VRun).add(Sample);
    K5.add(std::to_string(O.Repeat));
    std::string Cmd5 =
        shq(Varsim) + " validate --model " + shq(ModelPath) + " -f " +
        shq(FeatureModel) + " --build " + shq(VB) + " --run " + shq(VRun) +
        " --sample " + shq(Sample) + " --repeat " + std::to_string(O.Repeat) +
        " -j " + Jobs + " --exit-code " + shq(O.ExitCodes) + " --report " +
        shq(ValidationDir) + " >" + shq(joinPath(OutDir, "validation.txt"));
    if (auto R =
            stage(Validate,
                  "varsim validate (build and measure real variants: " +
                      O.ValidateSample + ")",
                  Cmd5, OutDir, K5, {joinPath(ValidationDir, "results.json")},
                  &Result.ValidateExit);
        !R)
      return R.takeError();
    if (Result.ValidateExit == 1) {
      // Not recorded: the next run measures again.
      (void)Cache->invalidate(StageNames[Validate]);
      P->note("  validate: a variant failed or its output differed (" +
              joinPath(OutDir, "validation.txt") + ")");
    }
  }

  // 7. The report.
  std::string ReportDir = joinPath(OutDir, "report");
  StageKey K6;
  K6.add(K4.hex()).add(K5.hex()).add(VarsimKey).add(O.RunCommand);
  if (!ValidationDir.empty())
    K6.addFile(joinPath(ValidationDir, "results.json"));
  if (auto R = reuseOr(
          Report, "write the report", K6, {joinPath(ReportDir, "index.html")},
          [&]() -> llvm::Error {
            report::ReportInputs In;
            In.OutDir = SimDir;
            In.ModelPath = ModelPath;
            In.ValidationDir = ValidationDir;
            In.RunCommand = O.RunCommand;
            In.Title = path::filename(Project).str();
            auto Written = report::writeProfileReport(In, ReportDir);
            if (!Written)
              return Written.takeError();
            return llvm::Error::success();
          });
      !R)
    return R.takeError();
  Result.ReportPath = joinPath(ReportDir, "index.html");
  P->note(llvm::formatv("varsim profile: done in {0:F1} s", P->totalSeconds())
              .str());
  return Result;
}

} // namespace varsim::profile::pipeline
