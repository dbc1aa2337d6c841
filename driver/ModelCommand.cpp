//===- driver/ModelCommand.cpp - varsim model -----------------------------===//
//
// Reads call traces, builds the calling-context graph and the
// performance-influence model, prints it, and writes MODEL.json and the
// graph exports.
//
//===----------------------------------------------------------------------===//

#include "driver/Command.h"
#include "driver/ModelReport.h"
#include "driver/TraceConsistency.h"
#include "driver/UnrunRegions.h"

#include "callgraph/CallGraph.h"
#include "callgraph/CallTrace.h"
#include "callgraph/GraphExport.h"
#include "feature_models/FeatureModel.h"
#include "manifest/Manifest.h"
#include "model/ModelFile.h"
#include "model/ModelFormats.h"
#include "model/NativeReference.h"
#include "model/PerformanceModel.h"
#include "model/RunObservations.h"
#include "model/TimeBase.h"
#include "model/UnmarkedCode.h"
#include "plan/OutDir.h"
#include "report/TraceExport.h"
#include "support/Diagnostic.h"
#include "support/Output.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace varsim::driver {
namespace {

void reportNote(const llvm::Twine &Message) {
  llvm::errs() << "varsim: note: " << Message << "\n";
}

/// "0.91-1.12": the smallest and largest factor applied to a run.
std::string factorRange(const model::NativeCalibration &N) {
  double Lo = INFINITY, Hi = 0;
  for (const model::NativeCalibration::Run &R : N.Runs)
    Lo = std::min(Lo, R.Factor), Hi = std::max(Hi, R.Factor);
  return llvm::formatv("{0:F3}-{1:F3}", Lo, Hi).str();
}

using namespace varsim::callgraph;
using namespace varsim::model;

class ModelCommand : public Command {
public:
  void addOptions(CLI::App &Sub) override {
    Sub.description(
        "Build a performance-influence model from the call traces of the "
        "variant simulator (one per planned run). Each calling context's "
        "self time (Equation 2, minus the calibrated instrumentation cost) "
        "goes to the term of its interaction prefix (Algorithm 2/3); terms "
        "are simplified (S-Ref, S-Mand, and with -f the feature model's "
        "implications). A context measured in several runs whose control "
        "flow (or a caller's) depends on feature data (the data-flow facts "
        "of the rewrite's manifest) gets a local model over those features "
        "(Moebius inversion over the runs that observed it), whose "
        "interaction terms go into the model; --no-dataflow averages every "
        "context over its runs instead (the paper's model). Prints the "
        "terms, largest first.");
    // Missing files are reported by the reader (exit 1), not as usage.
    Sub.add_option("TRACE", Traces,
                   "calltrace.json files, or the run index (or directory) "
                   "written by 'varsim run'")
        ->required();
    Sub.add_option("-f,--feature-model", FeatureModelPath,
                   "Feature model (core features, implications, "
                   "satisfiability); without it, the traces' features")
        ->type_name("FILE");
    Sub.add_option("-o,--output", OutputPath, "Write the model as JSON")
        ->type_name("MODEL.json");
    Sub.add_option("--format", Format,
                   "What to print: table, csv, splconqueror")
        ->check(CLI::IsMember({"table", "csv", "splconqueror"}))
        ->default_val("table");
    Sub.add_option("--simplify", Simplify,
                   "paper: S-Ref and S-Mand on ordered prefixes; full: "
                   "also the feature model, as conjunctions; none: raw terms")
        ->check(CLI::IsMember({"none", "paper", "full"}))
        ->default_val("full");
    Sub.add_option("--threshold", Threshold,
                   "Drop terms below this many seconds (reported)")
        ->default_val(1e-6)
        ->check(CLI::NonNegativeNumber);
    Sub.add_option("--fold", FoldShare,
                   "Fold terms smaller than this share of the total into "
                   "their closest ancestor term (the one with most of their "
                   "features; Base if none), together at most that share: "
                   "differences no run can measure (listed in MODEL.json "
                   "under \"folded\"); 0 keeps every term")
        ->default_val(model::DefaultFoldShare)
        ->check(CLI::Range(0.0, 0.05));
    Sub.add_option("--dataflow-relative", Relative,
                   "Data-flow report: relative difference between runs "
                   "counted as noise")
        ->default_val(0.10)
        ->check(CLI::NonNegativeNumber);
    Sub.add_option("--dataflow-absolute", Absolute,
                   "Data-flow report: seconds of difference counted as noise")
        ->default_val(1e-3)
        ->check(CLI::NonNegativeNumber);
    Sub.add_flag("--allow-inconsistent-traces", AllowInconsistent,
                 "Build the model even where a region ran in a run whose "
                 "configuration makes its condition false (an error "
                 "otherwise: the simulator does not match its variants "
                 "there); the regions are reported as warnings");
    Sub.add_flag("--no-dataflow", NoDataFlow,
                 "Average each context over its runs (the paper's model): "
                 "no local models, no data-flow interaction terms");
    Sub.add_option("--out-dir", OutDir,
                   "Output directory of 'varsim rewrite' whose data-flow "
                   "facts to use (default: OUT when the traces are in "
                   "OUT/traces; without facts, local models use the "
                   "features that explain differences between runs)")
        ->type_name("OUT");
    Sub.add_flag("--no-native-reference", NoNative,
                 "Use the simulator's times as they are, even when the "
                 "traces carry native reference times (varsim run "
                 "--native-build)");
    Sub.add_option("--time", TimeBaseName,
                   "Time base: cpu scales each run's times by its process's "
                   "CPU time over its wall time (a preempted run back to its "
                   "on-CPU time; single-threaded runs only); wall uses them "
                   "as measured. Default: " +
                       timeBaseName(DefaultTimeBase).str() +
                       " (wall, with a warning, for traces it cannot use)")
        ->check(CLI::IsMember({"cpu", "wall"}));
    Sub.add_option("--dot", DotPath, "Write the call graph as Graphviz DOT")
        ->type_name("FILE");
    Sub.add_option("--graphml", GraphMLPath, "Write the call graph as GraphML")
        ->type_name("FILE");
    Sub.add_option("--chrome-trace", ChromePath,
                   "Write the runs' calling contexts as a Chrome/Perfetto "
                   "trace (docs/report.md)")
        ->type_name("FILE");
    Sub.add_option("--speedscope", SpeedscopePath,
                   "Write the runs' calling contexts as a speedscope profile")
        ->type_name("FILE");
    Sub.footer(
        "Output: the terms, largest first, with seconds, share, order and "
        "source locations\n"
        "(--format table), or CSV, or SPL Conqueror's 'SECONDS * A * B + "
        "...' on stdout; notes\n"
        "and the data-flow report on stderr; MODEL.json with -o (for "
        "'varsim predict').\n"
        "Exit code: 0, 1 for a bad trace (file:line:col: error: ...) or an "
        "output that cannot\n"
        "be written (no file is left half-written).\n"
        "\n"
        "Examples:\n"
        "  varsim model sim -o model.json      # the traces of 'varsim run "
        "sim'\n"
        "  varsim model calltrace.json\n"
        "  varsim model sim/traces/*.json -f model.xml -o model.json\n"
        "  varsim model calltrace.json --format splconqueror\n"
        "  varsim model calltrace.json --simplify paper --dot graph.dot\n"
        "  varsim model sim/traces/*.json --no-dataflow\n"
        "See docs/model-format.md for MODEL.json and the simplifications.");
  }

