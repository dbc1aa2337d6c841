//===- model/validation/BuildDir.cpp - Build directories and logs ---------===//

#include "model/validation/BuildDir.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

namespace varsim::validation {

std::error_code prepareBuildDir(llvm::StringRef Dir, llvm::StringRef StampPath,
                                llvm::StringRef Command) {
  std::string Wanted = "build: " + Command.str() + "\n";
  std::string Had;
  if (auto Buffer = llvm::MemoryBuffer::getFile(StampPath))
    Had = (*Buffer)->getBuffer().str();
  if (Had != Wanted)
    llvm::sys::fs::remove_directories(Dir, /*IgnoreErrors=*/true);
  if (std::error_code EC = llvm::sys::fs::create_directories(Dir))
    return EC;
  std::error_code EC;
  llvm::raw_fd_ostream OS(StampPath, EC);
  if (!EC)
    OS << Wanted;
  return EC;
}

std::string tailOf(llvm::StringRef Path, unsigned Lines) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  if (!Buffer)
    return "";
  llvm::SmallVector<llvm::StringRef, 64> All;
  (*Buffer)->getBuffer().split(All, '\n', -1, /*KeepEmpty=*/false);
  std::string Out;
  size_t First = All.size() > Lines ? All.size() - Lines : 0;
  for (size_t I = First; I < All.size(); ++I)
    Out += "\n    " + All[I].rtrim().take_front(200).str();
  return Out;
}

} // namespace varsim::validation
