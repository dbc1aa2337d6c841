//===- rewrite/ParseFileCache.h - Files read once per pass ------*- C++ -*-===//
//
// A pass parses every translation unit in one or more configurations, and
// each parse would look up, open, map and unmap the same headers again:
// on Lua's 33 units, the header search's stat() and open() calls, the
// mapping of every file and the unmapping when the parse's SourceManager
// goes (a TLB shoot-down on the other core while the parses run on two
// threads) were a tenth of `varsim rewrite`'s time. While a
// ParseFileCacheScope lives, every parse (rewrite/SyntaxOnlyParse.h) reads
// files through one cache instead: a path's status (a missing header's
// too) and a file's text are read from disk once and shared by the parses
// on every thread.
//
// What a parse sees does not change: the texts are the files' bytes, the
// statuses the disk's, under the name the parse asked for. Files must not
// change on disk while the scope lives; the rewrite writes nothing before
// the output pass, which writes OUT.partial whole before it parses it, so
// one scope per pass is safe (rewrite/Rewriter.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_REWRITE_PARSEFILECACHE_H
#define VARSIM_REWRITE_PARSEFILECACHE_H

#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <memory>

namespace varsim::rewrite {

class ParseFileCache;

/// Parses read files through one cache while this lives (not nested; made
/// and ended on the thread that starts the parses, while none runs).
class ParseFileCacheScope {
public:
  ParseFileCacheScope();
  ~ParseFileCacheScope();
  ParseFileCacheScope(const ParseFileCacheScope &) = delete;
  ParseFileCacheScope &operator=(const ParseFileCacheScope &) = delete;

private:
  std::shared_ptr<ParseFileCache> Cache;
};

/// The file system of one parse: the real one with a working directory of
/// its own (parses run in parallel from different directories), read
/// through the current scope's cache if there is one. The texts it gives
/// keep their cache alive (an ASTUnit may outlive the scope).
llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> parseFileSystem();

} // namespace varsim::rewrite

#endif // VARSIM_REWRITE_PARSEFILECACHE_H