  int run() override {
    if (!OutDir.empty()) {
      llvm::SmallString<256> Manifest(OutDir);
      llvm::sys::path::append(Manifest, "manifest.json");
      if (!llvm::sys::fs::is_directory(OutDir)) {
        reportError(makeError(OutDir, 0, 0,
                              "--out-dir: not a directory (give the output "
                              "directory of 'varsim rewrite')"));
        return ExitFailure;
      }
      if (!plan::isOutDir(OutDir)) {
        reportError(makeError(Manifest, 0, 0,
                              "--out-dir: no readable varsim manifest (give "
                              "the output directory of 'varsim rewrite')"));
        return ExitFailure;
      }
    }
    llvm::Expected<std::vector<std::string>> TracePaths =
        expandTraceArguments(Traces);
    if (!TracePaths) {
      reportError(TracePaths.takeError());
      return ExitFailure;
    }
    // Without -f, the feature model the rewrite used (its manifest names
    // it), so that predictions enumerate valid configurations only.
    if (FeatureModelPath.empty())
      FeatureModelPath = rewriteFeatureModel(*TracePaths);
    std::optional<fm::FeatureModel> FM;
    if (!FeatureModelPath.empty()) {
      llvm::Expected<fm::FeatureModel> Loaded =
          fm::loadFeatureModel(FeatureModelPath);
      if (!Loaded) {
        reportError(Loaded.takeError());
        return ExitFailure;
      }
      FM.emplace(std::move(*Loaded));
    }
    std::vector<CallTrace> Read;
    for (const std::string &Path : *TracePaths) {
      llvm::Expected<CallTrace> T = readCallTrace(Path);
      if (!T) {
        reportError(T.takeError());
        return ExitFailure;
      }
      if (FM)
        checkConfig(*FM, *T);
      Read.push_back(std::move(*T));
    }
    if (llvm::Error E = checkSameSimulator(*TracePaths, Read)) {
      reportError(std::move(E));
      return ExitFailure;
    }
    std::string Ignored;
    std::optional<manifest::Manifest> Manifest =
        manifestOf(*TracePaths, &Ignored);
    std::optional<std::string> Unrun =
        unrunRegionsNote(Read, Manifest ? &*Manifest : nullptr);
    std::optional<TimeBase> Used = applyTimeBaseTo(Read);
    if (!Used)
      return ExitFailure;
    // Each run's times relative to the native runs beside it: no drift,
    // and the level of the native variant (model/NativeReference.h).
    NativeCalibration Native;
    if (!NoNative)
      Native = calibrateToNative(Read);
    if (!Native.Note.empty())
      reportNote(Native.Note);
    if (Native.Applied)
      reportNote(llvm::formatv("times relative to the native reference "
                               "(CONFIG '{0}', {1:F3} s): the simulator is "
                               "{2:F2}x it there; runs scaled by {3}",
                               Native.Config, Native.NativeSeconds,
                               Native.Ratio, factorRange(Native))
                     .str());

    GraphOptions GO;
    GO.Relative = Relative;
    GO.AbsoluteNs = Absolute * 1e9;
    llvm::Expected<CallGraph> CG = CallGraph::build(Read, GO);
    if (!CG) {
      reportError(CG.takeError());
      return ExitFailure;
    }
    if (!AllowInconsistent && !refuseInconsistentTraces(*CG))
      return ExitFailure;
    // Local models need each run's times, and the data-flow facts.
    std::optional<RunObservations> Observed;
    DataFlowOptions DF;
    if (!NoDataFlow && CG->runs().size() > 1) {
      llvm::Expected<RunObservations> O = observeRuns(*CG, Read, GO);
      if (!O) {
        reportError(O.takeError());
        return ExitFailure;
      }
      Observed.emplace(std::move(*O));
      DF.Runs = &*Observed;
      DF.NoiseRelative = Relative;
      DF.NoiseAbsoluteNs = Absolute * 1e9;
      if (!loadInfluences(*TracePaths, Read.front().Regions.size(), DF))
        return ExitFailure;
    }
    Read.clear();

    ModelOptions MO;
    MO.Mode = Simplify == "none"    ? Simplification::None
              : Simplify == "paper" ? Simplification::Paper
                                    : Simplification::Full;
    MO.ThresholdSeconds = Threshold;
    MO.FoldShare = FoldShare;
    MO.Features = FM ? &*FM : nullptr;
    MO.DataFlow = DF.Runs ? &DF : nullptr;
    if (Native.Variants)
      MO.NativeTotalOf = [&Native](llvm::StringRef Config) {
        return Native.variantTotal(Config);
      };
    llvm::Expected<PerformanceModel> M = buildModel(*CG, MO);
    if (!M) {
      reportError(M.takeError());
      return ExitFailure;
    }
    if (M->RunTotals.NativeTotals)
      reportNote(
          llvm::formatv("the runs' totals fitted are their native variants' "
                        "(--native-variants): {0} term(s) from them",
                        M->RunTotals.Terms.size())
              .str());
    else if (Native.Variants)
      reportNote("the native variants' times were not used: there was no "
                 "fit to the runs' totals (--no-dataflow, a single "
                 "configuration, or no feature varies between the runs)");
    if (std::optional<std::string> W = speedChangeWarning(Native))
      M->Warnings.push_back(std::move(*W));
    if (std::optional<std::string> W = slowdownWarning(Native))
      M->Warnings.push_back(std::move(*W));
    M->Native = std::move(Native);
    M->TimeBase = timeBaseName(*Used).str();
    reportModel(*M);
    if (Unrun)
      reportNote(*Unrun);

    if (Format == "csv") {
      writeCsv(*M, llvm::outs());
    } else if (Format == "splconqueror") {
      for (const std::string &Skipped : writeSplConqueror(*M, llvm::outs()))
        reportWarning("term " + Skipped +
                      " has a condition SPL Conqueror cannot express; it is "
                      "left out of the splconqueror output");
    } else {
      writeTable(*M, llvm::outs());
    }
    llvm::outs().flush();

    if (!OutputPath.empty())
      if (llvm::Error E = saveModel(*M, OutputPath)) {
        reportError(std::move(E));
        return ExitFailure;
      }
    if (!writeGraph(DotPath, *CG, writeDot) ||
        !writeGraph(GraphMLPath, *CG, writeGraphML))
      return ExitFailure;
    if (llvm::Error E = report::writeTraceExports(*TracePaths, ChromePath,
                                                  SpeedscopePath)) {
      reportError(std::move(E));
      return ExitFailure;
    }
    return ExitSuccess;
  }

private:
  std::vector<std::string> Traces;
  std::string FeatureModelPath, OutputPath, Format, Simplify, DotPath,
      GraphMLPath, OutDir, ChromePath, SpeedscopePath;
  double Threshold = 1e-6, Relative = 0.10, Absolute = 1e-3;
  double FoldShare = model::DefaultFoldShare;
  bool NoDataFlow = false;
  bool AllowInconsistent = false;
  bool NoNative = false;
  std::string TimeBaseName;

