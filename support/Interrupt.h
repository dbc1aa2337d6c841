//===- support/Interrupt.h - Cleaning up on Ctrl-C and SIGTERM --*- C++ -*-===//
//
// Ctrl-C, SIGTERM or SIGHUP in the middle of writing an output must not
// leave half of it behind, nor children running. The driver installs one
// handler (installInterruptCleanup); code that writes a temporary directory
// or starts a process group registers it for the time it exists. On a
// signal the handler ends every registered process group, removes every
// registered path, removes LLVM's temporary files (llvm::writeToOutput and
// writeFileAtomically register theirs), says so on stderr and exits with
// 128 + the signal's number, as a shell reports a process the signal ended.
//
// Registration is lock-free (fixed tables of atomics), so that the handler
// never waits for a lock the interrupted thread holds.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_SUPPORT_INTERRUPT_H
#define VARSIM_SUPPORT_INTERRUPT_H

#include "llvm/ADT/StringRef.h"

#include <signal.h>
#include <sys/types.h>

namespace varsim {

/// Installs the handler for SIGINT, SIGTERM and SIGHUP, and ignores SIGXFSZ
/// (a file-size limit is then a write error, reported like a full disk).
/// Call once, early in main (after llvm::InitLLVM, whose handlers it takes
/// over for these signals).
void installInterruptCleanup();

/// While it lives, Path (a file or a directory tree) is removed if the
/// process is interrupted.
class RemoveOnInterrupt {
public:
  explicit RemoveOnInterrupt(llvm::StringRef Path);
  ~RemoveOnInterrupt();
  RemoveOnInterrupt(const RemoveOnInterrupt &) = delete;
  RemoveOnInterrupt &operator=(const RemoveOnInterrupt &) = delete;

private:
  int Slot = -1;
};

/// While it lives, the process group Group (a child started with its own
/// group) is killed if the process is interrupted.
class KillGroupOnInterrupt {
public:
  explicit KillGroupOnInterrupt(pid_t Group);
  ~KillGroupOnInterrupt();
  KillGroupOnInterrupt(const KillGroupOnInterrupt &) = delete;
  KillGroupOnInterrupt &operator=(const KillGroupOnInterrupt &) = delete;

private:
  int Slot = -1;
};

/// Blocks SIGINT, SIGTERM and SIGHUP while it lives (a few renames that
/// must happen together); a signal that arrives meanwhile is handled after.
class DeferInterrupts {
public:
  DeferInterrupts();
  ~DeferInterrupts();
  DeferInterrupts(const DeferInterrupts &) = delete;
  DeferInterrupts &operator=(const DeferInterrupts &) = delete;

private:
  sigset_t Saved;
};

} // namespace varsim

#endif // VARSIM_SUPPORT_INTERRUPT_H
