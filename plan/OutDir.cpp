//===- plan/OutDir.cpp - A plan from a rewrite's output -------------------===//

#include "plan/OutDir.h"

#include "condition/Condition.h"
#include "feature_models/Validity.h"
#include "plan/AnalysisOptions.h"
#include "plan/ManifestReader.h"
#include "plan/OnDemand.h"
#include "plan/Reachable.h"

#include "support/JsonError.h"

#include "support/Diagnostic.h"
#include "support/GeneratedHeaders.h"
#include "support/Output.h"

#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CommonOptionsParser.h"
#include "clang/Tooling/JSONCompilationDatabase.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <functional>
#include <map>
#include <set>

namespace varsim::plan {

namespace json = llvm::json;

namespace {

std::string inOut(llvm::StringRef OutDir, llvm::StringRef Path) {
  if (llvm::sys::path::is_absolute(Path))
    return Path.str();
  llvm::SmallString<256> P(OutDir);
  llvm::sys::path::append(P, Path);
  return std::string(P);
}

llvm::Expected<json::Value> readJson(llvm::StringRef Path) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  if (!Buffer)
    return makeError(Path, 0, 0,
                     "cannot read: " + Buffer.getError().message() +
                         " (is this the output directory of 'varsim "
                         "rewrite'?)");
  auto V = json::parse((*Buffer)->getBuffer());
  if (!V)
    return locatedJsonError(Path, V.takeError(), "not valid JSON");
  return std::move(*V);
}

/// The rewriter keeps original line numbers (#line) in the files it
/// writes; with the manifest's file table the simulator's paths map back
/// to the original ones too.
void mapToOriginal(const json::Object &Root, llvm::StringRef OutDir,
                   dataflow::DataFlowFacts &Facts) {
  std::map<std::string, std::string> Original;
  if (const json::Array *Files = Root.getArray("files"))
    for (const json::Value &F : *Files)
      if (const json::Object *O = F.getAsObject()) {
        auto Written = O->getString("written");
        auto Orig = O->getString("original");
        if (!Written || !Orig)
          continue;
        llvm::SmallString<256> Abs(inOut(OutDir, *Written));
        llvm::sys::fs::make_absolute(Abs);
        llvm::sys::path::remove_dots(Abs, true);
        Original[std::string(Abs)] = Orig->str();
        // The rewritten files name their original (#line 1 "ORIGINAL"),
        // so a location may already be in the original sources.
        Original[Orig->str()] = Orig->str();
      }
  bool All = true;
  auto Map = [&](SourcePoint &P) {
    llvm::SmallString<256> Abs(P.File);
    llvm::sys::fs::make_absolute(Abs);
    llvm::sys::path::remove_dots(Abs, true);
    auto It = Original.find(std::string(Abs));
    if (It == Original.end())
      All = false;
    else
      P.File = It->second;
  };
  for (auto *List : {&Facts.Regions, &Facts.Functions})
    for (dataflow::Influence &I : *List)
      for (dataflow::Evidence &E : I.Evidences) {
        Map(E.Source);
        Map(E.Sink);
      }
  Facts.OriginalLocations = All;
}

/// Reads and checks OUT/manifest.json.
llvm::Expected<json::Value> readManifest(llvm::StringRef ManifestPath) {
  auto Buffer = llvm::MemoryBuffer::getFile(ManifestPath);
  if (!Buffer)
    return makeError(ManifestPath, 0, 0,
                     "cannot read: " + Buffer.getError().message() +
                         " (is this the output directory of 'varsim "
                         "rewrite'?)");
  return manifest::parseManifestJSON((*Buffer)->getBuffer(), ManifestPath);
}

/// The analysis of the units parsed under another directory, with their
/// paths (in locations and in the evidence's words) as they are in OutDir,
/// i.e. as a parse of OUT would give them.
dataflow::DataFlowFacts analyseParsed(const json::Object &Root,
                                      llvm::StringRef OutDir,
                                      const ParsedSimulator &Parsed) {
  // analyzeDataFlow's order: by file name, then database order.
  std::vector<clang::ASTUnit *> Units = Parsed.Units;
  llvm::stable_sort(Units, [](clang::ASTUnit *A, clang::ASTUnit *B) {
    return A->getMainFileName() < B->getMainFileName();
  });
  dataflow::DataFlowFacts Facts =
      dataflow::analyzeUnits(Units, analysisOptions(Root));
  llvm::SmallString<256> Abs(OutDir);
  llvm::sys::fs::make_absolute(Abs);
  llvm::sys::path::remove_dots(Abs, true);
  std::string From = Parsed.ParsedUnder + "/", To = std::string(Abs) + "/";
  auto Move = [&](std::string &S) {
    for (size_t At = S.find(From); At != std::string::npos;
         At = S.find(From, At + To.size()))
      S.replace(At, From.size(), To);
  };
  for (auto *List : {&Facts.Regions, &Facts.Functions})
    for (dataflow::Influence &I : *List)
      for (dataflow::Evidence &E : I.Evidences) {
        Move(E.Source.File);
        Move(E.Sink.File);
        Move(E.Via);
      }
  return Facts;
}

/// Runs the analysis over OUT/compile_commands.json.
llvm::Expected<dataflow::DataFlowFacts> analyse(const json::Object &Root,
                                                llvm::StringRef OutDir,
                                                const ParsedSimulator *Parsed) {
  if (Parsed) {
    dataflow::DataFlowFacts Facts = analyseParsed(Root, OutDir, *Parsed);
    mapToOriginal(Root, OutDir, Facts);
    return Facts;
  }
  std::string DbPath = inOut(OutDir, "compile_commands.json");
  std::string Err;
  auto Db = clang::tooling::JSONCompilationDatabase::loadFromFile(
      DbPath, Err, clang::tooling::JSONCommandLineSyntax::AutoDetect);
  if (!Db)
    return makeError(DbPath, 0, 0, "cannot load: " + Err);
  // Headers the project's build generated into its build directory are
  // found where it put them (the simulator's build generates them again).
  llvm::SmallString<256> MappedBuild(OutDir);
  llvm::sys::fs::make_absolute(MappedBuild);
  llvm::sys::path::append(MappedBuild, "build");
  llvm::sys::path::remove_dots(MappedBuild, true);
  std::string OriginalBuild;
  if (auto Original = Root.getString("compile_commands"))
    OriginalBuild = llvm::sys::path::parent_path(*Original).str();
  clang::tooling::ArgumentsAdjustingCompilations Adjusted(std::move(Db));
  if (!OriginalBuild.empty())
    Adjusted.appendArgumentsAdjuster(
        [MappedBuild = std::string(MappedBuild), OriginalBuild](
            const clang::tooling::CommandLineArguments &Args, llvm::StringRef) {
          clang::tooling::CommandLineArguments Out = Args;
          for (std::string &F :
               generatedHeaderFallbacks(Args, MappedBuild, OriginalBuild))
            Out.push_back(std::move(F));
          return Out;
        });
  auto Facts = dataflow::analyzeDataFlow(Adjusted, analysisOptions(Root));
  if (!Facts)
    return Facts.takeError();
  mapToOriginal(Root, OutDir, *Facts);
  return Facts;
}

/// A feature switch (a definition renamed per configuration, dispatched by
/// a run-time `if` on the feature) whose variants have no marker of their
/// own (a one-line accessor): the variants' time is the switch region's,
/// and which one runs is the feature's choice, so the switch region's
/// cost depends on the features of their conditions. That is a control
/// fact the taint analysis does not make (the dispatch's conditions are
/// guards there); without it the model gives the switch no term of the
/// feature and predicts every variant alike (test/accuracy/life_accessor).
void addSwitchFacts(const json::Object &Root, dataflow::DataFlowFacts &Facts) {
  const json::Array *Regions = Root.getArray("regions");
  const json::Array *Renamings = Root.getArray("renamings");
  if (!Regions || !Renamings)
    return;
  std::set<std::string> Marked; // Functions with a region of their own.
  for (const json::Value &V : *Regions)
    if (const json::Object *R = V.getAsObject())
      if (auto Fn = R->getString("function"))
        Marked.insert(Fn->str());
  for (const json::Value &V : *Regions) {
    const json::Object *Switch = V.getAsObject();
    if (!Switch || Switch->getString("kind") != "switch")
      continue;
    std::optional<int64_t> Id = Switch->getInteger("id");
    auto File = Switch->getString("file");
    auto Fn = Switch->getString("function");
    if (!Id || *Id < 0 || !File || !Fn)
      continue;
    std::vector<std::pair<std::string, SourcePoint>> Found;
    for (const json::Value &RV : *Renamings) {
      const json::Object *R = RV.getAsObject();
      if (!R || R->getString("file") != *File ||
          R->getString("original") != *Fn)
        continue;
      auto Renamed = R->getString("renamed");
      auto Condition = R->getString("condition");
      if (!Renamed || !Condition || Marked.count(Renamed->str()))
        continue;
      auto Parsed = condition::parsePresence(*Condition);
      if (!Parsed) {
        llvm::consumeError(Parsed.takeError());
        continue;
      }
      std::vector<std::string> Names = condition::namesOf(**Parsed);
      SourcePoint At{File->str(),
                     static_cast<unsigned>(R->getInteger("line").value_or(0)),
                     0};
      for (std::string &N : Names)
        Found.emplace_back(std::move(N), At);
    }
    if (Found.empty())
      continue;
    auto Existing = llvm::find_if(Facts.Regions, [&](const auto &I) {
      return I.Region == static_cast<unsigned>(*Id);
    });
    if (Existing == Facts.Regions.end()) {
      Facts.Regions.push_back({static_cast<unsigned>(*Id), Fn->str(), {}, {}});
      Existing = std::prev(Facts.Regions.end());
    }
    SourcePoint Sink{
        File->str(),
        static_cast<unsigned>(Switch->getInteger("line").value_or(0)), 0};
    for (auto &[Feature, Source] : Found) {
      if (llvm::is_contained(Existing->Features, Feature))
        continue;
      Existing->Features.push_back(Feature);
      Existing->Evidences.push_back(
          {Feature, Source, Sink, "feature switch", "control"});
    }
    llvm::sort(Existing->Features);
  }
}

/// The "unmarked_code" entries as facts: feature code without a marker of
/// its own (a feature switch dispatching to one-line variants, a tiny
/// feature block) spends its time in the regions it is timed in, so their
/// time depends on its features as if the features' data reached their
/// control flow. `varsim model` adds the same features to those regions'
/// influences (model/UnmarkedCode.h); here the plan gets the requirement
/// to observe each timed_in region with each feature on and off (each
/// value of a numeric one), which the model needs to fit the term
/// (test/accuracy/life_accessor: a hot accessor per TORUS_WORLD timed in
/// step). Evidence kind "unmarked", its Via the reason for the report.
void addUnmarkedFacts(const json::Object &Root,
                      const std::vector<UnmarkedCode> &Unmarked,
                      dataflow::DataFlowFacts &Facts) {
  std::map<unsigned, std::pair<std::string, SourcePoint>> RegionAt;
  if (const json::Array *Regions = Root.getArray("regions"))
    for (const json::Value &V : *Regions)
      if (const json::Object *R = V.getAsObject())
        if (auto Id = R->getInteger("id"); Id && *Id >= 0)
          RegionAt[static_cast<unsigned>(*Id)] = {
              R->getString("function").value_or("").str(),
              {R->getString("file").value_or("").str(),
               static_cast<unsigned>(R->getInteger("line").value_or(0)), 0}};
  for (const UnmarkedCode &U : Unmarked) {
    SourcePoint Source{U.File, U.Line, 0};
    std::string What =
        (U.Kind == "switch" ? "unmarked feature switch " + U.Function
                            : "unmarked feature block in " + U.Function) +
        " (" + llvm::sys::path::filename(U.File).str() + ":" +
        std::to_string(U.Line) + ")";
    for (unsigned Id : U.TimedIn) {
      auto At = RegionAt.find(Id);
      if (At == RegionAt.end())
        continue; // Not a region of this manifest: nothing to observe.
      auto Existing = llvm::find_if(
          Facts.Regions, [&](const auto &I) { return I.Region == Id; });
      if (Existing == Facts.Regions.end()) {
        Facts.Regions.push_back({Id, At->second.first, {}, {}});
        Existing = std::prev(Facts.Regions.end());
      }
      for (const std::string &Feature : U.Features) {
        if (llvm::is_contained(Existing->Features, Feature))
          continue;
        Existing->Features.push_back(Feature);
        Existing->Evidences.push_back({Feature, Source, At->second.second,
                                       What + " timed in " + At->second.first,
                                       "unmarked"});
      }
      llvm::sort(Existing->Features);
    }
  }
}

/// The stored facts, or computed ones (with a note).
llvm::Expected<OutDirFacts> factsOf(const json::Object &Root,
                                    llvm::StringRef OutDir,
                                    llvm::StringRef ManifestPath,
                                    llvm::raw_ostream &Log) {
  OutDirFacts Out;
  if (const json::Array *Regions = Root.getArray("regions"))
    Out.Regions = Regions->size();
  const json::Value *Stored = Root.get("dataflow");
  if (Stored && Stored->getAsObject()) {
    json::Path::Root PathRoot("dataflow");
    if (!dataflow::fromJSON(*Stored, Out.Facts, PathRoot))
      return makeError(ManifestPath, 0, 0,
                       "bad \"dataflow\" facts: " +
                           toString(PathRoot.getError()));
    Out.FromManifest = true;
    // A fact about a region the table does not have would plan for code
    // that does not exist and observe nothing: the manifest was edited or
    // mixed from two rewrites.
    std::set<int64_t> Ids;
    if (const json::Array *Regions = Root.getArray("regions"))
      for (const json::Value &V : *Regions)
        if (const json::Object *R = V.getAsObject())
          if (auto Id = R->getInteger("id"))
            Ids.insert(*Id);
    for (size_t K = 0; K < Out.Facts.Regions.size(); ++K)
      if (std::optional<unsigned> Id = Out.Facts.Regions[K].Region;
          Id && !Ids.count(*Id))
        return makeError(
            ManifestPath, 0, 0,
            llvm::formatv("bad \"dataflow\" facts: dataflow.regions[{0}] "
                          "names region {1} ({2}), which the manifest's "
                          "region table does not have; rewrite again to "
                          "get facts and regions that agree",
                          K, *Id, Out.Facts.Regions[K].Function)
                .str());
    addSwitchFacts(Root, Out.Facts);
    return Out;
  }
  Log << "varsim: note: " << ManifestPath
      << " has no data-flow facts; analysing "
      << inOut(OutDir, "compile_commands.json") << "\n";
  auto Facts = analyse(Root, OutDir, nullptr);
  if (!Facts)
    return Facts.takeError();
  Out.Facts = std::move(*Facts);
  addSwitchFacts(Root, Out.Facts);
  return Out;
}

} // namespace

