//===- report/ReportData.cpp - What the profile report shows -------------===//

#include "report/ReportData.h"

#include "manifest/Manifest.h"
#include "model/FeatureValues.h"
#include "model/ModelFile.h"
#include "plan/OutDir.h"
#include "report/TraceExport.h"
#include "support/Diagnostic.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <map>
#include <set>

namespace varsim::report {
namespace {

llvm::Expected<llvm::json::Value> readJson(llvm::StringRef Path) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  if (!Buffer)
    return makeError(Path, 0, 0, "cannot read: " + Buffer.getError().message());
  auto V = llvm::json::parse((*Buffer)->getBuffer());
  if (!V)
    return makeError(Path, 0, 0, "not JSON: " + llvm::toString(V.takeError()));
  return std::move(*V);
}

std::string joinPath(llvm::StringRef A, llvm::StringRef B) {
  if (llvm::sys::path::is_absolute(B))
    return B.str();
  llvm::SmallString<256> P(A);
  llvm::sys::path::append(P, B);
  return std::string(P);
}

/// The project's files the report shows, and the lines of each it embeds.
class FileTable {
public:
  explicit FileTable(std::string Root) : Root(std::move(Root)) {}

  /// The index of File (absolute, relative to the project, or a suffix of
  /// a known file); -1 if it names no readable file.
  int64_t resolve(llvm::StringRef File) {
    if (File.empty())
      return -1;
    auto It = Index.find(File);
    if (It != Index.end())
      return It->second;
    std::string Abs = joinPath(Root, File);
    llvm::SmallString<256> Real;
    if (llvm::sys::fs::real_path(Abs, Real))
      Real = Abs;
    auto Known = Index.find(Real);
    int64_t Id;
    if (Known != Index.end()) {
      Id = Known->second;
    } else if (llvm::sys::fs::is_regular_file(Real)) {
      Id = static_cast<int64_t>(Paths.size());
      Paths.push_back(std::string(Real));
      Wanted.emplace_back();
      Index[Real] = Id;
    } else {
      Id = -1;
      for (size_t I = 0; I < Paths.size() && Id < 0; ++I)
        if (llvm::StringRef(Paths[I]).ends_with(("/" + File).str()))
          Id = static_cast<int64_t>(I);
    }
    Index[File] = Id;
    return Id;
  }

  /// Embed lines [From, To] of file Id.
  void want(int64_t Id, int64_t From, int64_t To) {
    if (Id < 0)
      return;
    From = std::max<int64_t>(1, From);
    // A long function: its head and its end are enough to place it.
    if (To - From > 160) {
      Wanted[Id].push_back({From, From + 80});
      Wanted[Id].push_back({To - 8, To});
      return;
    }
    Wanted[Id].push_back({From, To});
  }