  /// Puts the traces on the --time base (model/TimeBase.h); the base used,
  /// or std::nullopt after an error.
  std::optional<TimeBase> applyTimeBaseTo(std::vector<CallTrace> &Read) const {
    std::optional<TimeBase> Asked = parseTimeBase(TimeBaseName);
    llvm::Expected<TimeBaseChoice> Choice =
        applyTimeBase(Read, Asked.value_or(DefaultTimeBase), Asked.has_value());
    if (!Choice) {
      reportError(Choice.takeError());
      return std::nullopt;
    }
    if (!Choice->Warning.empty())
      reportWarning(Choice->Warning);
    reportNote(Choice->describe());
    return Choice->Used;
  }

  /// OUT for traces in OUT/traces (as 'varsim run' writes them).
  static std::string outDirOf(const std::vector<std::string> &TracePaths) {
    for (const std::string &Path : TracePaths) {
      llvm::StringRef Dir = llvm::sys::path::parent_path(Path);
      if (llvm::sys::path::filename(Dir) != "traces")
        continue;
      llvm::StringRef Out = llvm::sys::path::parent_path(Dir);
      if (Out.empty())
        Out = ".";
      if (plan::isOutDir(Out))
        return Out.str();
    }
    return "";
  }

  /// The rewrite's manifest of the traces' OUT (or --out-dir), if any: a
  /// missing or unreadable one is none (traces need not come from OUT).
  std::optional<manifest::Manifest>
  manifestOf(const std::vector<std::string> &Paths,
             std::string *ManifestPath) const {
    std::string Out = OutDir.empty() ? outDirOf(Paths) : OutDir;
    if (Out.empty())
      return std::nullopt;
    llvm::SmallString<256> Manifest(Out);
    llvm::sys::path::append(Manifest, "manifest.json");
    *ManifestPath = std::string(Manifest);
    auto Read = manifest::readManifestFile(Manifest);
    if (!Read) {
      llvm::consumeError(Read.takeError());
      return std::nullopt;
    }
    return std::move(*Read);
  }

