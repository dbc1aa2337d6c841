//===- profile/StageCache.cpp - Which stages can be reused ---------------===//

#include "profile/StageCache.h"

#include "support/Diagnostic.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <algorithm>
#include <vector>

namespace varsim::profile {

StageKey &StageKey::add(llvm::StringRef Text) {
  // Length-prefixed so that ("ab","c") and ("a","bc") differ.
  std::string Framed = std::to_string(Text.size()) + ":" + Text.str();
  H = llvm::xxh3_64bits(llvm::StringRef(Framed)) ^ (H * 0x100000001b3ULL);
  return *this;
}

StageKey &StageKey::addFile(llvm::StringRef Path) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
  if (!Buffer)
    return add("missing:" + Path.str());
  add(Path);
  return add(llvm::utohexstr(
      llvm::xxh3_64bits(llvm::arrayRefFromStringRef((*Buffer)->getBuffer()))));
}

StageKey &StageKey::addTree(llvm::StringRef Dir,
                            llvm::function_ref<bool(llvm::StringRef)> Filter,
                            llvm::ArrayRef<std::string> SkipDirs) {
  std::vector<std::string> Files;
  std::error_code EC;
  for (llvm::sys::fs::recursive_directory_iterator It(Dir, EC), End;
       It != End && !EC; It.increment(EC)) {
    llvm::StringRef Name = llvm::sys::path::filename(It->path());
    if (It->type() == llvm::sys::fs::file_type::directory_file) {
      bool Skip = Name.starts_with(".") ||
                  llvm::is_contained(SkipDirs, It->path()) ||
                  llvm::is_contained(SkipDirs, Name.str());
      if (Skip)
        It.no_push();
      continue;
    }
    if (It->type() == llvm::sys::fs::file_type::regular_file && Filter(Name))
      Files.push_back(It->path());
  }
  std::sort(Files.begin(), Files.end());
  for (const std::string &F : Files) {
    add(llvm::StringRef(F).drop_front(std::min(F.size(), Dir.size())));
    addFile(F);
  }
  return *this;
}

std::string StageKey::hex() const { return llvm::utohexstr(H, true, 16); }

StageCache::StageCache(std::string D) : Dir(std::move(D)) {
  llvm::SmallString<256> P(Dir);
  llvm::sys::path::append(P, "stages.json");
  auto Buffer = llvm::MemoryBuffer::getFile(P);
  if (!Buffer)
    return;
  auto V = llvm::json::parse((*Buffer)->getBuffer());
  if (!V) {
    llvm::consumeError(V.takeError());
    return;
  }
  if (const llvm::json::Object *O = V->getAsObject())
    if (const llvm::json::Object *S = O->getObject("stages"))
      for (const auto &[K, Val] : *S)
        if (auto Str = Val.getAsString())
          Keys[K.str()] = Str->str();
}

bool StageCache::upToDate(llvm::StringRef Stage, llvm::StringRef Key) const {
  auto It = Keys.find(Stage);
  return It != Keys.end() && It->second == Key;
}

llvm::Error StageCache::invalidate(llvm::StringRef Stage) {
  Keys.erase(Stage);
  return save();
}

llvm::Error StageCache::record(llvm::StringRef Stage, llvm::StringRef Key) {
  Keys[Stage] = Key.str();
  return save();
}

llvm::Error StageCache::save() const {
  if (std::error_code EC = llvm::sys::fs::create_directories(Dir))
    return makeError(Dir, 0, 0, "cannot create: " + EC.message());
  llvm::json::Object Stages;
  for (const auto &E : Keys)
    Stages[E.getKey()] = E.getValue();
  llvm::SmallString<256> P(Dir);
  llvm::sys::path::append(P, "stages.json");
  return llvm::writeToOutput(P, [&](llvm::raw_ostream &OS) {
    OS << llvm::formatv("{0:2}", llvm::json::Value(llvm::json::Object{
                                     {"format", "varsim-profile-stages"},
                                     {"version", 1},
                                     {"stages", std::move(Stages)}}))
       << "\n";
    return llvm::Error::success();
  });
}

} // namespace varsim::profile
