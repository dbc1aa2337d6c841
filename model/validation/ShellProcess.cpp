//===- model/validation/ShellProcess.cpp - Timed shell commands -----------===//

#include "model/validation/ShellProcess.h"

#include "support/Interrupt.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Program.h"

#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <fcntl.h>
#include <map>
#include <mutex>
#include <signal.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

extern char **environ;

namespace varsim::validation {
namespace {

/// The inherited environment with C's variables set.
std::vector<std::string> makeEnvironment(const ShellCommand &C) {
  std::vector<std::string> Env;
  for (char **E = environ; E && *E; ++E) {
    llvm::StringRef Entry(*E);
    llvm::StringRef Name = Entry.split('=').first;
    bool Overridden = false;
    for (const auto &[K, V] : C.Environment)
      Overridden |= Name == K;
    if (!Overridden)
      Env.push_back(Entry.str());
  }
  for (const auto &[K, V] : C.Environment)
    Env.push_back(K + "=" + V);
  return Env;
}

/// Kills the process group when the deadline passes, unless disarmed first.
class Watchdog {
public:
  Watchdog(pid_t Group, std::optional<double> Seconds) {
    if (!Seconds)
      return;
    auto Limit = std::chrono::duration<double>(*Seconds);
    Thread = std::thread([this, Group, Limit] {
      std::unique_lock<std::mutex> Lock(M);
      if (!CV.wait_for(Lock, Limit, [this] { return Disarmed; })) {
        Fired = true;
        ::kill(-Group, SIGKILL);
      }
    });
  }
  ~Watchdog() { disarm(); }

