//===- rewrite/ParseFileCache.cpp -----------------------------------------===//

#include "rewrite/ParseFileCache.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/MemoryBuffer.h"

#include <mutex>
#include <optional>

namespace varsim::rewrite {

namespace vfs = llvm::vfs;

/// What the parses of one scope read: statuses by absolute path (a failed
/// look-up kept only when the path does not exist: the header search's
/// misses), and the texts of the regular files opened.
class ParseFileCache {
public:
  struct Opened {
    vfs::Status Status;
    std::string RealName; ///< The opened file's getName().
    std::shared_ptr<const llvm::MemoryBuffer> Text;
  };

  std::optional<llvm::ErrorOr<vfs::Status>> status(llvm::StringRef Abs) {
    std::lock_guard<std::mutex> Lock(M);
    auto It = Statuses.find(Abs);
    if (It == Statuses.end())
      return std::nullopt;
    return It->second;
  }
  void setStatus(llvm::StringRef Abs, const llvm::ErrorOr<vfs::Status> &S) {
    if (!S && !missing(S.getError()))
      return; // Maybe not so next time (permissions, descriptors).
    std::lock_guard<std::mutex> Lock(M);
    Statuses.try_emplace(Abs, S);
  }
  std::optional<Opened> opened(llvm::StringRef Abs) {
    std::lock_guard<std::mutex> Lock(M);
    auto It = Files.find(Abs);
    if (It == Files.end())
      return std::nullopt;
    return It->second;
  }
  void setOpened(llvm::StringRef Abs, Opened O) {
    std::lock_guard<std::mutex> Lock(M);
    Statuses.try_emplace(Abs, O.Status);
    Files.try_emplace(Abs, std::move(O));
  }

  static bool missing(std::error_code EC) {
    return EC == std::errc::no_such_file_or_directory ||
           EC == std::errc::not_a_directory;
  }

private:
  std::mutex M;
  llvm::StringMap<llvm::ErrorOr<vfs::Status>> Statuses;
  llvm::StringMap<Opened> Files;
};

namespace {

std::mutex CurrentMutex;
std::shared_ptr<ParseFileCache> Current;

/// A cached text under the name a parse opened it by; it keeps the text
/// alive, so an AST may outlive the cache's scope.
class SharedText final : public llvm::MemoryBuffer {
public:
  SharedText(std::shared_ptr<const llvm::MemoryBuffer> Owner,
             const llvm::Twine &Name, bool RequiresNullTerminator)
      : Owner(std::move(Owner)), Name(Name.str()) {
    init(this->Owner->getBufferStart(), this->Owner->getBufferEnd(),
         RequiresNullTerminator);
  }
  llvm::StringRef getBufferIdentifier() const override { return Name; }
  BufferKind getBufferKind() const override { return MemoryBuffer_Malloc; }

private:
  std::shared_ptr<const llvm::MemoryBuffer> Owner;
  std::string Name;
};

/// An open file whose text is in the cache (read with a null terminator,
/// so it serves either kind of request).
class CachedFile final : public vfs::File {
public:
  CachedFile(ParseFileCache::Opened O, const llvm::Twine &Path)
      : O(std::move(O)) {
    this->O.Status = vfs::Status::copyWithNewName(this->O.Status, Path);
  }
  llvm::ErrorOr<vfs::Status> status() override { return O.Status; }
  llvm::ErrorOr<std::string> getName() override {
    return O.RealName.empty() ? O.Status.getName().str() : O.RealName;
  }
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>>
  getBuffer(const llvm::Twine &Name, int64_t, bool RequiresNullTerminator,
            bool) override {
    return std::unique_ptr<llvm::MemoryBuffer>(
        std::make_unique<SharedText>(O.Text, Name, RequiresNullTerminator));
  }
  std::error_code close() override { return {}; }

private:
  ParseFileCache::Opened O;
};

/// The real file system of one parse, its look-ups and reads answered by
/// the cache where it can.
class CachingFileSystem final : public vfs::ProxyFileSystem {
public:
  CachingFileSystem(llvm::IntrusiveRefCntPtr<vfs::FileSystem> Real,
                    std::shared_ptr<ParseFileCache> Cache)
      : ProxyFileSystem(std::move(Real)), Cache(std::move(Cache)) {}