  /// Traces of another simulator than the one in OUT would be modelled
  /// with OUT's feature model and data-flow facts: each trace's region
  /// table must be the manifest's (same ids, same conditions).
  llvm::Error checkSameSimulator(const std::vector<std::string> &Paths,
                                 const std::vector<CallTrace> &Read) const {
    std::string ManifestPath;
    std::optional<manifest::Manifest> M = manifestOf(Paths, &ManifestPath);
    if (!M)
      return llvm::Error::success();
    if (llvm::Error E = checkBuildIds(*M, ManifestPath, Read))
      return E;
    const std::vector<manifest::Region> &Regions = M->Regions;
    for (const CallTrace &T : Read) {
      auto Mismatch = [&](const std::string &What) {
        return makeError(T.Path, 0, 0,
                         "not a trace of the simulator in " +
                             llvm::sys::path::parent_path(ManifestPath) + ": " +
                             What +
                             " (rebuild and rerun the simulator after "
                             "'varsim rewrite', or give --out-dir)");
      };
      if (T.Regions.size() != Regions.size())
        return Mismatch(fmt::format("it has {} regions, {} {}",
                                    T.Regions.size(), ManifestPath,
                                    Regions.size()));
      for (size_t I = 0; I < Regions.size(); ++I) {
        const manifest::Region &R = Regions[I];
        if (R.Condition != T.Regions[I].ConditionText)
          return Mismatch(fmt::format(
              "region {} is '{}' in the trace, '{}' in {}", I,
              T.Regions[I].ConditionText, R.Condition, ManifestPath));
        // Same conditions, other places: a build of an earlier rewrite,
        // whose times would be reported at stale lines.
        if (R.Line != 0 && T.Regions[I].Line != 0 &&
            (R.Line != T.Regions[I].Line ||
             (!R.File.empty() && !T.Regions[I].File.empty() &&
              R.File != T.Regions[I].File)))
          return Mismatch(fmt::format(
              "region {} is at {}:{} in the trace, {}:{} in {} (a build of "
              "an earlier rewrite)",
              I, T.Regions[I].File, T.Regions[I].Line,
              R.File.empty() ? T.Regions[I].File : R.File, R.Line,
              ManifestPath));
      }
    }
    return llvm::Error::success();
  }

