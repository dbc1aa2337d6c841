//===- support/Output.h - Writing outputs whole or not at all ---*- C++ -*-===//
//
// Every output of varsim (OUT, MODEL.json, traces, reports) is written to a
// temporary name beside its target and renamed into place only when it is
// complete; a write error (a full disk, a file-size limit) is an error, not
// a truncated file at the final name. llvm::writeToOutput does not check
// the stream's error after its last flush (it renames a truncated file into
// place, and the stream then aborts with "LLVM ERROR: IO failure"), hence
// writeFileAtomically.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_SUPPORT_OUTPUT_H
#define VARSIM_SUPPORT_OUTPUT_H

#include "support/Interrupt.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace varsim {

/// Writes Path through a temporary file beside it (removed on error and on
/// interrupt) and renames it into place; through a symbolic link, onto its
/// target. A device or a FIFO (/dev/null) is written directly. Errors, with the
/// system's reason, are `Path: error: ...` (a full disk: "No space left on
/// device").
llvm::Error
writeFileAtomically(llvm::StringRef Path,
                    llvm::function_ref<llvm::Error(llvm::raw_ostream &)> Write);

/// Path made absolute with every symbolic link resolved, also when its last
/// components do not exist yet (they are appended to the real path of the
/// nearest existing ancestor).
std::string resolvedPath(llvm::StringRef Path);

/// True if Path is Dir or below it (plain string comparison by components).
bool isPathUnder(llvm::StringRef Path, llvm::StringRef Dir);

/// An exclusive lock on an output directory, held by a `OUT.lock` file
/// beside it (flock: released if the process dies, so a lock is never
/// stale). A second varsim writing the same OUT fails at once with a
/// message that names the holder, instead of mixing its files with the
/// first one's.
class OutputLock {
public:
  ~OutputLock();
  OutputLock(const OutputLock &) = delete;
  OutputLock &operator=(const OutputLock &) = delete;

  static llvm::Expected<std::unique_ptr<OutputLock>>
  acquire(llvm::StringRef Out);

private:
  OutputLock(std::string Path, int Fd);
  std::string Path;
  int Fd;
  /// The lock file goes with the process on Ctrl-C too.
  std::unique_ptr<RemoveOnInterrupt> Cleanup;
};

/// Puts the complete directory Temp in place of Out: Out (if any) is moved
/// aside, Temp renamed to Out, the old one removed, with interrupts deferred
/// across the two renames so that OUT is always either the old or the new
/// output, whole.
llvm::Error replaceDirectory(llvm::StringRef Temp, llvm::StringRef Out);

/// Moves the files of Dir that Select picks into Dir/.previous while it
/// lives, and puts them back on destruction unless commit() was called
/// (then they are removed); on that failure, the new files that Select
/// picks are removed first. A command that replaces earlier results (the
/// traces of `varsim run`) thereby keeps them when it fails.
class StashedFiles {
public:
  static llvm::Expected<std::unique_ptr<StashedFiles>>
  stash(llvm::StringRef Dir, std::function<bool(llvm::StringRef)> Select);
  ~StashedFiles();
  StashedFiles(const StashedFiles &) = delete;
  StashedFiles &operator=(const StashedFiles &) = delete;
  /// The new results are complete: the stashed files go.
  void commit() { Committed = true; }
  /// The number of files stashed.
  size_t size() const { return Names.size(); }

private:
  StashedFiles() = default;
  std::string Dir, Stash;
  std::vector<std::string> Names;
  std::function<bool(llvm::StringRef)> Select;
  bool Committed = false;
};

} // namespace varsim

#endif // VARSIM_SUPPORT_OUTPUT_H
