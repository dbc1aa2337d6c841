//===- manifest/ManifestReader.cpp - OUT/manifest.json, read --------------===//
//
// Reads the JSON text of a manifest; makes the Manifest record. Malformed
// JSON is located (`file:line:col: error:`); a wrong format or version, and
// an entry the later stages cannot use, is an error naming the entry. Keys
// a stage does not need read as empty when absent (older rewrites).
//
//===----------------------------------------------------------------------===//

#include "manifest/Manifest.h"

#include "support/Diagnostic.h"
#include "support/JsonError.h"

#include "llvm/Support/MemoryBuffer.h"

#include <limits>
#include <set>

namespace json = llvm::json;

namespace varsim::manifest {
namespace {

std::string str(const json::Object &O, llvm::StringRef Key,
                llvm::StringRef Default = "") {
  return O.getString(Key).value_or(Default).str();
}

/// A line number or count: 0 when absent, negative or too large.
unsigned count(const json::Object &O, llvm::StringRef Key) {
  std::optional<int64_t> N = O.getInteger(Key);
  return N && *N > 0 && *N <= std::numeric_limits<unsigned>::max()
             ? static_cast<unsigned>(*N)
             : 0;
}

template <class Fn>
void forEachObject(const json::Object &Root, llvm::StringRef Key, Fn F) {
  if (const json::Array *A = Root.getArray(Key))
    for (const json::Value &V : *A)
      if (const json::Object *O = V.getAsObject())
        F(*O);
}

std::vector<LoweredSite> readSites(const json::Object &Root,
                                   llvm::StringRef Key,
                                   llvm::StringRef KindKey) {
  std::vector<LoweredSite> Out;
  forEachObject(Root, Key, [&](const json::Object &O) {
    Out.push_back({str(O, "file"), count(O, "line"), str(O, KindKey),
                   str(O, "features")});
  });
  return Out;
}

llvm::Error readRegions(const json::Object &Root, llvm::StringRef Path,
                        Manifest &M) {
  const json::Array *Regions = Root.getArray("regions");
  if (!Regions)
    return makeError(Path, 0, 0, "has no \"regions\" array");
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
    Region Out;
    Out.Id = static_cast<unsigned>(*Id);
    if (const json::Value *C = R->get("condition")) {
      auto Text = C->getAsString();
      if (!Text)
        return makeError(Path, 0, 0,
                         "region " + llvm::Twine(K) +
                             ": \"condition\" is not a string");
      Out.Condition = Text->str();
    }
    Out.Kind = str(*R, "kind");
    Out.Function = str(*R, "function");
    Out.File = str(*R, "file");
    Out.Line = count(*R, "line");
    Out.EndLine = count(*R, "end_line");
    M.Regions.push_back(std::move(Out));
  }
  return llvm::Error::success();
}

} // namespace

