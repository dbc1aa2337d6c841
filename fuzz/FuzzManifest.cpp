//===- fuzz/FuzzManifest.cpp - OUT/manifest.json reader and the plan ------===//
//
// Any bytes as a manifest: either a located error, or regions whose
// presence conditions the planner takes (over a fixed small model).
//
//===----------------------------------------------------------------------===//

#include "plan/ManifestReader.h"
#include "support/Diagnostic.h"

#include <cstdint>
#include <cstdlib>

namespace {

const char *ModelXml = R"(<?xml version="1.0"?>
<featureModel><struct>
  <and abstract="true" mandatory="true" name="Root">
    <feature name="A"/><feature name="B"/>
    <alt abstract="true" name="G"><feature name="X"/><feature name="Y"/></alt>
  </and>
</struct><constraints><rule><imp><var>A</var><var>B</var></imp></rule>
</constraints></featureModel>)";

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  static auto Model = varsim::fm::parseFeatureModel(ModelXml, "model.xml");
  if (!Model)
    std::abort();
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  auto V = varsim::manifest::parseManifestJSON(Text, "manifest.json");
  if (!V) {
    llvm::consumeError(V.takeError());
    return 0;
  }
  auto S =
      varsim::plan::readManifestSummary(*V->getAsObject(), "manifest.json");
  if (!S) {
    llvm::consumeError(S.takeError());
    return 0;
  }
  if (S->Regions.size() > 64)
    return 0;
  auto P = varsim::plan::computePlan(*Model, S->Regions, {});
  if (!P)
    llvm::consumeError(P.takeError());
  return 0;
}
