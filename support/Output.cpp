//===- support/Output.cpp - Writing outputs whole or not at all -----------===//

#include "support/Output.h"

#include "support/Diagnostic.h"
#include "support/Interrupt.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

namespace varsim {

namespace {

/// A device or a FIFO (`-o /dev/null`, `/dev/stdout`, a shell's `>(...)`)
/// is written as it is: a file renamed over it would replace the node
/// itself (as root, /dev/null became a regular file that every later
/// reader of it read).
llvm::Error
writeInPlace(llvm::StringRef Path,
             llvm::function_ref<llvm::Error(llvm::raw_ostream &)> Write) {
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC, fs::OF_None);
  if (EC)
    return makeError(Path, 0, 0, "cannot write: " + EC.message());
  llvm::Error Failed = Write(OS);
  OS.flush();
  if (!Failed && OS.has_error())
    Failed = makeError(Path, 0, 0, "cannot write: " + OS.error().message());
  OS.clear_error();
  return Failed;
}

} // namespace

llvm::Error writeFileAtomically(
    llvm::StringRef Path,
    llvm::function_ref<llvm::Error(llvm::raw_ostream &)> Write) {
  if (Path == "-") {
    llvm::Error E = Write(llvm::outs());
    llvm::outs().flush();
    return E;
  }
  if (fs::is_directory(Path))
    return makeError(Path, 0, 0, "is a directory");
  fs::file_status Status;
  if (!fs::status(Path, Status) && fs::exists(Status) &&
      !fs::is_regular_file(Status))
    return writeInPlace(Path, Write);
  // Through a symbolic link, its target is replaced, not the link.
  llvm::SmallString<256> Target(Path);
  if (fs::is_symlink_file(Path))
    if (fs::real_path(Path, Target))
      Target = Path;
  auto Temp = fs::TempFile::create(Target + ".tmp-%%%%%%",
                                   fs::all_read | fs::all_write);
  if (!Temp)
    return makeError(Path, 0, 0,
                     "cannot create a file there: " +
                         llvm::toString(Temp.takeError()));
  llvm::Error Failed = llvm::Error::success();
  {
    llvm::raw_fd_ostream OS(Temp->FD, /*shouldClose=*/false);
    Failed = Write(OS);
    OS.flush();
    if (!Failed && OS.has_error())
      Failed = makeError(Path, 0, 0,
                         "cannot write: " + OS.error().message() +
                             " (nothing was written; an earlier file there "
                             "is unchanged)");
    // The stream would otherwise abort with "IO failure" when destroyed.
    OS.clear_error();
  }
  if (!Failed && ::fsync(Temp->FD) != 0 && errno != EINVAL)
    Failed = makeError(Path, 0, 0,
                       std::string("cannot write: ") + std::strerror(errno) +
                           " (nothing was written)");
  if (Failed) {
    llvm::consumeError(Temp->discard());
    return Failed;
  }
  if (llvm::Error E = Temp->keep(Target))
    return makeError(Path, 0, 0,
                     "cannot move the file into place: " +
                         llvm::toString(std::move(E)));
  return llvm::Error::success();
}

bool isPathUnder(llvm::StringRef Path, llvm::StringRef Dir) {
  if (Dir.empty() || !Path.starts_with(Dir))
    return false;
  return Path.size() == Dir.size() || Dir.ends_with("/") ||
         Path[Dir.size()] == '/';
}

std::string resolvedPath(llvm::StringRef Path) {
  llvm::SmallString<256> Abs(Path);
  fs::make_absolute(Abs);
  path::remove_dots(Abs, /*remove_dot_dot=*/true);
  // The nearest existing ancestor, resolved; the rest appended as is.
  llvm::SmallString<256> Existing(Abs);
  std::vector<std::string> Rest;
  while (!fs::exists(Existing) && path::has_parent_path(Existing) &&
         Existing != "/") {
    Rest.push_back(path::filename(Existing).str());
    path::remove_filename(Existing);
  }
  llvm::SmallString<256> Real;
  if (fs::real_path(Existing, Real))
    return std::string(Abs);
  for (auto It = Rest.rbegin(); It != Rest.rend(); ++It)
    path::append(Real, *It);
  return std::string(Real);
}

OutputLock::OutputLock(std::string Path, int Fd)
    : Path(std::move(Path)), Fd(Fd),
      Cleanup(std::make_unique<RemoveOnInterrupt>(this->Path)) {}

OutputLock::~OutputLock() {
  Cleanup.reset();
  // Unlinked before it is unlocked: a waiter that opened the old file then
  // sees it is no longer the lock file (acquire checks) and retries.
  ::unlink(Path.c_str());
  ::close(Fd);
}