llvm::Expected<json::Value> parseManifestJSON(llvm::StringRef Text,
                                              llvm::StringRef Path) {
  auto V = json::parse(Text);
  if (!V)
    return locatedJsonError(Path, V.takeError(), "not valid JSON");
  const json::Object *Root = V->getAsObject();
  if (!Root || Root->getString("format") != "varsim-manifest")
    return makeError(Path, 0, 0,
                     "not a varsim manifest (\"format\" is not "
                     "\"varsim-manifest\")");
  if (Root->getInteger("version") != ManifestVersion)
    return makeError(Path, 0, 0,
                     "unsupported manifest version (this varsim reads " +
                         llvm::Twine(ManifestVersion) + ")");
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
    U.Kind = str(*E, "kind");
    U.Function = str(*E, "function");
    U.Condition = str(*E, "condition", "1");
    U.File = str(*E, "file");
    U.Line = count(*E, "line");
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

llvm::Expected<Manifest> readManifest(const json::Object &Root,
                                      llvm::StringRef Path) {
  Manifest M;
  M.VarsimVersion = str(Root, "varsim_version");
  M.BuildId = str(Root, "build_id");
  M.ProjectRoot = str(Root, "project_root");
  M.CompileCommands = str(Root, "compile_commands");
  if (const json::Object *FM = Root.getObject("feature_model")) {
    M.FeatureModelPath = str(*FM, "path");
    M.ModelInferred = FM->getBoolean("inferred").value_or(false);
  } else if (auto P = Root.getString("feature_model")) {
    M.FeatureModelPath = P->str(); // An older rewrite's form.
  }
  M.Granularity = str(Root, "granularity");
  if (auto Default = Root.getString("default_config"))
    M.DefaultConfig = Default->str();
  forEachObject(Root, "features", [&](const json::Object &O) {
    Feature F;
    F.Name = str(O, "name");
    F.Macro = str(O, "macro");
    F.Numeric = O.getString("kind") == "numeric";
    F.Mandatory = O.getBoolean("mandatory").value_or(false);
    F.Abstract = O.getBoolean("abstract").value_or(false);
    F.Encoded = O.getBoolean("encoded").value_or(false);
    F.Min = O.getInteger("min").value_or(0);
    F.Max = O.getInteger("max").value_or(1);
    F.Default = O.getInteger("default").value_or(0);
    F.Parent = str(O, "parent");
    M.Features.push_back(std::move(F));
  });
  forEachObject(Root, "constraints", [&](const json::Object &O) {
    M.Constraints.push_back({str(O, "expression"), str(O, "description")});
  });
  if (const json::Array *A = Root.getArray("parse_configurations"))
    for (const json::Value &V : *A)
      if (auto S = V.getAsString())
        M.ParseConfigurations.push_back(S->str());
  M.TranslationUnits = count(Root, "translation_units");
  forEachObject(Root, "parses", [&](const json::Object &O) {
    ParseCountRow R;
    R.TranslationUnit = str(O, "translation_unit");
    R.Configuration = str(O, "configuration");
    R.Parses = count(O, "parses");
    if (const json::Object *ByPass = O.getObject("by_pass"))
      for (const auto &[Pass, N] : *ByPass)
        if (auto V = N.getAsInteger(); V && *V >= 0)
          R.ByPass[Pass.str()] = static_cast<unsigned>(*V);
    M.Parses.push_back(std::move(R));
  });
  if (llvm::Error E = readRegions(Root, Path, M))
    return E;
  forEachObject(Root, "renamings", [&](const json::Object &O) {
    M.Renamings.push_back({str(O, "original"), str(O, "renamed"),
                           str(O, "condition"), str(O, "file"),
                           count(O, "line")});
  });
  forEachObject(Root, "unmarked_functions", [&](const json::Object &O) {
    M.UnmarkedFunctions.push_back({str(O, "function"), str(O, "file"),
                                   count(O, "line"), count(O, "end_line")});
  });
  forEachObject(Root, "feature_versions", [&](const json::Object &O) {
    FeatureVersioned V{str(O, "function"),   str(O, "file"),
                       count(O, "line"),     {},
                       count(O, "versions"), str(O, "dispatch")};
    if (const json::Array *Fs = O.getArray("features"))
      for (const json::Value &F : *Fs)
        if (auto S = F.getAsString())
          V.Features.push_back(S->str());
    M.FeatureVersions.push_back(std::move(V));
  });
  auto Unmarked = readUnmarkedCode(Root, Path);
  if (!Unmarked)
    return Unmarked.takeError();
  M.Unmarked = std::move(*Unmarked);
  M.TemplateSites = readSites(Root, "template_sites", "idiom");
  M.GlobalSites = readSites(Root, "global_sites", "construct");
  M.ForeignSites = readSites(Root, "foreign_sites", "construct");
  forEachObject(Root, "files", [&](const json::Object &O) {
    M.Files.push_back({str(O, "original"), str(O, "written"),
                       O.getBoolean("rewritten").value_or(false)});
  });
  if (const json::Value *V = Root.get("dataflow"))
    M.DataFlow = *V;
  if (const json::Value *V = Root.get("plan"))
    M.Plan = *V;
  return M;
}

llvm::Expected<Manifest> readManifestText(llvm::StringRef Text,
                                          llvm::StringRef Path) {
  auto V = parseManifestJSON(Text, Path);
  if (!V)
    return V.takeError();
  return readManifest(*V->getAsObject(), Path);
}

llvm::Expected<Manifest> readManifestFile(llvm::StringRef Path) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  if (!Buffer)
    return makeError(
        Path, 0, 0, "cannot read the manifest: " + Buffer.getError().message());
  return readManifestText((*Buffer)->getBuffer(), Path);
}

} // namespace varsim::manifest