  llvm::json::Array render(size_t MaxLines) const {
    llvm::json::Array Out;
    for (size_t I = 0; I < Paths.size(); ++I) {
      llvm::SmallVector<llvm::StringRef, 0> Lines;
      auto Buffer = llvm::MemoryBuffer::getFile(Paths[I]);
      if (Buffer)
        (*Buffer)->getBuffer().split(Lines, '\n');
      std::vector<std::pair<int64_t, int64_t>> Ranges = Wanted[I];
      std::sort(Ranges.begin(), Ranges.end());
      // Merge overlapping or close ranges into chunks.
      llvm::json::Array Chunks;
      int64_t N = static_cast<int64_t>(Lines.size());
      size_t Embedded = 0;
      for (size_t R = 0; R < Ranges.size() && Embedded < MaxLines;) {
        int64_t From = Ranges[R].first, To = std::min(N, Ranges[R].second);
        for (++R; R < Ranges.size() && Ranges[R].first <= To + 4; ++R)
          To = std::max(To, std::min(N, Ranges[R].second));
        To = std::min<int64_t>(
            To, From + static_cast<int64_t>(MaxLines - Embedded) - 1);
        if (From > To)
          continue;
        llvm::json::Array Text;
        for (int64_t L = From; L <= To; ++L)
          Text.push_back(Lines[L - 1].rtrim("\r").str());
        Embedded += static_cast<size_t>(To - From + 1);
        Chunks.push_back(llvm::json::Array{From, std::move(Text)});
      }
      llvm::StringRef Rel = Paths[I];
      if (Rel.starts_with(Root + "/"))
        Rel = Rel.drop_front(Root.size() + 1);
      Out.push_back(llvm::json::Object{
          {"path", Rel.str()}, {"lines", N}, {"chunks", std::move(Chunks)}});
    }
    return Out;
  }

private:
  std::string Root;
  std::vector<std::string> Paths;
  std::vector<std::vector<std::pair<int64_t, int64_t>>> Wanted;
  llvm::StringMap<int64_t> Index;
};

/// "file:line (function)" as the model writes a term's source.
struct SourceRef {
  std::string File, Function;
  int64_t Line = 0;
};

SourceRef parseSource(llvm::StringRef S) {
  SourceRef R;
  size_t Paren = S.rfind(" (");
  if (Paren != llvm::StringRef::npos && S.ends_with(")")) {
    R.Function = S.substr(Paren + 2).drop_back().str();
    S = S.take_front(Paren);
  }
  size_t Colon = S.rfind(':');
  if (Colon != llvm::StringRef::npos &&
      !S.substr(Colon + 1).getAsInteger(10, R.Line))
    S = S.take_front(Colon);
  R.File = S.str();
  return R;
}

/// The calling-context trees of a run, small enough to draw: nodes below
/// the share are left out with their subtrees.
llvm::json::Array treeOf(const CallTree &T, const ReportInputs &In) {
  llvm::json::Array Threads;
  double Total = 0;
  for (const TraceThread &Th : T.Threads)
    for (const TraceNode &N : Th.Nodes)
      if (N.Parent < 0)
        Total += N.Seconds;
  double Min = Total * In.MinNodeShare;
  size_t Kept = 0;
  for (const TraceThread &Th : T.Threads) {
    std::vector<int64_t> NewId(Th.Nodes.size(), -1);
    llvm::json::Array Nodes;
    for (size_t I = 0; I < Th.Nodes.size(); ++I) {
      const TraceNode &N = Th.Nodes[I];
      if (N.Seconds < Min || Kept >= In.MaxNodesPerRun)
        continue;
      if (N.Parent >= 0 && NewId[N.Parent] < 0)
        continue;
      NewId[I] = static_cast<int64_t>(Nodes.size());
      Nodes.push_back(llvm::json::Array{N.Parent >= 0 ? NewId[N.Parent] : -1,
                                        N.Region, N.Calls, N.Seconds});
      ++Kept;
    }
    Threads.push_back(
        llvm::json::Object{{"name", Th.Name}, {"nodes", std::move(Nodes)}});
  }
  return Threads;
}

/// The terms of Model that hold in Config, as [term index, seconds].
llvm::json::Array breakdown(const model::PerformanceModel &Model,
                            llvm::StringRef Config) {
  llvm::json::Array Out;
  auto Values = model::FeatureValues::parse(Config, Model.Features);
  if (!Values) {
    llvm::consumeError(Values.takeError());
    return Out;
  }
  for (size_t I = 0; I < Model.Terms.size(); ++I)
    if (Model.Terms[I].holds(*Values))
      Out.push_back(
          llvm::json::Array{static_cast<int64_t>(I), Model.Terms[I].Seconds});
  return Out;
}

/// The plan `varsim run` followed, with which run covers which
/// requirement.
llvm::json::Object planOf(llvm::StringRef OutDir) {
  std::string Log;
  llvm::raw_string_ostream LogOS(Log);
  auto In = plan::loadPlanInput(OutDir, {}, LogOS);
  if (!In)
    return llvm::json::Object{{"error", llvm::toString(In.takeError())}};
  auto P = plan::planOutDir(*In);
  if (!P)
    return llvm::json::Object{{"error", llvm::toString(P.takeError())}};
  llvm::json::Array Runs, Requirements, Notes;
  for (const plan::PlannedRun &R : P->Runs)
    Runs.push_back(R.ConfigString);
  for (const plan::Requirement &R : P->Requirements) {
    llvm::json::Array By;
    for (unsigned K : R.CoveredBy)
      By.push_back(static_cast<int64_t>(K));
    Requirements.push_back(
        llvm::json::Object{{"what", R.What}, {"covered_by", std::move(By)}});
  }
  for (const std::string &N : P->Notes)
    Notes.push_back(N);
  return llvm::json::Object{{"runs", std::move(Runs)},
                            {"first_is_default", P->FirstIsDefault},
                            {"requirements", std::move(Requirements)},
                            {"notes", std::move(Notes)},
                            {"facts_from_manifest", In->FactsFromManifest}};
}

} // namespace