llvm::Expected<Plan> planOutDir(const OutDirPlanInput &In,
                                PlanOptions Options) {
  return planOutDir(In, In.Regions, std::move(Options));
}

llvm::Expected<Plan> planOutDir(const OutDirPlanInput &In,
                                const std::vector<RegionToCover> &Regions,
                                PlanOptions Options) {
  if (!Options.Default)
    Options.Default = In.DefaultConfig;
  Options.FullCombinationsUpTo = In.Strength ? In.Strength : DefaultStrength;
  return computePlan(In.Model, Regions, Options);
}

bool isOutDir(llvm::StringRef Dir) {
  auto Manifest = readJson(inOut(Dir, "manifest.json"));
  if (!Manifest) {
    llvm::consumeError(Manifest.takeError());
    return false;
  }
  const json::Object *Root = Manifest->getAsObject();
  return Root && Root->getString("format") == "varsim-manifest";
}

llvm::Expected<OutDirFacts> loadDataFlowFacts(llvm::StringRef OutDir,
                                              llvm::raw_ostream &Log) {
  std::string ManifestPath = inOut(OutDir, "manifest.json");
  auto Manifest = readManifest(ManifestPath);
  if (!Manifest)
    return Manifest.takeError();
  return factsOf(*Manifest->getAsObject(), OutDir, ManifestPath, Log);
}

