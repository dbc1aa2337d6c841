//===- dataflow/Facts.cpp - Data-flow facts as JSON and text --------------===//

#include "dataflow/DataFlow.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <limits>

namespace varsim::dataflow {

std::vector<std::string> DataFlowFacts::featuresOf(unsigned Region) const {
  for (const Influence &I : Regions)
    if (I.Region == Region)
      return I.Features;
  return {};
}

namespace {

llvm::json::Value pointToJSON(const SourcePoint &P) {
  return llvm::json::Object{{"file", P.File}, {"line", P.Line}};
}

bool pointFromJSON(const llvm::json::Value *V, SourcePoint &P,
                   llvm::json::Path Path) {
  if (!V) {
    Path.report("missing");
    return false;
  }
  llvm::json::ObjectMapper O(*V, Path);
  int64_t Line = 0;
  if (!O || !O.map("file", P.File) || !O.map("line", Line))
    return false;
  P.Line = static_cast<unsigned>(Line);
  return true;
}

llvm::json::Value influenceToJSON(const Influence &I) {
  llvm::json::Array Evidence;
  for (const struct Evidence &E : I.Evidences)
    Evidence.push_back(llvm::json::Object{{"feature", E.Feature},
                                          {"source", pointToJSON(E.Source)},
                                          {"sink", pointToJSON(E.Sink)},
                                          {"via", E.Via},
                                          {"kind", E.Kind}});
  llvm::json::Object O{{"function", I.Function},
                       {"features", I.Features},
                       {"evidence", std::move(Evidence)}};
  if (I.Region)
    O["region"] = *I.Region;
  return O;
}

bool influenceFromJSON(const llvm::json::Value &V, Influence &I,
                       llvm::json::Path P) {
  llvm::json::ObjectMapper O(V, P);
  std::optional<int64_t> Region;
  if (!O || !O.map("function", I.Function) || !O.map("features", I.Features) ||
      !O.mapOptional("region", Region))
    return false;
  if (Region)
    I.Region = static_cast<unsigned>(*Region);
  const llvm::json::Array *Evidence = V.getAsObject()->getArray("evidence");
  if (!Evidence)
    return true;
  for (size_t K = 0; K < Evidence->size(); ++K) {
    llvm::json::Path EP = P.field("evidence").index(K);
    llvm::json::ObjectMapper EO((*Evidence)[K], EP);
    struct Evidence E;
    if (!EO || !EO.map("feature", E.Feature) || !EO.mapOptional("via", E.Via) ||
        !EO.mapOptional("kind", E.Kind))
      return false;
    if (E.Kind != "data" && E.Kind != "control" && E.Kind != "callee") {
      EP.field("kind").report("expected \"data\", \"control\" or \"callee\"");
      return false;
    }
    const llvm::json::Object *Obj = (*Evidence)[K].getAsObject();
    if (!pointFromJSON(Obj->get("source"), E.Source, EP.field("source")) ||
        !pointFromJSON(Obj->get("sink"), E.Sink, EP.field("sink")))
      return false;
    I.Evidences.push_back(std::move(E));
  }
  return true;
}

} // namespace

llvm::json::Value toJSON(const DataFlowFacts &F) {
  llvm::json::Array Regions, Functions;
  for (const Influence &I : F.Regions)
    Regions.push_back(influenceToJSON(I));
  for (const Influence &I : F.Functions)
    Functions.push_back(influenceToJSON(I));
  llvm::json::Object Out{
      {"version", 1},
      {"locations", F.OriginalLocations ? "original" : "simulator"},
      {"translation_units", F.TranslationUnits},
      {"regions", std::move(Regions)},
      {"functions", std::move(Functions)}};
  // Only when there is some: manifests without it read as "everything
  // reachable", the sound default.
  if (!F.UnreachableRegions.empty() || !F.UnreachableFunctions.empty())
    Out["unreachable"] = llvm::json::Object{
        {"regions", llvm::json::Array(F.UnreachableRegions)},
        {"functions", llvm::json::Array(F.UnreachableFunctions)}};
  return Out;
}

bool fromJSON(const llvm::json::Value &V, DataFlowFacts &F,
              llvm::json::Path P) {
  llvm::json::ObjectMapper O(V, P);
  int64_t Version = 0;
  std::string Locations;
  if (!O || !O.map("version", Version) || !O.map("locations", Locations))
    return false;
  if (Version != 1) {
    P.field("version").report("unsupported data-flow facts version");
    return false;
  }
  F.OriginalLocations = Locations == "original";
  int64_t TUs = 0;
  O.mapOptional("translation_units", TUs);
  F.TranslationUnits = static_cast<unsigned>(TUs);
  for (auto [Key, Out] : {std::pair{"regions", &F.Regions},
                          std::pair{"functions", &F.Functions}}) {
    const llvm::json::Array *A = V.getAsObject()->getArray(Key);
    if (!A) {
      P.field(Key).report("expected an array");
      return false;
    }
    for (size_t K = 0; K < A->size(); ++K) {
      Influence I;
      if (!influenceFromJSON((*A)[K], I, P.field(Key).index(K)))
        return false;
      Out->push_back(std::move(I));
    }
  }
  if (V.getAsObject()->get("unreachable")) {
    llvm::json::ObjectMapper U(*V.getAsObject()->get("unreachable"),
                               P.field("unreachable"));
    std::vector<int64_t> Ids;
    if (!U || !U.map("regions", Ids) ||
        !U.map("functions", F.UnreachableFunctions))
      return false;
    for (size_t K = 0; K < Ids.size(); ++K) {
      if (Ids[K] < 0 || Ids[K] > std::numeric_limits<unsigned>::max()) {
        P.field("unreachable")
            .field("regions")
            .index(K)
            .report("expected a region id");
        return false;
      }
      F.UnreachableRegions.push_back(static_cast<unsigned>(Ids[K]));
    }
  }
  return true;
}

void printReport(const DataFlowFacts &F, llvm::raw_ostream &OS,
                 const std::map<unsigned, std::string> &RegionLabels) {
  OS << "data-flow checks: " << F.TranslationUnits
     << " translation unit(s); locations are in the "
     << (F.OriginalLocations ? "original" : "simulator's (rewritten)")
     << " sources\n";
  if (F.Regions.empty() && F.Functions.empty()) {
    OS << "no feature data reaches control flow: one run per exclusive "
          "alternative is enough\n";
    return;
  }
  // An empty Via (or one that only names the unmarked callee): the
  // feature's value is read where it decides, no variable carries it.
  auto ViaText = [](const Evidence &E) {
    if (E.Via.empty())
      return std::string(", read directly");
    if (llvm::StringRef(E.Via).starts_with("in "))
      return ", read directly " + E.Via;
    return ", via " + E.Via;
  };
  auto Print = [&](const Influence &I, llvm::StringRef Title) {
    OS << Title << ": " << llvm::join(I.Features, ", ") << "\n";
    for (const Evidence &E : I.Evidences) {
      if (E.Kind == "control" && E.Via == "feature switch")
        OS << "  " << E.Feature << ": the feature switch at " << E.Sink.str()
           << " calls the variant defined at " << E.Source.str()
           << ", which has no marker of its own: its time is the switch's\n";
      else if (E.Kind == "unmarked")
        OS << "  " << E.Feature << ": " << E.Via
           << " (no marker of its own: its time is the region's)\n";
      else if (E.Kind == "callee")
        OS << "  " << E.Feature << ": written/read at " << E.Source.str()
           << ViaText(E)
           << ", decides control flow in a callee without a marker (its "
              "time is the region's), called at "
           << E.Sink.str() << "\n";
      else if (E.Kind == "control")
        OS << "  " << E.Feature << ": " << E.Via << " at " << E.Sink.str()
           << " out of the region or condition at " << E.Source.str()
           << ": what follows runs only when it is not taken\n";
      else
        OS << "  " << E.Feature << ": written/read at " << E.Source.str()
           << ViaText(E) << ", decides control flow at " << E.Sink.str()
           << "\n";
    }
  };
  for (const Influence &I : F.Regions) {
    unsigned Id = I.Region.value_or(0);
    std::string Title = "region " + std::to_string(Id);
    auto Label = RegionLabels.find(Id);
    Title +=
        Label != RegionLabels.end() ? " " + Label->second : " in " + I.Function;
    Print(I, Title);
  }
  for (const Influence &I : F.Functions)
    Print(I, "function " + I.Function);
}

} // namespace varsim::dataflow