llvm::Expected<std::unique_ptr<OutputLock>>
OutputLock::acquire(llvm::StringRef Out) {
  std::string Path = (Out.rtrim('/') + ".lock").str();
  for (int Attempt = 0; Attempt < 8; ++Attempt) {
    int Fd = ::open(Path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (Fd < 0)
      return makeError(Path, 0, 0,
                       std::string("cannot create the lock file of the "
                                   "output: ") +
                           std::strerror(errno));
    if (::flock(Fd, LOCK_EX | LOCK_NB) != 0) {
      int Err = errno;
      char Holder[32] = {0};
      ssize_t N = ::pread(Fd, Holder, sizeof Holder - 1, 0);
      ::close(Fd);
      if (Err == EWOULDBLOCK)
        return makeError(
            Out, 0, 0,
            "another varsim (process " +
                llvm::StringRef(Holder, N > 0 ? N : 0).trim().str() +
                ") is writing this output directory; wait "
                "for it or choose another -o");
      return makeError(Path, 0, 0,
                       std::string("cannot lock: ") + std::strerror(Err));
    }
    // The holder before us may have unlinked the file between our open and
    // our lock: then we hold a lock on a file nobody else will see.
    struct stat ByFd, ByPath;
    if (::fstat(Fd, &ByFd) == 0 && ::stat(Path.c_str(), &ByPath) == 0 &&
        ByFd.st_ino == ByPath.st_ino && ByFd.st_dev == ByPath.st_dev) {
      std::string Pid = std::to_string(::getpid()) + "\n";
      if (::ftruncate(Fd, 0) == 0) {
        ssize_t Ignored = ::pwrite(Fd, Pid.data(), Pid.size(), 0);
        (void)Ignored;
      }
      return std::unique_ptr<OutputLock>(new OutputLock(Path, Fd));
    }
    ::close(Fd);
  }
  return makeError(Path, 0, 0, "cannot lock: the lock file keeps changing");
}

llvm::Error replaceDirectory(llvm::StringRef Temp, llvm::StringRef Out) {
  std::string Old = (Out + ".old-" + llvm::Twine(::getpid())).str();
  bool HadOld = fs::exists(Out);
  {
    DeferInterrupts Defer;
    if (HadOld)
      if (std::error_code EC = fs::rename(Out, Old))
        return makeError(
            Out, 0, 0, "cannot move the earlier output aside: " + EC.message());
    if (std::error_code EC = fs::rename(Temp, Out)) {
      if (HadOld)
        fs::rename(Old, Out);
      return makeError(Out, 0, 0,
                       "cannot move the output into place: " + EC.message());
    }
  }
  if (HadOld) {
    RemoveOnInterrupt Cleanup(Old);
    if (std::error_code EC = fs::remove_directories(Old))
      return makeError(Old, 0, 0,
                       "the new output is in place, but the earlier one "
                       "could not be removed: " +
                           EC.message());
  }
  return llvm::Error::success();
}

llvm::Expected<std::unique_ptr<StashedFiles>>
StashedFiles::stash(llvm::StringRef Dir,
                    std::function<bool(llvm::StringRef)> Select) {
  std::unique_ptr<StashedFiles> S(new StashedFiles());
  S->Dir = Dir.str();
  S->Select = Select;
  llvm::SmallString<256> Stash(Dir);
  path::append(Stash, ".previous");
  S->Stash = std::string(Stash);
  std::vector<std::string> Names;
  std::error_code EC;
  for (fs::directory_iterator It(Dir, EC), End; It != End && !EC;
       It.increment(EC)) {
    llvm::StringRef Name = path::filename(It->path());
    if (Select(Name))
      Names.push_back(Name.str());
  }
  // A stash that an earlier process left (it was killed) is older than
  // what is in Dir now: it goes.
  if (fs::exists(S->Stash))
    fs::remove_directories(S->Stash);
  if (Names.empty())
    return S;
  if (std::error_code E = fs::create_directories(S->Stash))
    return makeError(S->Stash, 0, 0,
                     "cannot keep the earlier results aside: " + E.message());
  for (const std::string &Name : Names) {
    llvm::SmallString<256> From(Dir), To(S->Stash);
    path::append(From, Name);
    path::append(To, Name);
    if (std::error_code E = fs::rename(From, To))
      return makeError(From, 0, 0,
                       "cannot keep the earlier result aside: " + E.message());
    S->Names.push_back(Name);
  }
  return S;
}

StashedFiles::~StashedFiles() {
  if (Stash.empty())
    return;
  if (Committed) {
    fs::remove_directories(Stash);
    return;
  }
  // Failed: the new results go, the earlier come back.
  std::vector<std::string> New;
  std::error_code EC;
  for (fs::directory_iterator It(Dir, EC), End; It != End && !EC;
       It.increment(EC))
    if (Select(path::filename(It->path())))
      New.push_back(It->path());
  for (const std::string &File : New)
    fs::remove(File);
  for (const std::string &Name : Names) {
    llvm::SmallString<256> From(Stash), To(Dir);
    path::append(From, Name);
    path::append(To, Name);
    fs::remove(To);
    fs::rename(From, To);
  }
  fs::remove_directories(Stash);
}

} // namespace varsim