  /// The simulator that wrote each trace must be a build of the manifest's
  /// rewrite: its build id (runtime/BuildFingerprint.h, a hash of the
  /// simulator's sources) is the manifest's. An earlier build can have
  /// the same region table, even the same lines, and other code.
  static llvm::Error checkBuildIds(const manifest::Manifest &Manifest,
                                   llvm::StringRef ManifestPath,
                                   const std::vector<CallTrace> &Read) {
    const std::string &Id = Manifest.BuildId;
    if (Id.empty())
      return llvm::Error::success();
    llvm::StringRef Out = llvm::sys::path::parent_path(ManifestPath);
    for (const CallTrace &T : Read) {
      if (T.BuildId.empty()) {
        reportWarning(
            SourcePoint{T.Path, 0, 0},
            fmt::format("has no build id (a simulator built before varsim "
                        "wrote one); cannot check that it is a build of the "
                        "rewrite in {} (build {}): rebuild the simulator "
                        "from {} and rerun it to be sure",
                        Out.str(), Id, Out.str()));
        continue;
      }
      if (T.BuildId != Id)
        return makeError(
            T.Path, 0, 0,
            fmt::format("written by a simulator of build {}, but {} is "
                        "build {}: the simulator was built from an earlier "
                        "(or another) rewrite, so its times would be "
                        "reported at code that has changed; rebuild the "
                        "simulator from {}/src and rerun it ('varsim run'), "
                        "or give the --out-dir it was built from",
                        T.BuildId, ManifestPath.str(), Id, Out.str()));
    }
    return llvm::Error::success();
  }

