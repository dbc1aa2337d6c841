//===- model/UnmarkedCode.cpp - Feature code timed in its callers ---------===//

#include "model/UnmarkedCode.h"

#include "manifest/Manifest.h"
#include "support/Diagnostic.h"

#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>
#include <set>

namespace varsim::model {

namespace json = llvm::json;

llvm::Expected<RegionInfluences>
unmarkedCodeInfluences(const json::Object &Manifest, llvm::StringRef Path) {
  // The planner reads the same entries (as facts to observe): one reader.
  auto Entries = manifest::readUnmarkedCode(Manifest, Path);
  if (!Entries)
    return Entries.takeError();
  RegionInfluences Out;
  for (const manifest::UnmarkedCode &U : *Entries)
    for (unsigned Id : U.TimedIn) {
      std::vector<std::string> &Into = Out[Id];
      Into.insert(Into.end(), U.Features.begin(), U.Features.end());
    }
  for (auto &[Region, Names] : Out) {
    llvm::sort(Names);
    Names.erase(std::unique(Names.begin(), Names.end()), Names.end());
  }
  return Out;
}

llvm::Expected<RegionInfluences>
loadUnmarkedCodeInfluences(llvm::StringRef Path) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  if (!Buffer)
    return makeError(Path, 0, 0, "cannot read: " + Buffer.getError().message());
  // The same checks as the planner's (format, version, located errors).
  llvm::Expected<json::Value> Root =
      manifest::parseManifestJSON((*Buffer)->getBuffer(), Path);
  if (!Root)
    return Root.takeError();
  return unmarkedCodeInfluences(*Root->getAsObject(), Path);
}

void mergeInfluences(RegionInfluences &Into, const RegionInfluences &From) {
  for (const auto &[Region, Names] : From) {
    std::vector<std::string> &Own = Into[Region];
    std::set<std::string> All(Own.begin(), Own.end());
    All.insert(Names.begin(), Names.end());
    Own.assign(All.begin(), All.end());
  }
}

} // namespace varsim::model
