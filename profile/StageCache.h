//===- profile/StageCache.h - Which stages can be reused --------*- C++ -*-===//
//
// `varsim profile` re-run on an unchanged project must not rewrite, rebuild
// and rerun everything. Each stage has a key: a hash of what it reads (file
// contents, the commands it runs, the key of the stage before it, the
// varsim binary). OUT/.varsim-profile/stages.json remembers the key of each
// stage that last succeeded; a stage whose key is unchanged and whose
// outputs still exist is reused. A failed or interrupted stage forgets its
// key first, so a half-made output is never reused.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_PROFILE_STAGECACHE_H
#define VARSIM_PROFILE_STAGECACHE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>

namespace varsim::profile {

/// A running hash of a stage's inputs.
class StageKey {
public:
  StageKey &add(llvm::StringRef Text);
  /// The file's contents (or a marker that it is missing).
  StageKey &addFile(llvm::StringRef Path);
  /// Every regular file under Dir whose name Filter accepts, in sorted
  /// order, with its path relative to Dir; directories named in Skip (by
  /// name) and hidden ones are not entered.
  StageKey &addTree(llvm::StringRef Dir,
                    llvm::function_ref<bool(llvm::StringRef)> Filter,
                    llvm::ArrayRef<std::string> SkipDirs);
  std::string hex() const;

private:
  uint64_t H = 0x9e3779b97f4a7c15ULL;
};

class StageCache {
public:
  /// Reads Dir/stages.json if it exists (an unreadable one is ignored: the
  /// stages just run again).
  explicit StageCache(std::string Dir);

  bool upToDate(llvm::StringRef Stage, llvm::StringRef Key) const;
  /// Forgets Stage (before running it) and saves.
  llvm::Error invalidate(llvm::StringRef Stage);
  /// Records Stage's key (after it succeeded) and saves.
  llvm::Error record(llvm::StringRef Stage, llvm::StringRef Key);

private:
  llvm::Error save() const;
  std::string Dir;
  llvm::StringMap<std::string> Keys;
};

} // namespace varsim::profile

#endif // VARSIM_PROFILE_STAGECACHE_H