llvm::Error storeDataFlowFacts(llvm::StringRef OutDir, llvm::raw_ostream *Log,
                               const ParsedSimulator *Parsed) {
  std::string ManifestPath = inOut(OutDir, "manifest.json");
  auto Manifest = readManifest(ManifestPath);
  if (!Manifest)
    return Manifest.takeError();
  json::Object &Root = *Manifest->getAsObject();
  auto Facts = analyse(Root, OutDir, Parsed);
  if (!Facts)
    return Facts.takeError();
  Root["dataflow"] = dataflow::toJSON(*Facts);
  if (llvm::Error E =
          writeFileAtomically(ManifestPath, [&](llvm::raw_ostream &OS) {
            OS << llvm::formatv("{0:2}", json::Value(std::move(Root))) << "\n";
            return llvm::Error::success();
          }))
    return E;
  if (Log) {
    size_t Influenced = Facts->Regions.size();
    *Log << "data-flow checks: " << Facts->TranslationUnits
         << " translation unit(s), " << Influenced
         << " region(s) whose control flow depends on feature data"
         << (Influenced ? " (varsim plan OUT --report shows why)" : "") << "\n";
  }
  return llvm::Error::success();
}

llvm::Expected<OutDirPlanInput> loadPlanInput(llvm::StringRef OutDir,
                                              const OutDirOptions &Options,
                                              llvm::raw_ostream &Log) {
  std::string ManifestPath = inOut(OutDir, "manifest.json");
  auto Manifest = readManifest(ManifestPath);
  if (!Manifest)
    return Manifest.takeError();
  const json::Object *Root = Manifest->getAsObject();

  auto Summary = readManifestSummary(*Root, ManifestPath);
  if (!Summary)
    return Summary.takeError();

  // The feature model.
  std::string ModelPath = Options.FeatureModelPath;
  if (ModelPath.empty()) {
    if (Summary->FeatureModelPath.empty())
      return makeError(ManifestPath, 0, 0,
                       "names no feature model (give one with -f)");
    ModelPath = inOut(OutDir, Summary->FeatureModelPath);
  }
  auto Model = fm::loadFeatureModel(ModelPath);
  if (!Model)
    return Model.takeError();
  if (llvm::Error E = fm::requireValidConfiguration(*Model))
    return E;

  OutDirPlanInput In{std::move(*Model), {}, {}, false, {}, std::nullopt};
  if (Summary->DefaultConfig) {
    const std::string &Default = *Summary->DefaultConfig;
    auto C = In.Model.parseConfig(Default);
    llvm::Error E = C ? In.Model.check(*C) : C.takeError();
    if (E)
      Log << "varsim: note: " << ManifestPath << ": the default configuration '"
          << Default << "' is not valid (" << toString(std::move(E))
          << "); the plan does not start with it\n";
    else
      In.DefaultConfig = std::move(*C);
  }
  In.Strength = Options.Strength;
  In.Regions = std::move(Summary->Regions);
  In.RegionLabels = std::move(Summary->RegionLabels);

  // Data-flow facts, unless the plain plan is asked for.
  if (!Options.NoDataFlow) {
    auto Facts = factsOf(*Root, OutDir, ManifestPath, Log);
    if (!Facts)
      return Facts.takeError();
    In.Facts = std::move(Facts->Facts);
    In.FactsFromManifest = Facts->FromManifest;
  } else if (Root->getObject("dataflow")) {
    // The plain plan ignores the data-flow facts, not the call graph's
    // reachability stored beside them (no analysis is run for it).
    dataflow::DataFlowFacts Stored;
    json::Path::Root PathRoot("dataflow");
    if (!dataflow::fromJSON(*Root->get("dataflow"), Stored, PathRoot))
      return makeError(ManifestPath, 0, 0,
                       "bad \"dataflow\" facts: " +
                           toString(PathRoot.getError()));
    In.Facts.UnreachableRegions = std::move(Stored.UnreachableRegions);
    In.Facts.UnreachableFunctions = std::move(Stored.UnreachableFunctions);
  }
  In.Unreachable = dropUnreachable(In.Regions, In.Facts);
  // The unmarked code's facts come from the rewrite, not the analysis: the
  // model uses them whatever the plan was, so they are always observed,
  // each feature on its own (RegionToCover::TimedFeatures); they join the
  // facts for the report.
  std::map<unsigned, std::vector<std::string>> Timed;
  for (const UnmarkedCode &U : Summary->Unmarked)
    for (unsigned Id : U.TimedIn)
      for (const std::string &F : U.Features)
        if (!llvm::is_contained(Timed[Id], F))
          Timed[Id].push_back(F);
  // A decision in an unmarked callee (evidence kind "callee") is timed in
  // the region like unmarked code: one feature at a time among the timed
  // ones, so that the features that write a busy-work deadline every
  // caller of the unmarked function reads do not multiply the plan.
  std::map<unsigned, std::vector<std::string>> Callee;
  for (const dataflow::Influence &I : In.Facts.Regions)
    if (I.Region)
      for (const dataflow::Evidence &E : I.Evidences)
        if (E.Kind == "callee")
          Callee[*I.Region].push_back(E.Feature);
  for (RegionToCover &R : In.Regions)
    if (!R.IsVariant) {
      R.InfluencingFeatures = In.Facts.featuresOf(R.Id);
      if (auto It = Timed.find(R.Id); It != Timed.end())
        R.TimedFeatures = It->second;
      if (auto It = Callee.find(R.Id); It != Callee.end())
        for (const std::string &F : It->second) {
          llvm::erase(R.InfluencingFeatures, F);
          if (!llvm::is_contained(R.TimedFeatures, F)) {
            R.TimedFeatures.push_back(F);
            R.CalleeFeatures.push_back(F);
          }
        }
    }
  addUnmarkedFacts(*Root, Summary->Unmarked, In.Facts);
  // After the facts: the families' members keep theirs for when they are
  // covered.
  if (!Options.EveryCopy)
    In.OnDemand = collapseCopyFamilies(In.Regions, Summary->CopyFamilies);
  return In;
}

} // namespace varsim::plan
