//===- driver/NativeReference.cpp - A native run beside each sim run ------===//

#include "driver/NativeReference.h"

#include "driver/RunProcess.h"
#include "model/validation/Placeholders.h"
#include "model/validation/ShellProcess.h"
#include "support/Diagnostic.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

#include <cstring>

#include <sys/wait.h>

namespace varsim::driver {
namespace {

/// The last Lines lines of the file at Path, indented, for a message.
std::string tailOf(llvm::StringRef Path, size_t Lines = 8) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  if (!Buffer)
    return "";
  llvm::SmallVector<llvm::StringRef> All;
  (*Buffer)->getBuffer().rtrim().split(All, '\n');
  std::string Out;
  for (size_t I = All.size() > Lines ? All.size() - Lines : 0; I < All.size();
       ++I)
    Out += "\n    " + All[I].str();
  return Out;
}

} // namespace

llvm::Expected<NativeReference>
NativeReference::build(llvm::StringRef BuildCommand, llvm::StringRef RunCommand,
                       llvm::StringRef Config, llvm::StringRef Defines,
                       llvm::StringRef WorkDir,
                       validation::ExitCodes Accepted) {
  llvm::SmallString<256> Dir(WorkDir);
  llvm::sys::fs::make_absolute(Dir);
  llvm::SmallString<256> BuildDir(Dir);
  llvm::sys::path::append(BuildDir, "build");
  if (std::error_code EC = llvm::sys::fs::create_directories(BuildDir))
    return makeError(BuildDir, 0, 0,
                     "cannot create the native reference's build directory: " +
                         EC.message());
  validation::PlaceholderValues Values{std::string(BuildDir), Defines.str(),
                                       Config.str()};
  NativeReference R;
  R.Config = Config.str();
  R.Accepted = std::move(Accepted);
  llvm::SmallString<256> BuildLog(Dir), RunLog(Dir);
  llvm::sys::path::append(BuildLog, "build.log");
  llvm::sys::path::append(RunLog, "run.log");
  R.LogPath = std::string(RunLog);

  validation::ShellCommand C;
  C.Command = validation::expandPlaceholders(BuildCommand, Values);
  C.Launch = validation::LaunchMode::Shell;
  C.StdoutPath = C.StderrPath = std::string(BuildLog);
  validation::ShellResult S = validation::runShell(C);
  if (!S.succeeded())
    return makeError("the native reference (CONFIG '" + R.Config +
                     "') did not build: " + S.describe() +
                     " (command: " + C.Command + "); log " +
                     std::string(BuildLog) + tailOf(BuildLog) +
                     "\n  (--no-native-reference runs without it)");

  R.Command = validation::expandPlaceholders(RunCommand, Values);
  if (std::optional<std::vector<std::string>> Words =
          validation::splitSimpleCommand(R.Command)) {
    std::string Program = Words->front();
    if (!llvm::StringRef(Program).contains('/')) {
      auto Found = llvm::sys::findProgramByName(Program);
      if (!Found)
        return makeError("--native-run: program '" + Program +
                         "' not found in PATH");
      Program = *Found;
    }
    R.Argv = std::move(*Words);
    R.Argv.insert(R.Argv.begin(), Program); // Path to spawn, then argv.
  } else {
    R.Argv = {"/bin/sh", "/bin/sh", "-c", R.Command};
  }
  return R;
}

llvm::Expected<int64_t> NativeReference::run() {
  std::vector<std::string> Args(Argv.begin() + 1, Argv.end());
  std::vector<std::string> Env = environmentWith({});
  int64_t LaunchNs = monotonicNs();
  llvm::Expected<StartedRun> Started =
      startRun(Argv.front(), Args, Env, LogPath);
  if (!Started)
    return Started.takeError();
  RunningGroup = Started->OwnGroup ? Started->Pid : 0;
  RunningPid = Started->Pid;
  if (InterruptSignal)
    signalRun(*Started, InterruptSignal);
  bool Killed = false;
  int Status = waitForRun(*Started, Killed);
  RunningPid = 0;
  RunningGroup = 0;
  int64_t ExitNs = monotonicNs();
  if (InterruptSignal)
    return makeError("the native reference run was interrupted (" +
                     std::string(::strsignal(InterruptSignal)) + ")");
  std::string Why;
  if (WIFSIGNALED(Status))
    Why = std::string("it was killed by signal ") +
          std::to_string(WTERMSIG(Status)) + " (" +
          ::strsignal(WTERMSIG(Status)) + ")";
  else if (!WIFEXITED(Status) || !Accepted.accepts(WEXITSTATUS(Status)))
    Why = "it exited with code " + std::to_string(WEXITSTATUS(Status)) +
          " (--exit-code accepts " + Accepted.str() + ")";
  if (!Why.empty())
    return makeError("the native reference run (CONFIG '" + Config +
                     "') failed: " + Why + " (command: " + Command +
                     "); output in " + LogPath + tailOf(LogPath));
  Times.push_back(ExitNs - LaunchNs);
  return ExitNs - LaunchNs;
}

} // namespace varsim::driver