llvm::Expected<std::vector<CallTree>> readRuns(llvm::StringRef OutDir) {
  std::string TraceDir = joinPath(OutDir, "traces");
  std::string IndexPath = joinPath(TraceDir, "index.json");
  auto Index = readJson(IndexPath);
  if (!Index)
    return Index.takeError();
  const llvm::json::Object *Root = Index->getAsObject();
  const llvm::json::Array *Runs = Root ? Root->getArray("runs") : nullptr;
  if (!Runs)
    return makeError(IndexPath, 0, 0, "not a run index (no \"runs\")");
  std::vector<CallTree> Out;
  for (const llvm::json::Value &V : *Runs) {
    const llvm::json::Object *R = V.getAsObject();
    auto Trace = R ? R->getString("trace") : std::nullopt;
    if (!Trace)
      return makeError(IndexPath, 0, 0, "a run without \"trace\"");
    auto T = readCallTree(joinPath(TraceDir, *Trace));
    if (!T)
      return T.takeError();
    Out.push_back(std::move(*T));
  }
  return Out;
}

llvm::Expected<llvm::json::Object> collectReportData(const ReportInputs &In) {
  // The manifest through its one reader (manifest/): a malformed one is
  // refused with the same located errors as in plan, run and model.
  auto M = manifest::readManifestFile(joinPath(In.OutDir, "manifest.json"));
  if (!M)
    return M.takeError();
  const std::string &Root = M->ProjectRoot;

  auto Runs = readRuns(In.OutDir);
  if (!Runs)
    return Runs.takeError();
  auto Model = model::loadModel(In.ModelPath);
  if (!Model)
    return Model.takeError();
  auto RawModel = readJson(In.ModelPath);
  if (!RawModel)
    return RawModel.takeError();
  const llvm::json::Object *RM = RawModel->getAsObject();

  FileTable Files(Root);
  // Regions: their place, and their time in each run.
  std::vector<std::vector<double>> Incl(Runs->size()), Self(Runs->size());
  for (size_t K = 0; K < Runs->size(); ++K)
    (*Runs)[K].regionTimes(Incl[K], Self[K]);
  llvm::json::Array Regions;
  for (const manifest::Region &R : M->Regions) {
    int64_t Line = R.Line;
    int64_t End = R.EndLine ? R.EndLine : R.Line; // 0: not known.
    int64_t File = Files.resolve(R.File);
    Files.want(File, Line - 2, End + 1);
    llvm::json::Array RI, RS;
    for (size_t K = 0; K < Runs->size(); ++K) {
      bool Known = R.Id < Incl[K].size();
      RI.push_back(Known ? Incl[K][R.Id] : 0.0);
      RS.push_back(Known ? Self[K][R.Id] : 0.0);
    }
    Regions.push_back(llvm::json::Object{{"id", static_cast<int64_t>(R.Id)},
                                         {"kind", R.Kind},
                                         {"function", R.Function},
                                         {"condition", R.Condition},
                                         {"file", File},
                                         {"line", Line},
                                         {"end_line", End},
                                         {"incl", std::move(RI)},
                                         {"self", std::move(RS)}});
  }

  // Terms, with their sources resolved to the embedded files.
  double Total = Model->totalSeconds();
  llvm::json::Array Terms;
  for (const model::Term &T : Model->Terms) {
    llvm::json::Array Sources, Atoms;
    for (const std::string &S : T.Sources) {
      SourceRef Ref = parseSource(S);
      int64_t File = Files.resolve(Ref.File);
      Files.want(File, Ref.Line - 3, Ref.Line + 3);
      Sources.push_back(llvm::json::Object{{"text", S},
                                           {"file", File},
                                           {"line", Ref.Line},
                                           {"function", Ref.Function}});
    }
    for (const callgraph::Atom &A : T.Atoms)
      Atoms.push_back(A.Text);
    Terms.push_back(
        llvm::json::Object{{"name", T.name()},
                           {"seconds", T.Seconds},
                           {"share", Total != 0 ? T.Seconds / Total : 0.0},
                           {"order", static_cast<int64_t>(T.order())},
                           {"atoms", std::move(Atoms)},
                           {"sources", std::move(Sources)}});
  }

  // Runs: configuration, time, the model's breakdown, the trees.
  llvm::json::Array RunsOut;
  for (size_t K = 0; K < Runs->size(); ++K) {
    const CallTree &T = (*Runs)[K];
    double Measured =
        K < Model->Runs.size() ? Model->Runs[K].Seconds : T.WallSeconds;
    RunsOut.push_back(
        llvm::json::Object{{"config", T.Config},
                           {"trace", llvm::sys::path::filename(T.Path).str()},
                           {"seconds", Measured},
                           {"wall", T.WallSeconds},
                           {"terms", breakdown(*Model, T.Config)},
                           {"threads", treeOf(T, In)}});
  }

  // Validation: every variant, its repetitions and the model's breakdown.
  llvm::json::Value Validation = nullptr;
  if (!In.ValidationDir.empty()) {
    std::string ResultsPath = joinPath(In.ValidationDir, "results.json");
    if (llvm::sys::fs::exists(ResultsPath)) {
      auto Results = readJson(ResultsPath);
      if (!Results)
        return Results.takeError();
      if (llvm::json::Object *VO = Results->getAsObject()) {
        if (llvm::json::Array *Vs = VO->getArray("variants"))
          for (llvm::json::Value &V : *Vs)
            if (llvm::json::Object *O = V.getAsObject())
              O->try_emplace(
                  "terms",
                  breakdown(*Model, O->getString("config").value_or("")));
        Validation = std::move(*Results);
      }
    }
  }

  llvm::json::Array Features;
  for (const model::ModelFeature &F : Model->Features)
    Features.push_back(F.Name);
  std::string Title = In.Title;
  if (Title.empty())
    Title = llvm::sys::path::filename(Root).str();

  auto Copy = [&](const llvm::json::Object *O, llvm::StringRef Key) {
    const llvm::json::Value *V = O ? O->get(Key) : nullptr;
    return V ? *V : llvm::json::Value(nullptr);
  };
  llvm::json::Object Data{
      {"format", "varsim-report-data"},
      {"version", 1},
      {"title", Title},
      {"project_root", Root},
      {"run_command", In.RunCommand},
      {"feature_model", llvm::json::Object{{"path", M->FeatureModelPath},
                                           {"inferred", M->ModelInferred}}},
      {"features", std::move(Features)},
      {"total_seconds", Total},
      {"terms", std::move(Terms)},
      {"regions", std::move(Regions)},
      {"runs", std::move(RunsOut)},
      {"plan", planOf(In.OutDir)},
      {"dataflow", M->DataFlow},
      {"model_data_flow", Copy(RM, "data_flow")},
      {"local_models", Copy(RM, "local_models")},
      {"data_flow_model", Copy(RM, "data_flow_model")},
      {"model_warnings", Copy(RM, "warnings")},
      {"validation", std::move(Validation)}};
  Data["files"] = Files.render(In.MaxLinesPerFile);
  return Data;
}

} // namespace varsim::report