  /// The feature model named by the manifest of the traces' OUT (or
  /// --out-dir), if it still exists; "" otherwise.
  std::string rewriteFeatureModel(const std::vector<std::string> &Paths) const {
    std::string ManifestPath;
    std::optional<manifest::Manifest> M = manifestOf(Paths, &ManifestPath);
    if (!M || M->FeatureModelPath.empty())
      return "";
    llvm::StringRef Path = M->FeatureModelPath;
    // Relative to OUT, as 'varsim plan' reads it.
    llvm::SmallString<256> Full(Path);
    if (llvm::sys::path::is_relative(Full)) {
      Full = llvm::sys::path::parent_path(ManifestPath);
      llvm::sys::path::append(Full, Path);
    }
    if (!llvm::sys::fs::exists(Full))
      return "";
    reportNote(fmt::format("using the rewrite's feature model {} (-f to "
                           "choose another)",
                           Full.str().str()));
    return std::string(Full);
  }

  /// The data-flow facts as region -> features, from --out-dir or the
  /// traces' OUT; none found: a note, and local models from the runs.
  bool loadInfluences(const std::vector<std::string> &TracePaths,
                      size_t Regions, DataFlowOptions &DF) const {
    std::string Out = OutDir.empty() ? outDirOf(TracePaths) : OutDir;
    if (Out.empty()) {
      reportNote("no data-flow facts (the traces are not in OUT/traces of "
                 "a 'varsim rewrite' output; --out-dir names one): local "
                 "models use the features that explain the differences "
                 "between runs");
      return true;
    }
    llvm::Expected<plan::OutDirFacts> Facts =
        plan::loadDataFlowFacts(Out, llvm::errs());
    if (!Facts) {
      reportError(Facts.takeError());
      return false;
    }
    if (Facts->Regions != Regions) {
      reportWarning(fmt::format(
          "{}/manifest.json has {} regions, the traces {}: not the same "
          "simulator; its data-flow facts are not used",
          Out, Facts->Regions, Regions));
      return true;
    }
    std::map<unsigned, std::vector<std::string>> Influences;
    for (const dataflow::Influence &I : Facts->Facts.Regions)
      if (I.Region)
        Influences[*I.Region] = I.Features;
    // Feature code without a marker is timed in the regions around it or
    // calling it: their contexts depend on its features too.
    auto Unmarked = loadUnmarkedCodeInfluences(Out + "/manifest.json");
    if (!Unmarked) {
      reportError(Unmarked.takeError());
      return false;
    }
    mergeInfluences(Influences, *Unmarked);
    DF.Influences = std::move(Influences);
    return true;
  }

  static void checkConfig(const fm::FeatureModel &FM, const CallTrace &T) {
    llvm::Expected<fm::Configuration> C = FM.parseConfig(T.Config);
    llvm::Error E = C ? FM.check(*C) : C.takeError();
    if (E)
      reportWarning(SourcePoint{T.Path, 0, 0},
                    "the configuration of this run ('" + T.Config +
                        "') is not valid in " + FM.path() + ": " +
                        errorToString(std::move(E)));
  }

  static bool writeGraph(const std::string &Path, const CallGraph &CG,
                         void (*Write)(const CallGraph &,
                                       llvm::raw_ostream &)) {
    if (Path.empty())
      return true;
    if (llvm::Error E = writeFileAtomically(Path, [&](llvm::raw_ostream &OS) {
          Write(CG, OS);
          return llvm::Error::success();
        })) {
      reportError(std::move(E));
      return false;
    }
    return true;
  }
};

} // namespace

std::unique_ptr<Command> makeModelCommand() {
  return std::make_unique<ModelCommand>();
}

} // namespace varsim::driver
