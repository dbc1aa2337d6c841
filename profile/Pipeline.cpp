//===- profile/Pipeline.cpp - From a project to a report in one go --------===//
//
// `varsim profile`: the options checked and the paths set up, and one
// stage run or its recorded outputs reused (StageCache.h); the stages in
// order are in PipelineStages.cpp.
//
//===----------------------------------------------------------------------===//

#include "profile/Pipeline.h"

#include "manifest/Manifest.h"
#include "model/validation/ShellProcess.h"
#include "profile/PipelineImpl.h"
#include "support/Diagnostic.h"
#include "support/SourceFiles.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

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

namespace pipeline {

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

} // namespace pipeline

using namespace pipeline;

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
