//===- plan/ManifestReader.cpp - OUT/manifest.json ------------------------===//

#include "plan/ManifestReader.h"

#include "support/Diagnostic.h"
#include "support/JsonError.h"

#include <limits>
#include <map>
#include <set>

namespace json = llvm::json;

namespace varsim::plan {

llvm::Expected<json::Value> parseManifest(llvm::StringRef Text,
                                          llvm::StringRef Path) {
  auto V = json::parse(Text);
  if (!V)
    return locatedJsonError(Path, V.takeError(), "not valid JSON");
  const json::Object *Root = V->getAsObject();
  if (!Root || Root->getString("format") != "varsim-manifest")
    return makeError(Path, 0, 0,
                     "not a varsim manifest (\"format\" is not "
                     "\"varsim-manifest\")");
  if (Root->getInteger("version") != 1)
    return makeError(Path, 0, 0,
                     "unsupported manifest version (this varsim reads 1)");
  return V;
}

llvm::Expected<std::vector<UnmarkedCode>>
readUnmarkedCode(const json::Object &Root, llvm::StringRef Path) {
  std::vector<UnmarkedCode> Out;
  const json::Value *Key = Root.get("unmarked_code");
  if (!Key)
    return Out;
  const json::Array *Entries = Key->getAsArray();
  if (!Entries)
    return makeError(Path, 0, 0, "\"unmarked_code\" is not an array");
  for (size_t K = 0; K < Entries->size(); ++K) {
    const json::Object *E = (*Entries)[K].getAsObject();
    const json::Array *Features = E ? E->getArray("features") : nullptr;
    const json::Array *TimedIn = E ? E->getArray("timed_in") : nullptr;
    if (!Features || !TimedIn)
      return makeError(Path, 0, 0,
                       "\"unmarked_code\" entry " + llvm::Twine(K) +
                           " has no \"features\" and \"timed_in\" arrays");
    UnmarkedCode U;
    U.Kind = E->getString("kind").value_or("").str();
    U.Function = E->getString("function").value_or("").str();
    U.Condition = E->getString("condition").value_or("1").str();
    U.File = E->getString("file").value_or("").str();
    std::optional<int64_t> Line = E->getInteger("line");
    U.Line = Line && *Line > 0 && *Line <= std::numeric_limits<unsigned>::max()
                 ? static_cast<unsigned>(*Line)
                 : 0;
    for (const json::Value &F : *Features) {
      auto Name = F.getAsString();
      if (!Name)
        return makeError(Path, 0, 0,
                         "\"unmarked_code\" entry " + llvm::Twine(K) +
                             ": a feature is not a string");
      U.Features.push_back(Name->str());
    }
    for (const json::Value &R : *TimedIn) {
      std::optional<int64_t> Id = R.getAsInteger();
      if (!Id || *Id < 0 || *Id > std::numeric_limits<unsigned>::max())
        return makeError(Path, 0, 0,
                         "\"unmarked_code\" entry " + llvm::Twine(K) +
                             ": a \"timed_in\" region id is not a "
                             "non-negative integer");
      U.TimedIn.push_back(static_cast<unsigned>(*Id));
    }
    Out.push_back(std::move(U));
  }
  return Out;
}

llvm::Expected<ManifestSummary> readManifestSummary(const json::Object &Root,
                                                    llvm::StringRef Path) {
  ManifestSummary S;
  if (const json::Object *FM = Root.getObject("feature_model")) {
    if (auto P = FM->getString("path"))
      S.FeatureModelPath = P->str();
  } else if (auto P = Root.getString("feature_model")) {
    S.FeatureModelPath = P->str();
  }
  if (auto Default = Root.getString("default_config"))
    S.DefaultConfig = Default->str();

  const json::Array *Regions = Root.getArray("regions");
  if (!Regions)
    return makeError(Path, 0, 0, "has no \"regions\" array");
  // A region inside a function that exists only in some configurations
  // (a definition renamed per variant, lookup__varsim_CACHE) runs only
  // under the function's condition too: the manifest gives each region its
  // own #if condition only.
  std::map<std::pair<std::string, std::string>, std::string> FunctionCondition;
  for (const json::Value &V : *Regions)
    if (const json::Object *R = V.getAsObject();
        R && R->getString("kind") == "function")
      FunctionCondition[{R->getString("file").value_or("").str(),
                         R->getString("function").value_or("").str()}] =
          R->getString("condition").value_or("1").str();
  std::set<unsigned> Ids;
  for (size_t K = 0; K < Regions->size(); ++K) {
    const json::Object *R = (*Regions)[K].getAsObject();
    std::optional<int64_t> Id = R ? R->getInteger("id") : std::nullopt;
    if (!Id || *Id < 0 || *Id > std::numeric_limits<unsigned>::max())
      return makeError(Path, 0, 0,
                       "region " + llvm::Twine(K) + " has no valid \"id\"");
    if (!Ids.insert(static_cast<unsigned>(*Id)).second)
      return makeError(Path, 0, 0,
                       "region " + llvm::Twine(K) + ": id " + llvm::Twine(*Id) +
                           " appears twice");
    RegionToCover Region;
    Region.Id = static_cast<unsigned>(*Id);
    if (const json::Value *C = R->get("condition")) {
      auto Text = C->getAsString();
      if (!Text)
        return makeError(Path, 0, 0,
                         "region " + llvm::Twine(K) +
                             ": \"condition\" is not a string");
      Region.Condition = Text->str();
    }
    if (R->getString("kind") != "function") {
      auto Fn =
          FunctionCondition.find({R->getString("file").value_or("").str(),
                                  R->getString("function").value_or("").str()});
      if (Fn != FunctionCondition.end() && Fn->second != "1" &&
          Fn->second != Region.Condition)
        Region.Condition = "(" + Region.Condition + ") && (" + Fn->second + ")";
    }
    std::string Label = R->getString("function").value_or("").str();
    if (auto File = R->getString("file"))
      Label += " (" + File->str() + ":" +
               std::to_string(R->getInteger("line").value_or(0)) + ")";
    Region.Label = Label;
    S.RegionLabels[Region.Id] = Label;
    S.Regions.push_back(std::move(Region));
  }
  // Each variant of a definition renamed per configuration runs only under
  // its condition; a tiny one has no region of its own (the feature
  // switch's region has condition 1), so without this the plan could leave
  // an `#else` definition unmeasured.
  if (const json::Array *Renamings = Root.getArray("renamings")) {
    for (const json::Value &V : *Renamings) {
      const json::Object *R = V.getAsObject();
      if (!R)
        continue;
      std::optional<llvm::StringRef> Condition = R->getString("condition");
      if (!Condition || *Condition == "1")
        continue;
      RegionToCover Variant;
      Variant.IsVariant = true;
      Variant.Condition = Condition->str();
      Variant.Label = R->getString("renamed").value_or("").str();
      if (auto File = R->getString("file"))
        Variant.Label += " (" + File->str() + ":" +
                         std::to_string(R->getInteger("line").value_or(0)) +
                         ")";
      S.Regions.push_back(std::move(Variant));
    }
  }
  auto Unmarked = readUnmarkedCode(Root, Path);
  if (!Unmarked)
    return Unmarked.takeError();
  S.Unmarked = std::move(*Unmarked);
  return S;
}

} // namespace varsim::plan
