//===- model/UnmarkedCode.cpp - Feature code timed in its callers ---------===//

#include "model/UnmarkedCode.h"

#include "support/Diagnostic.h"

#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>
#include <set>

namespace varsim::model {

namespace json = llvm::json;

llvm::Expected<RegionInfluences>
unmarkedCodeInfluences(const json::Object &Manifest, llvm::StringRef Path) {
  RegionInfluences Out;
  const json::Value *Key = Manifest.get("unmarked_code");
  if (!Key)
    return Out;
  const json::Array *Entries = Key->getAsArray();
  if (!Entries)
    return makeError(Path, 0, 0, "\"unmarked_code\" is not an array");
  for (const json::Value &V : *Entries) {
    const json::Object *E = V.getAsObject();
    const json::Array *Features = E ? E->getArray("features") : nullptr;
    const json::Array *TimedIn = E ? E->getArray("timed_in") : nullptr;
    if (!Features || !TimedIn)
      return makeError(Path, 0, 0,
                       "an \"unmarked_code\" entry without \"features\" and "
                       "\"timed_in\" arrays");
    std::vector<std::string> Names;
    for (const json::Value &F : *Features) {
      auto Name = F.getAsString();
      if (!Name)
        return makeError(Path, 0, 0,
                         "an \"unmarked_code\" feature is not a string");
      Names.push_back(Name->str());
    }
    for (const json::Value &R : *TimedIn) {
      auto Id = R.getAsInteger();
      if (!Id || *Id < 0)
        return makeError(Path, 0, 0,
                         "an \"unmarked_code\" region id is not a "
                         "non-negative integer");
      std::vector<std::string> &Into = Out[static_cast<unsigned>(*Id)];
      Into.insert(Into.end(), Names.begin(), Names.end());
    }
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
  llvm::Expected<json::Value> Root = json::parse((*Buffer)->getBuffer());
  if (!Root)
    return makeError(Path, 0, 0,
                     "not valid JSON: " + llvm::toString(Root.takeError()));
  const json::Object *O = Root->getAsObject();
  if (!O)
    return makeError(Path, 0, 0, "not a JSON object");
  return unmarkedCodeInfluences(*O, Path);
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
