//===- driver/RunProcess.cpp - Launching and timing one run ---------------===//

#include "driver/RunProcess.h"

#include "support/Diagnostic.h"
#include "support/Output.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <cstring>
#include <thread>

#include <cerrno>
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

namespace varsim::driver {

std::vector<std::string> environmentWith(
    const std::vector<std::pair<std::string, std::string>> &Settings) {
  std::vector<std::string> Env;
  for (char **E = environ; E && *E; ++E) {
    llvm::StringRef Entry(*E);
    bool Replaced = false;
    for (const auto &[Name, Value] : Settings)
      Replaced |= Entry.starts_with(Name + "=");
    if (!Replaced)
      Env.push_back(Entry.str());
  }
  for (const auto &[Name, Value] : Settings)
    Env.push_back(Name + "=" + Value);
  return Env;
}

volatile std::sig_atomic_t InterruptSignal = 0;
volatile std::sig_atomic_t InterruptCount = 0;
volatile std::sig_atomic_t RunningPid = 0;
volatile std::sig_atomic_t RunningGroup = 0;

namespace {
extern "C" void onInterrupt(int Signal) {
  InterruptSignal = Signal;
  InterruptCount = InterruptCount + 1;
  if (RunningGroup > 0)
    ::kill(-static_cast<pid_t>(RunningGroup), Signal);
  else if (RunningPid > 0)
    ::kill(static_cast<pid_t>(RunningPid), Signal);
}

} // namespace

InterruptGuard::InterruptGuard() {
  struct sigaction A{};
  A.sa_handler = onInterrupt;
  sigemptyset(&A.sa_mask);
  A.sa_flags = 0; // No SA_RESTART: waitpid returns EINTR (header).
  sigaction(SIGINT, &A, &OldInt);
  sigaction(SIGTERM, &A, &OldTerm);
}

InterruptGuard::~InterruptGuard() {
  sigaction(SIGINT, &OldInt, nullptr);
  sigaction(SIGTERM, &OldTerm, nullptr);
}

llvm::Expected<StartedRun>
startRun(const std::string &Program, const std::vector<std::string> &Args,
         const std::vector<std::string> &Env,
         const std::optional<std::string> &StdoutPath, bool NullStdin) {
  std::vector<char *> Argv, Envp;
  for (const std::string &A : Args)
    Argv.push_back(const_cast<char *>(A.c_str()));
  Argv.push_back(nullptr);
  for (const std::string &E : Env)
    Envp.push_back(const_cast<char *>(E.c_str()));
  Envp.push_back(nullptr);
  posix_spawnattr_t Attr;
  posix_spawnattr_init(&Attr);
  posix_spawn_file_actions_t Files;
  posix_spawn_file_actions_init(&Files);
  if (StdoutPath) {
    posix_spawn_file_actions_addopen(&Files, STDOUT_FILENO, StdoutPath->c_str(),
                                     O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_adddup2(&Files, STDOUT_FILENO, STDERR_FILENO);
  }
  if (NullStdin)
    posix_spawn_file_actions_addopen(&Files, STDIN_FILENO, "/dev/null",
                                     O_RDONLY, 0);
  StartedRun R;
  R.OwnGroup = NullStdin || !::isatty(STDIN_FILENO);
  if (R.OwnGroup) {
    posix_spawnattr_setflags(&Attr, POSIX_SPAWN_SETPGROUP);
    posix_spawnattr_setpgroup(&Attr, 0);
  }
  int Err = ::posix_spawn(&R.Pid, Program.c_str(), &Files, &Attr, Argv.data(),
                          Envp.data());
  posix_spawn_file_actions_destroy(&Files);
  posix_spawnattr_destroy(&Attr);
  if (Err)
    return makeError(Program, 0, 0,
                     std::string("cannot run it: ") + ::strerror(Err));
  return R;
}

llvm::Expected<FinishedRun>
runToEnd(const std::string &Program, const std::vector<std::string> &Args,
         const std::vector<std::string> &Env,
         const std::optional<std::string> &StdoutPath, bool NullStdin) {
  FinishedRun F;
  F.LaunchNs = monotonicNs();
  llvm::Expected<StartedRun> Started =
      startRun(Program, Args, Env, StdoutPath, NullStdin);
  if (!Started)
    return Started.takeError();
  RunningGroup = Started->OwnGroup ? Started->Pid : 0;
  RunningPid = Started->Pid;
  if (InterruptSignal) // Arrived between the runs or during the spawn.
    signalRun(*Started, InterruptSignal);
  struct rusage Usage{};
  F.Status = waitForRun(*Started, F.Killed, &Usage);
  F.CpuNs =
      (static_cast<int64_t>(Usage.ru_utime.tv_sec) + Usage.ru_stime.tv_sec) *
          1000000000LL +
      (static_cast<int64_t>(Usage.ru_utime.tv_usec) + Usage.ru_stime.tv_usec) *
          1000LL;
  RunningPid = 0;
  RunningGroup = 0;
  F.ExitNs = monotonicNs();
  return F;
}

std::string describeStatus(int Status) {
  if (WIFSIGNALED(Status))
    return "killed by signal " + std::to_string(WTERMSIG(Status)) + " (" +
           ::strsignal(WTERMSIG(Status)) + ")";
  return "exit code " + std::to_string(WEXITSTATUS(Status));
}

void signalRun(const StartedRun &R, int Signal) {
  ::kill(R.OwnGroup ? -R.Pid : R.Pid, Signal);
}

/// The status of a run whose wait failed (ECHILD: another waiter reaped
/// it): exit code 255 after a message, never a success.
static int waitFailed() {
  llvm::errs() << "varsim: error: waiting for a run failed: "
               << std::strerror(errno) << "\n";
  return 255 << 8;
}

int waitForRun(const StartedRun &R, bool &Killed, struct rusage *Usage) {
  int Status = 0;
  Killed = false;
  struct rusage Ignored{};
  if (!Usage)
    Usage = &Ignored;
  while (!InterruptSignal) {
    pid_t Got = ::wait4(R.Pid, &Status, 0, Usage);
    if (Got == R.Pid)
      return Status;
    if (Got < 0 && errno != EINTR)
      return waitFailed();
  }
  // Interrupted: the signal has been forwarded (by the handler, or by
  // runOnce when it arrived before the run had a pid).
  sig_atomic_t CountAtSignal = InterruptCount;
  auto Deadline = std::chrono::steady_clock::now() +
                  std::chrono::milliseconds(KillAfterSignalMs);
  while (std::chrono::steady_clock::now() < Deadline &&
         InterruptCount == CountAtSignal) {
    pid_t Got = ::wait4(R.Pid, &Status, WNOHANG, Usage);
    if (Got == R.Pid)
      return Status;
    if (Got < 0 && errno != EINTR)
      return waitFailed();
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  Killed = true;
  signalRun(R, SIGKILL);
  while (::wait4(R.Pid, &Status, 0, Usage) < 0)
    if (errno != EINTR)
      return waitFailed();
  return Status;
}

int64_t monotonicNs() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

llvm::Error addProcessTimes(llvm::StringRef Trace, int64_t LaunchNs,
                            int64_t ExitNs,
                            const std::optional<NativeTimes> &Native) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buffer =
      llvm::MemoryBuffer::getFile(Trace, /*IsText=*/false,
                                  /*RequiresNullTerminator=*/false);
  if (!Buffer)
    return makeError(Trace, 0, 0,
                     "cannot read the trace: " + Buffer.getError().message());
  llvm::StringRef Text = (*Buffer)->getBuffer().rtrim();
  if (!Text.ends_with("}") || Text.take_back(200).contains("\"process\":"))
    return makeError(Trace, 0, 0,
                     "not a trace that this varsim's runtime wrote (no closing "
                     "brace, or process times already present)");
  llvm::StringRef Body = Text.drop_back().rtrim();
  return writeFileAtomically(Trace, [&](llvm::raw_ostream &OS) {
    OS << Body << (Body.ends_with("{") ? "" : ",")
       << "\n  \"process\": {\"launch_ns\": " << LaunchNs
       << ", \"exit_ns\": " << ExitNs << "}";
    if (Native) {
      OS << ",\n  \"native\": {\"config\": ";
      llvm::json::OStream(OS).value(Native->Config);
      OS << ", \"before_ns\": " << Native->BeforeNs
         << ", \"after_ns\": " << Native->AfterNs;
      if (Native->BeforeCpuNs > 0 && Native->AfterCpuNs > 0)
        OS << ", \"before_cpu_ns\": " << Native->BeforeCpuNs
           << ", \"after_cpu_ns\": " << Native->AfterCpuNs;
      if (Native->VariantNs > 0) {
        OS << ", \"variant_ns\": " << Native->VariantNs;
        if (Native->VariantCpuNs > 0)
          OS << ", \"variant_cpu_ns\": " << Native->VariantCpuNs;
      }
      OS << "}";
    }
    OS << "\n}\n";
    return llvm::Error::success();
  });
}

} // namespace varsim::driver
