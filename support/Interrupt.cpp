//===- support/Interrupt.cpp - Cleaning up on Ctrl-C and SIGTERM ----------===//

#include "support/Interrupt.h"

#include "llvm/Support/Signals.h"

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace varsim {
namespace {

constexpr int MaxPaths = 64, MaxGroups = 256;
std::atomic<char *> Paths[MaxPaths];
std::atomic<pid_t> Groups[MaxGroups];

void say(const char *S) {
  ssize_t Ignored = ::write(STDERR_FILENO, S, std::strlen(S));
  (void)Ignored;
}

/// The layout of the records getdents64 fills in (not in glibc's headers).
struct LinuxDirent64 {
  ino64_t Ino;
  off64_t Off;
  unsigned short RecLen;
  unsigned char Type;
  char Name[1]; // NUL-terminated, RecLen - 19 bytes at most
};

/// Removes the tree at Name, relative to the directory Dir. Only system
/// calls: the handler may interrupt a thread inside malloc, so nothing here
/// allocates (no opendir/readdir, which take malloc's lock and would hang).
void removeTree(int Dir, const char *Name, int Depth) {
  if (::unlinkat(Dir, Name, 0) == 0 || errno == ENOENT)
    return;
  if (Depth > 64)
    return;
  int Fd = ::openat(Dir, Name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW);
  if (Fd < 0)
    return;
  alignas(8) char Buffer[2048];
  for (;;) {
    long N = ::syscall(SYS_getdents64, Fd, Buffer, sizeof Buffer);
    if (N <= 0)
      break;
    for (long Pos = 0; Pos < N;) {
      auto *E = reinterpret_cast<LinuxDirent64 *>(Buffer + Pos);
      Pos += E->RecLen;
      const char *Entry =
          Buffer + (Pos - E->RecLen) + offsetof(LinuxDirent64, Name);
      if (std::strcmp(Entry, ".") != 0 && std::strcmp(Entry, "..") != 0)
        removeTree(Fd, Entry, Depth + 1);
    }
  }
  ::close(Fd);
  ::unlinkat(Dir, Name, AT_REMOVEDIR);
}

/// strsignal may allocate or take the locale's lock: not in a handler.
const char *signalName(int Signal) {
  switch (Signal) {
  case SIGINT:
    return "Interrupt";
  case SIGTERM:
    return "Terminated";
  case SIGHUP:
    return "Hangup";
  default:
    return "signal";
  }
}

extern "C" void onInterruptSignal(int Signal) {
  // Children first: a build must not write into a directory being removed.
  for (std::atomic<pid_t> &G : Groups)
    if (pid_t Pid = G.exchange(0))
      ::kill(-Pid, SIGKILL);
  bool Removed = false;
  for (std::atomic<char *> &P : Paths)
    if (char *Path = P.exchange(nullptr)) {
      struct stat St;
      if (::lstat(Path, &St) == 0) {
        removeTree(AT_FDCWD, Path, 0);
        say(Removed ? ", " : "varsim: note: removed the unfinished ");
        say(Path);
        Removed = true;
      }
    }
  if (Removed)
    say("\n");
  llvm::sys::RunInterruptHandlers(); // LLVM's temporary files.
  // One write: another thread's progress line must not land inside it.
  char Line[160] = "varsim: error: interrupted (";
  size_t Len = std::strlen(Line);
  for (const char *Part :
       {signalName(Signal), "); nothing half-written was left behind\n"})
    for (; *Part && Len + 1 < sizeof(Line); ++Part)
      Line[Len++] = *Part;
  Line[Len] = '\0';
  say(Line);
  ::_exit(128 + Signal);
}

template <typename T, size_t N> int claim(std::atomic<T> (&Table)[N], T V) {
  for (size_t I = 0; I < N; ++I) {
    T Empty{};
    if (Table[I].compare_exchange_strong(Empty, V))
      return static_cast<int>(I);
  }
  return -1; // Full: the entry is not cleaned up on a signal, nothing worse.
}

} // namespace

void installInterruptCleanup() {
  struct sigaction A;
  std::memset(&A, 0, sizeof A);
  A.sa_handler = onInterruptSignal;
  sigemptyset(&A.sa_mask);
  for (int S : {SIGINT, SIGTERM, SIGHUP})
    sigaddset(&A.sa_mask, S);
  for (int S : {SIGINT, SIGTERM, SIGHUP})
    ::sigaction(S, &A, nullptr);
  // A file-size limit (`ulimit -f`) makes write() fail with EFBIG, which
  // the writers report ("File too large") and clean up after, as for a
  // full disk; LLVM would otherwise take SIGXFSZ for a crash.
  ::signal(SIGXFSZ, SIG_IGN);
}

RemoveOnInterrupt::RemoveOnInterrupt(llvm::StringRef Path) {
  Slot = claim(Paths, ::strdup(Path.str().c_str()));
}

RemoveOnInterrupt::~RemoveOnInterrupt() {
  if (Slot >= 0)
    std::free(Paths[Slot].exchange(nullptr));
}

KillGroupOnInterrupt::KillGroupOnInterrupt(pid_t Group) {
  if (Group > 0)
    Slot = claim(Groups, Group);
}

KillGroupOnInterrupt::~KillGroupOnInterrupt() {
  if (Slot >= 0)
    Groups[Slot].store(0);
}

DeferInterrupts::DeferInterrupts() {
  sigset_t Block;
  sigemptyset(&Block);
  for (int S : {SIGINT, SIGTERM, SIGHUP})
    sigaddset(&Block, S);
  ::pthread_sigmask(SIG_BLOCK, &Block, &Saved);
}

DeferInterrupts::~DeferInterrupts() {
  ::pthread_sigmask(SIG_SETMASK, &Saved, nullptr);
}

} // namespace varsim
