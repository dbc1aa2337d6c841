//===- driver/NativeReference.cpp - A native run beside each sim run ------===//

#include "driver/NativeReference.h"

#include "driver/RunProcess.h"
#include "model/validation/BuildDir.h"
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

llvm::Expected<NativeReference>
NativeReference::build(llvm::StringRef BuildCommand, llvm::StringRef RunCommand,
                       llvm::StringRef Config, llvm::StringRef Defines,
                       llvm::StringRef WorkDir, validation::ExitCodes Accepted,
                       llvm::StringRef What) {
  llvm::SmallString<256> Dir(WorkDir);
  llvm::sys::fs::make_absolute(Dir);
  llvm::SmallString<256> BuildDir(Dir), Stamp(Dir);
  llvm::sys::path::append(BuildDir, "build");
  llvm::sys::path::append(Stamp, "build.stamp");
  validation::PlaceholderValues Values{std::string(BuildDir), Defines.str(),
                                       Config.str()};
  std::string Command = validation::expandPlaceholders(BuildCommand, Values);
  // As validate does: a directory left by another configuration's build
  // (or another build command) starts afresh, its CMake cache included.
  if (std::error_code EC =
          validation::prepareBuildDir(BuildDir, Stamp, Command))
    return makeError(BuildDir, 0, 0,
                     "cannot prepare " + What.str() +
                         "'s build directory: " + EC.message());
  NativeReference R;
  R.Config = Config.str();
  R.What = What.str();
  R.Accepted = std::move(Accepted);
  llvm::SmallString<256> BuildLog(Dir), RunLog(Dir);
  llvm::sys::path::append(BuildLog, "build.log");
  llvm::sys::path::append(RunLog, "run.log");
  R.LogPath = std::string(RunLog);

  // Launched as the simulator's runs are (driver/RunProcess.h): in a
  // process group of its own that Ctrl-C is forwarded to, reading no input.
  llvm::Expected<FinishedRun> Built =
      runToEnd("/bin/sh", {"/bin/sh", "-c", Command}, environmentWith({}),
               std::string(BuildLog), /*NullStdin=*/true);
  if (!Built)
    return Built.takeError();
  if (InterruptSignal)
    return makeError(R.What + "'s build was interrupted (" +
                     std::string(::strsignal(InterruptSignal)) + ")");
  if (!WIFEXITED(Built->Status) || WEXITSTATUS(Built->Status) != 0)
    return makeError(R.What + " (CONFIG '" + R.Config +
                     "') did not build: " + describeStatus(Built->Status) +
                     " (command: " + Command + "); log " +
                     std::string(BuildLog) + validation::tailOf(BuildLog) +
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
  llvm::Expected<FinishedRun> Done =
      runToEnd(Argv.front(), Args, environmentWith({}), LogPath,
               /*NullStdin=*/true);
  if (!Done)
    return Done.takeError();
  int Status = Done->Status;
  if (InterruptSignal)
    return makeError(What + "'s run was interrupted (" +
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
    return makeError(What + "'s run (CONFIG '" + Config + "') failed: " + Why +
                     " (command: " + Command + "); output in " + LogPath +
                     validation::tailOf(LogPath));
  Times.push_back(Done->ExitNs - Done->LaunchNs);
  CpuTimes.push_back(Done->CpuNs);
  return Times.back();
}

} // namespace varsim::driver