  llvm::ErrorOr<vfs::Status> status(const llvm::Twine &Path) override {
    llvm::SmallString<256> Abs;
    if (!absolute(Path, Abs))
      return ProxyFileSystem::status(Path);
    if (auto S = Cache->status(Abs))
      return *S ? vfs::Status::copyWithNewName(**S, Path)
                : llvm::ErrorOr<vfs::Status>(S->getError());
    llvm::ErrorOr<vfs::Status> S = ProxyFileSystem::status(Path);
    Cache->setStatus(Abs, S);
    return S;
  }

  bool exists(const llvm::Twine &Path) override {
    llvm::ErrorOr<vfs::Status> S = status(Path);
    return S && S->exists();
  }

  llvm::ErrorOr<std::unique_ptr<vfs::File>>
  openFileForRead(const llvm::Twine &Path) override {
    llvm::SmallString<256> Abs;
    if (!absolute(Path, Abs))
      return ProxyFileSystem::openFileForRead(Path);
    if (auto O = Cache->opened(Abs))
      return std::unique_ptr<vfs::File>(
          std::make_unique<CachedFile>(std::move(*O), Path));
    if (auto S = Cache->status(Abs); S && !*S)
      return S->getError();
    auto F = ProxyFileSystem::openFileForRead(Path);
    if (!F) {
      Cache->setStatus(Abs, F.getError());
      return F;
    }
    // Only regular files are kept (a directory opens, then cannot be
    // read); anything unusual is left to the real file.
    llvm::ErrorOr<vfs::Status> S = (*F)->status();
    if (!S || !S->isRegularFile())
      return F;
    auto Text = (*F)->getBuffer(Path, S->getSize(),
                                /*RequiresNullTerminator=*/true,
                                /*IsVolatile=*/true); // Read, not mapped.
    if (!Text)
      return F;
    llvm::ErrorOr<std::string> RealName = (*F)->getName();
    ParseFileCache::Opened O{*S, RealName ? *RealName : std::string(),
                             std::move(*Text)};
    Cache->setOpened(Abs, O);
    return std::unique_ptr<vfs::File>(
        std::make_unique<CachedFile>(std::move(O), Path));
  }

private:
  /// Path made absolute against this parse's working directory (the key:
  /// parses run from different directories).
  bool absolute(const llvm::Twine &Path, llvm::SmallVectorImpl<char> &Abs) {
    Path.toVector(Abs);
    return !makeAbsolute(Abs);
  }

  std::shared_ptr<ParseFileCache> Cache;
};

} // namespace

ParseFileCacheScope::ParseFileCacheScope()
    : Cache(std::make_shared<ParseFileCache>()) {
  std::lock_guard<std::mutex> Lock(CurrentMutex);
  Current = Cache;
}

ParseFileCacheScope::~ParseFileCacheScope() {
  std::lock_guard<std::mutex> Lock(CurrentMutex);
  if (Current == Cache)
    Current.reset();
}

llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> parseFileSystem() {
  std::shared_ptr<ParseFileCache> Cache;
  {
    std::lock_guard<std::mutex> Lock(CurrentMutex);
    Cache = Current;
  }
  llvm::IntrusiveRefCntPtr<vfs::FileSystem> Real =
      vfs::createPhysicalFileSystem();
  if (!Cache)
    return Real;
  return llvm::makeIntrusiveRefCnt<CachingFileSystem>(std::move(Real),
                                                      std::move(Cache));
}

} // namespace varsim::rewrite
