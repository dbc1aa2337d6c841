//===- profile/Pipeline.cpp - From a project to a report in one go --------===//

#include "profile/Pipeline.h"

#include "manifest/Manifest.h"
#include "model/validation/ShellProcess.h"
#include "profile/Progress.h"
#include "profile/StageCache.h"
#include "report/HtmlReport.h"
#include "support/Diagnostic.h"
#include "support/SourceFiles.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

#include <functional>

namespace varsim::profile {
namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

std::optional<BuildSystem> parseBuildSystem(llvm::StringRef Name) {
  if (Name == "auto")
    return BuildSystem::Auto;
  if (Name == "cmake")
    return BuildSystem::CMake;
  if (Name == "make")
    return BuildSystem::Make;
  if (Name == "meson")
    return BuildSystem::Meson;
  if (Name == "compdb")
    return BuildSystem::CompileDb;
  return std::nullopt;
}

llvm::StringRef buildSystemName(BuildSystem B) {
  switch (B) {
  case BuildSystem::Auto:
    return "auto";
  case BuildSystem::CMake:
    return "cmake";
  case BuildSystem::Make:
    return "make";
  case BuildSystem::Meson:
    return "meson";
  case BuildSystem::CompileDb:
    return "compdb";
  }
  return "auto";
}

namespace {

std::string absolute(llvm::StringRef P) {
  llvm::SmallString<256> A(P);
  fs::make_absolute(A);
  path::remove_dots(A, true);
  return std::string(A);
}

std::string joinPath(llvm::StringRef A, llvm::StringRef B) {
  llvm::SmallString<256> P(A);
  path::append(P, B);
  return std::string(P);
}

bool inside(llvm::StringRef Path, llvm::StringRef Dir) {
  return Path == Dir || Path.starts_with((Dir + "/").str());
}

/// Single-quoted for /bin/sh.
std::string shq(llvm::StringRef S) {
  std::string Out = "'";
  for (char C : S) {
    if (C == '\'')
      Out += "'\\''";
    else
      Out += C;
  }
  return Out + "'";
}

std::string replaceAll(std::string S, llvm::StringRef From,
                       llvm::StringRef To) {
  for (size_t At = S.find(From); At != std::string::npos;
       At = S.find(From, At + To.size()))
    S.replace(At, From.size(), To.str());
  return S;
}

bool isSourceOrBuildFile(llvm::StringRef Name) {
  llvm::StringRef Ext = path::extension(Name);
  return classifySourceFile(Name) ||
         llvm::is_contained({".cmake", ".in", ".mk", ".build", ".txt"}, Ext) ||
         Name == "Makefile" || Name == "makefile" || Name == "GNUmakefile" ||
         Name == "meson_options.txt";
}

std::string tail(llvm::StringRef File, size_t Lines) {
  auto Buffer = llvm::MemoryBuffer::getFile(File);
  if (!Buffer)
    return "";
  llvm::StringRef Text = (*Buffer)->getBuffer().rtrim();
  size_t At = Text.size();
  for (size_t N = 0; N < Lines && At != llvm::StringRef::npos && At > 0; ++N)
    At = Text.rfind('\n', At - 1);
  return (At == llvm::StringRef::npos ? Text : Text.substr(At + 1)).str();
}

/// The stages in order; validate only with --validate.
enum Stage { CompileDb, Rewrite, BuildSim, Run, Model, Validate, Report };
constexpr const char *StageNames[] = {
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

llvm::Error Pipeline::setUp() {
  if (O.RunCommand.empty())
    return makeError("no --run command: give the workload, e.g. --run "
                     "'{bin}/app input.txt'");
  std::string Given = absolute(O.Project);
  Build = O.Build;
  if (fs::is_regular_file(Given)) {
    if (Build != BuildSystem::Auto && Build != BuildSystem::CompileDb)
      return makeError(Given, 0, 0,
                       "a file, not a project directory (--build-system " +
                           buildSystemName(Build).str() +
                           " wants the project's directory)");
    Build = BuildSystem::CompileDb;
    CompileCommands = Given;
    Project = path::parent_path(Given).str();
  } else if (fs::is_directory(Given)) {
    Project = Given;
    if (Build == BuildSystem::Auto) {
      auto Has = [&](llvm::StringRef F) {
        return fs::exists(joinPath(Given, F));
      };
      if (Has("CMakeLists.txt"))
        Build = BuildSystem::CMake;
      else if (Has("meson.build"))
        Build = BuildSystem::Meson;
      else if (Has("Makefile") || Has("makefile") || Has("GNUmakefile"))
        Build = BuildSystem::Make;
      else if (Has("compile_commands.json")) {
        Build = BuildSystem::CompileDb;
        CompileCommands = joinPath(Given, "compile_commands.json");
      } else
        return makeError(Given, 0, 0,
                         "no CMakeLists.txt, meson.build, Makefile or "
                         "compile_commands.json: give the compile database "
                         "or --build-system");
    } else if (Build == BuildSystem::CompileDb) {
      CompileCommands = joinPath(Given, "compile_commands.json");
    }
  } else {
    return makeError(Given, 0, 0, "no such project directory or file");
  }
  if (Build == BuildSystem::CompileDb && O.SimulatorBuildCommand.empty())
    return makeError("with a compile database varsim cannot know how to "
                     "build the simulator: give --sim-build 'CMD' ({src} is "
                     "the rewritten project, {bin} its build directory)");
  OutDir = absolute(O.OutDir.empty() ? defaultOutDir(Project) : O.OutDir);
  if (inside(OutDir, Project) && Build != BuildSystem::CompileDb)
    return makeError(OutDir, 0, 0,
                     "the output directory is inside the project ('" + Project +
                         "'); the rewrite mirrors the project, so choose "
                         "one outside it with -o");
  if (fs::exists(OutDir) && !fs::is_directory(OutDir))
    return makeError(OutDir, 0, 0, "exists and is not a directory");
  if (std::error_code EC = fs::create_directories(joinPath(OutDir, "logs")))
    return makeError(OutDir, 0, 0, "cannot create: " + EC.message());
  if (!O.FeatureModel.empty()) {
    FeatureModel = absolute(O.FeatureModel);
    if (!fs::is_regular_file(FeatureModel))
      return makeError(FeatureModel, 0, 0, "no such feature model");
  }
  Varsim = O.Varsim;
  fs::file_status St;
  if (fs::status(Varsim, St))
    return makeError(Varsim, 0, 0, "cannot find varsim's own executable");
  VarsimKey =
      Varsim + std::to_string(St.getSize()) +
      std::to_string(St.getLastModificationTime().time_since_epoch().count());
  Generator = llvm::sys::findProgramByName("ninja") ? " -G Ninja" : "";

  SimDir = joinPath(OutDir, "sim");
  SimBuild = Build == BuildSystem::Make ? joinPath(SimDir, "src")
                                        : joinPath(OutDir, "sim-build");
  SimBin = SimBuild;
  // Make: the database goes beside the copy, not into it (the rewrite
  // leaves the directory holding the compile database out of the mirror).
  if (Build == BuildSystem::CMake || Build == BuildSystem::Meson ||
      Build == BuildSystem::Make)
    CompileCommands =
        joinPath(joinPath(OutDir, "project-build"), "compile_commands.json");

  Order = {CompileDb, Rewrite, BuildSim, Run, Model};
  if (!O.ValidateSample.empty())
    Order.push_back(Validate);
  Order.push_back(Report);
  std::vector<std::string> Names;
  for (Stage S : Order)
    Names.push_back(StageNames[S]);
  std::error_code EC;
  Log = std::make_unique<llvm::raw_fd_ostream>(joinPath(OutDir, "profile.log"),
                                               EC, fs::OF_Append);
  if (EC)
    return makeError(joinPath(OutDir, "profile.log"), 0, 0,
                     "cannot write: " + EC.message());
  P = std::make_unique<Progress>(Names, Out, Terminal, Log.get());
  Cache = std::make_unique<StageCache>(joinPath(OutDir, ".varsim-profile"));
  P->note(llvm::formatv("varsim profile: {0} ({1} project) -> {2}", Project,
                        buildSystemName(Build), OutDir)
              .str());
  return llvm::Error::success();
}

llvm::Expected<bool> Pipeline::reuseOr(Stage S, llvm::StringRef What,
                                       const StageKey &Key,
                                       const std::vector<std::string> &Outputs,
                                       const std::function<llvm::Error()> &Do) {
  P->start(indexOf(S), What);
  bool Present =
      llvm::all_of(Outputs, [](const std::string &F) { return fs::exists(F); });
  if (!O.Force && Present && Cache->upToDate(StageNames[S], Key.hex())) {
    P->finish("reused (inputs unchanged)");
    return false;
  }
  if (llvm::Error E = Cache->invalidate(StageNames[S]))
    return E;
  if (llvm::Error E = Do()) {
    // The progress line gets the first line of the message; the error
    // itself goes up unchanged (with its file and line, if any).
    std::string First = "see below";
    E = llvm::handleErrors(
        std::move(E), [&](std::unique_ptr<LocatedError> L) -> llvm::Error {
          First = llvm::StringRef(L->text()).split('\n').first.str();
          return llvm::Error(std::move(L));
        });
    P->fail(First);
    return E;
  }
  if (llvm::Error E = Cache->record(StageNames[S], Key.hex()))
    return E;
  P->finish("done");
  return true;
}

llvm::Expected<bool> Pipeline::stage(Stage S, llvm::StringRef What,
                                     const std::string &Command,
                                     llvm::StringRef Cwd, const StageKey &Key,
                                     const std::vector<std::string> &Outputs,
                                     int *ExitCode) {
  return reuseOr(S, What, Key, Outputs, [&]() -> llvm::Error {
    std::string LogFile = logOf(S);
    {
      std::error_code EC;
      llvm::raw_fd_ostream L(LogFile, EC);
      if (!EC)
        L << "$ cd " << Cwd << " && " << Command << "\n";
    }
    validation::ShellCommand C;
    // The log gets the command line first, then the output (appended by
    // the shell, so that nothing is lost when it fails).
    C.Command = "cd " + shq(Cwd) + " && { " + Command + "; } >>" +
                shq(LogFile) + " 2>&1";
    C.Launch = validation::LaunchMode::Shell;
    validation::ShellResult R = validation::runShell(C);
    if (ExitCode)
      *ExitCode = R.exited() ? R.ExitCode : -1;
    if (R.succeeded() ||
        (ExitCode && R.exited() && R.ExitCode == 1 && S == Validate))
      return llvm::Error::success();
    return makeError(std::string(StageNames[S]) + " failed (" + R.describe() +
                     ")\n  command: " + Command + "\n  log: " + LogFile +
                     "\n  last lines of the log:\n" + tail(LogFile, 20));
  });
}

llvm::Error Pipeline::readManifest() {
  // Through the one manifest reader: a malformed manifest is reported
  // with its line and column, as plan, run and model report it.
  auto M = manifest::readManifestFile(joinPath(SimDir, "manifest.json"));
  if (!M)
    return M.takeError();
  ProjectRoot = M->ProjectRoot.empty() ? Project : M->ProjectRoot;
  if (FeatureModel.empty() && !M->FeatureModelPath.empty()) {
    // Relative to OUT (docs/manifest-format.md).
    llvm::StringRef FM = M->FeatureModelPath;
    FeatureModel = path::is_absolute(FM) ? FM.str() : joinPath(SimDir, FM);
    P->note("  feature model: " + FeatureModel +
            (M->ModelInferred ? " (inferred by the rewrite)" : ""));
  }
  return llvm::Error::success();
}

std::string Pipeline::simulatorBuildCommand() const {
  std::string Jobs = std::to_string(std::max(1u, O.Jobs));
  std::string Args;
  for (const std::string &A : O.ConfigureArgs)
    Args += " " + shq(A);
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
  std::string Args;
  for (const std::string &A : O.ConfigureArgs)
    Args += " " + shq(A);
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
    std::string Args;
    for (const std::string &A : O.ConfigureArgs)
      Args += " " + shq(A);
    Cmd0 = "cmake -S " + shq(Project) + " -B " +
           shq(joinPath(OutDir, "project-build")) + Generator + Args +
           " -DCMAKE_EXPORT_COMPILE_COMMANDS=ON";
    K0.addTree(Project, isSourceOrBuildFile, SkipDirs);
    break;
  }
  case BuildSystem::Meson: {
    std::string Args;
    for (const std::string &A : O.ConfigureArgs)
      Args += " " + shq(A);
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
  if (O.NativeReference) {
    std::string VB = variantBuildCommand();
    if (!VB.empty())
      Native = " --native-build " + shq(VB) + " --native-run " +
               shq(variantRunCommand());
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

} // namespace

std::string defaultOutDir(llvm::StringRef ProjectDir) {
  std::string Project = absolute(ProjectDir);
  std::string Name = path::filename(Project).str();
  llvm::SmallString<256> Cwd;
  if (!fs::current_path(Cwd) && !inside(Cwd, Project))
    return joinPath(Cwd, "varsim-" + Name);
  return joinPath(path::parent_path(Project), Name + ".varsim");
}

llvm::Expected<ProfileResult> runProfile(const ProfileOptions &Options,
                                         llvm::raw_ostream &Out,
                                         bool Terminal) {
  Pipeline P(Options, Out, Terminal);
  return P.run();
}

} // namespace varsim::profile