  /// Stops the watchdog; returns whether it fired.
  bool disarm() {
    {
      std::lock_guard<std::mutex> Lock(M);
      Disarmed = true;
    }
    CV.notify_all();
    if (Thread.joinable())
      Thread.join();
    return Fired;
  }

private:
  std::mutex M;
  std::condition_variable CV;
  bool Disarmed = false;
  bool Fired = false;
  std::thread Thread;
};

/// Shell builtins and reserved words that no program in PATH stands in for
/// (or whose program behaves differently): these need the shell.
bool isShellWord(llvm::StringRef W) {
  static const char *const Words[] = {
      "!",     "{",     "}",        ".",       ":",        "alias", "bg",
      "break", "case",  "cd",       "command", "continue", "do",    "done",
      "elif",  "else",  "esac",     "eval",    "exec",     "exit",  "export",
      "fg",    "fi",    "for",      "getopts", "hash",     "if",    "jobs",
      "local", "read",  "readonly", "return",  "set",      "shift", "then",
      "time",  "times", "trap",     "type",    "ulimit",   "umask", "unalias",
      "unset", "until", "wait",     "while"};
  for (const char *S : Words)
    if (W == S)
      return true;
  return false;
}

/// The program that the shell would run for Name, if it can be found
/// without the shell: a path with a slash that is executable, else the first
/// executable in PATH (unless C changes PATH).
std::optional<std::string> directProgram(const ShellCommand &C,
                                         const std::string &Name) {
  if (isShellWord(Name))
    return std::nullopt;
  if (llvm::StringRef(Name).contains('/')) {
    if (llvm::sys::fs::can_execute(Name) && !llvm::sys::fs::is_directory(Name))
      return Name;
    return std::nullopt;
  }
  for (const auto &[K, V] : C.Environment)
    if (K == "PATH")
      return std::nullopt;
  llvm::ErrorOr<std::string> Found = llvm::sys::findProgramByName(Name);
  if (!Found)
    return std::nullopt;
  return *Found;
}

} // namespace

std::optional<std::vector<std::string>>
splitSimpleCommand(const std::string &Command) {
  // Outside quotes these start shell syntax (expansions, redirections,
  // pipelines, lists, globs, comments, tilde and brace forms); '=' in the
  // first word would be an assignment.
  static constexpr llvm::StringLiteral Special = "$`\\|&;<>()*?[#~{}\n";
  std::vector<std::string> Words;
  std::string Word;
  bool InWord = false;
  for (size_t I = 0; I < Command.size(); ++I) {
    char C = Command[I];
    if (C == ' ' || C == '\t') {
      if (InWord)
        Words.push_back(std::move(Word));
      Word.clear();
      InWord = false;
      continue;
    }
    InWord = true;
    if (C == '\'' || C == '"') {
      size_t End = Command.find(C, I + 1);
      if (End == std::string::npos)
        return std::nullopt; // Unterminated: the shell's error.
      llvm::StringRef Quoted(Command.data() + I + 1, End - I - 1);
      if (C == '"' && Quoted.find_first_of("$`\\") != llvm::StringRef::npos)
        return std::nullopt;
      Word += Quoted;
      I = End;
      continue;
    }
    if (Special.contains(C))
      return std::nullopt;
    if (C == '=' && Words.empty())
      return std::nullopt;
    Word += C;
  }
  if (InWord)
    Words.push_back(std::move(Word));
  if (Words.empty())
    return std::nullopt;
  return Words;
}

int ShellResult::effectiveSignal() const {
  if (Signal != 0)
    return Signal;
  if (Started && !Direct && ExitCode > 128 && ExitCode < 128 + NSIG)
    return ExitCode - 128;
  return 0;
}

std::string ShellResult::describe(std::optional<double> Timeout) const {
  if (!Started)
    return "could not start: " + SpawnError;
  if (TimedOut) {
    std::string S = "timed out";
    if (Timeout) {
      char Buf[64];
      std::snprintf(Buf, sizeof(Buf), " after %g s", *Timeout);
      S += Buf;
    }
    return S;
  }
  if (Signal != 0)
    return "killed by signal " + std::to_string(Signal) + " (" +
           ::strsignal(Signal) + ")";
  // A shell that does not exec its last command reports a child killed by
  // signal N as exit code 128 + N.
  if (!Direct && ExitCode > 128 && ExitCode < 128 + NSIG)
    return "exit code " + std::to_string(ExitCode) +
           " (the shell's code for signal " + std::to_string(ExitCode - 128) +
           ", " + ::strsignal(ExitCode - 128) + ")";
  if (ExitCode != 0)
    return "exit code " + std::to_string(ExitCode);
  return "ok";
}

ShellResult runShell(const ShellCommand &C) {
  ShellResult R;
  posix_spawn_file_actions_t Actions;
  posix_spawnattr_t Attr;
  posix_spawn_file_actions_init(&Actions);
  posix_spawnattr_init(&Attr);
  auto Cleanup = [&] {
    posix_spawn_file_actions_destroy(&Actions);
    posix_spawnattr_destroy(&Attr);
  };

  auto Target = [](const std::string &P) {
    return P.empty() ? std::string("/dev/null") : P;
  };
  posix_spawn_file_actions_addopen(&Actions, STDIN_FILENO, "/dev/null",
                                   O_RDONLY, 0);
  std::string Out = Target(C.StdoutPath), Err = Target(C.StderrPath);
  posix_spawn_file_actions_addopen(&Actions, STDOUT_FILENO, Out.c_str(),
                                   O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (Err == Out)
    posix_spawn_file_actions_adddup2(&Actions, STDOUT_FILENO, STDERR_FILENO);
  else
    posix_spawn_file_actions_addopen(&Actions, STDERR_FILENO, Err.c_str(),
                                     O_WRONLY | O_CREAT | O_TRUNC, 0644);
  // Its own process group, so that the watchdog can kill all of it.
  posix_spawnattr_setpgroup(&Attr, 0);
  posix_spawnattr_setflags(&Attr, POSIX_SPAWN_SETPGROUP);

  std::vector<std::string> Env = makeEnvironment(C);
  std::vector<char *> EnvP;
  for (std::string &E : Env)
    EnvP.push_back(E.data());
  EnvP.push_back(nullptr);
  // The program and its arguments: the command's own words when it needs no
  // shell, else /bin/sh -c COMMAND.
  std::vector<std::string> Args;
  std::string Program = "/bin/sh";
  if (C.Launch == LaunchMode::Auto) {
    if (auto Words = splitSimpleCommand(C.Command)) {
      if (auto Found = directProgram(C, Words->front())) {
        Program = *Found;
        Args = std::move(*Words);
        R.Direct = true;
      }
    }
  }
  if (!R.Direct)
    Args = {"/bin/sh", "-c", C.Command};
  auto Spawn = [&](pid_t &Pid) {
    std::vector<char *> Argv;
    for (std::string &A : Args)
      Argv.push_back(A.data());
    Argv.push_back(nullptr);
    return posix_spawn(&Pid, Program.c_str(), &Actions, &Attr, Argv.data(),
                       EnvP.data());
  };

  auto Start = std::chrono::steady_clock::now();
  pid_t Pid = 0;
  int SpawnRc = Spawn(Pid);
  if (SpawnRc == ENOEXEC && R.Direct) {
    // A script without "#!": the shell runs it as a shell script.
    R.Direct = false;
    Program = "/bin/sh";
    Args = {"/bin/sh", "-c", C.Command};
    Start = std::chrono::steady_clock::now();
    SpawnRc = Spawn(Pid);
  }
  Cleanup();
  if (SpawnRc != 0) {
    R.SpawnError = std::strerror(SpawnRc);
    return R;
  }
  R.Started = true;

  // In its own group, the command does not see the terminal's Ctrl-C:
  // varsim's handler ends the group if varsim is interrupted.
  KillGroupOnInterrupt EndOnInterrupt(Pid);
  Watchdog Dog(Pid, C.TimeoutSeconds);
  int Status = 0;
  struct rusage Usage{};
  pid_t Waited;
  do
    Waited = ::wait4(Pid, &Status, 0, &Usage);
  while (Waited < 0 && errno == EINTR);
  auto End = std::chrono::steady_clock::now();
  R.TimedOut = Dog.disarm();
  if (R.TimedOut)
    ::kill(-Pid, SIGKILL); // Whatever the shell left behind.

  R.WallSeconds = std::chrono::duration<double>(End - Start).count();
  R.CpuSeconds =
      static_cast<double>(Usage.ru_utime.tv_sec + Usage.ru_stime.tv_sec) +
      static_cast<double>(Usage.ru_utime.tv_usec + Usage.ru_stime.tv_usec) /
          1e6;
  if (Waited < 0) {
    R.Started = false;
    R.SpawnError = std::string("wait failed: ") + std::strerror(errno);
  } else if (WIFEXITED(Status)) {
    R.ExitCode = WEXITSTATUS(Status);
  } else if (WIFSIGNALED(Status)) {
    R.Signal = WTERMSIG(Status);
  }
  return R;
}

} // namespace varsim::validation
