//===- driver/AdaptiveRun.cpp - The two phases of an adaptive run ---------===//

#include "driver/AdaptiveRun.h"

#include "driver/Command.h"
#include "support/Diagnostic.h"
#include "support/JsonError.h"

#include "callgraph/CallTrace.h"
#include "plan/Evidence.h"
#include "plan/OnDemand.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>

namespace varsim::driver {

namespace {

/// The runs of Runs whose configuration none of Among has.
std::vector<plan::PlannedRun> notAmong(llvm::ArrayRef<plan::PlannedRun> Runs,
                                       llvm::ArrayRef<plan::PlannedRun> Among) {
  std::vector<plan::PlannedRun> Out;
  for (const plan::PlannedRun &R : Runs)
    if (llvm::none_of(Among, [&](const plan::PlannedRun &Q) {
          return Q.ConfigString == R.ConfigString;
        }))
      Out.push_back(R);
  return Out;
}

/// The concrete features that some data-flow fact of In names.
std::vector<fm::FeatureId> factFeatures(const plan::OutDirPlanInput &In) {
  std::set<fm::FeatureId> Ids;
  auto Add = [&](const std::string &Name) {
    std::optional<fm::FeatureId> Id = In.Model.findByName(Name);
    if (!Id)
      Id = In.Model.findByMacro(Name);
    if (Id)
      Ids.insert(*Id);
  };
  for (const plan::RegionToCover &R : In.Regions) {
    llvm::for_each(R.InfluencingFeatures, Add);
    llvm::for_each(R.CalleeFeatures, Add);
  }
  return {Ids.begin(), Ids.end()};
}

/// How many of Features differ between A and B (selection or value).
size_t differing(const fm::Configuration &A, const fm::Configuration &B,
                 llvm::ArrayRef<fm::FeatureId> Features) {
  return llvm::count_if(Features, [&](fm::FeatureId F) {
    if (F >= A.Selected.size() || F >= B.Selected.size())
      return false;
    return A.Selected[F] != B.Selected[F] ||
           (F < A.Values.size() && F < B.Values.size() &&
            A.Values[F] != B.Values[F]);
  });
}

/// A valid configuration that differs from From in as many of Features as
/// the model allows: each feature's selection flipped in turn while that
/// stays satisfiable, then each numeric feature selected in both moved to
/// another of its values where that stays valid.
std::optional<fm::Configuration>
flipped(const fm::FeatureModel &M, const fm::Configuration &From,
        llvm::ArrayRef<fm::FeatureId> Features) {
  std::vector<fm::Literal> Required;
  for (fm::FeatureId F : Features) {
    if (F >= From.Selected.size())
      continue;
    Required.push_back({F, /*Negated=*/From.Selected[F]});
    if (!M.isSatisfiable(Required))
      Required.pop_back();
  }
  std::optional<fm::Configuration> C = M.findValid(Required);
  if (!C)
    return std::nullopt;
  for (fm::FeatureId F : Features) {
    const fm::Feature &Def = M.feature(F);
    if (Def.Kind != fm::FeatureKind::Numeric || !C->Selected[F] ||
        F >= C->Values.size() || F >= From.Values.size() ||
        C->Values[F] != From.Values[F])
      continue;
    for (int64_t V : Def.Values) {
      if (V == From.Values[F])
        continue;
      int64_t Old = C->Values[F];
      C->Values[F] = V;
      if (llvm::Error E = M.check(*C)) {
        llvm::consumeError(std::move(E));
        C->Values[F] = Old;
        continue;
      }
      break;
    }
  }
  return C;
}

/// The run to pair with First: of the static runs and the configuration
/// that flips every fact feature the model allows, the one that differs
/// from First in the most fact features (a static run on a tie, so that
/// the adaptive run stays within the static plan where it can); none if
/// none differs.
std::optional<plan::PlannedRun> farthestRun(const plan::OutDirPlanInput &In,
                                            const plan::Plan &Static,
                                            const plan::PlannedRun &First) {
  // Without facts, the pair still shows regions whose counts change with
  // some feature (count witnesses): then every feature counts.
  std::vector<fm::FeatureId> Features = factFeatures(In);
  if (Features.empty())
    Features = In.Model.concreteFeatures();
  std::optional<plan::PlannedRun> Best;
  size_t BestDiff = 0;
  for (const plan::PlannedRun &R : Static.Runs)
    if (size_t D = differing(R.Config, First.Config, Features); D > BestDiff)
      Best = R, BestDiff = D;
  if (std::optional<fm::Configuration> C =
          flipped(In.Model, First.Config, Features))
    if (size_t D = differing(*C, First.Config, Features); D > BestDiff)
      Best = plan::PlannedRun{*C, In.Model.format(*C)}, BestDiff = D;
  return Best;
}

/// Appends to Evidence the evidence of the runs of Ran made since the
/// last call (their traces in TraceDir, listed in Runs as index.json
/// lists them).
llvm::Error readNewEvidence(size_t Made, llvm::StringRef TraceDir,
                            const llvm::json::Array &Runs,
                            std::vector<plan::RunEvidence> &Evidence) {
  // Only the runs made since the last round are read: the earlier runs'
  // evidence does not change.
  size_t Weighed = std::min(Evidence.size(), Made);
  std::vector<std::vector<callgraph::CallTrace>> Traces(Made - Weighed);
  llvm::Error Bad = llvm::Error::success();
  for (const llvm::json::Value &V : Runs) {
    const llvm::json::Object *O = V.getAsObject();
    std::optional<int64_t> K = O->getInteger("run");
    std::optional<llvm::StringRef> Name = O->getString("trace");
    if (!K || *K <= static_cast<int64_t>(Weighed) ||
        static_cast<size_t>(*K) > Made || !Name)
      continue;
    llvm::SmallString<256> Path(TraceDir);
    llvm::sys::path::append(Path, *Name);
    auto T = callgraph::readCallTrace(Path);
    if (!T) {
      Bad = llvm::joinErrors(std::move(Bad), T.takeError());
      continue;
    }
    Traces[*K - 1 - Weighed].push_back(std::move(*T));
  }
  for (size_t K = 0; K < Traces.size() && !Bad; ++K) {
    auto E = plan::evidenceOf(Traces[K]);
    if (!E)
      Bad = llvm::joinErrors(std::move(Bad), E.takeError());
    else
      Evidence.push_back(std::move(*E));
  }
  return Bad;
}

} // namespace

llvm::Expected<plan::Plan> minimalFirstRuns(const plan::OutDirPlanInput &In,
                                            const plan::Plan &Static) {
  std::vector<plan::RegionToCover> Plain = In.Regions;
  // No data-flow fact in the first runs: neither the regions' influencing
  // features nor the decisions of their unmarked callees (the unmarked
  // code's own features stay: the model times them there for sure).
  for (plan::RegionToCover &R : Plain) {
    R.InfluencingFeatures.clear();
    for (const std::string &F : R.CalleeFeatures)
      llvm::erase(R.TimedFeatures, F);
    R.CalleeFeatures.clear();
  }
  // The first runs are static runs that meet the minimal plan's
  // requirements (conditions and exclusive groups), so that an adaptive
  // run stays within the static plan where it can.
  auto First = plan::runsToAdd(In, Plain, Static.Runs, {});
  if (!First)
    return First.takeError();
  plan::Plan Out;
  Out.Runs = std::move(*First);
  if (Out.Runs.empty())
    Out.Runs.push_back(Static.Runs.front());
  // With one run, no pair of runs tests a fact: add the run that flips
  // the most features that facts name (one pair of runs then tests many
  // facts at once).
  if (Out.Runs.size() == 1)
    if (std::optional<plan::PlannedRun> Far =
            farthestRun(In, Static, Out.Runs.front()))
      Out.Runs.push_back(std::move(*Far));
  return Out;
}

size_t adaptiveBound(const plan::Plan &Static,
                     llvm::ArrayRef<plan::PlannedRun> FirstRuns) {
  return Static.Runs.size() + notAmong(FirstRuns, Static.Runs).size();
}

int addFollowUp(const plan::OutDirPlanInput &In, const plan::Plan &Static,
                size_t FirstRuns, plan::Plan &Ran, llvm::StringRef TraceDir,
                const llvm::json::Array &Runs,
                std::vector<plan::RunEvidence> &Evidence,
                std::optional<llvm::json::Object> &Adaptive) {
  size_t Made = Ran.Runs.size(), Before = Evidence.size();
  llvm::Error Bad = readNewEvidence(Made, TraceDir, Runs, Evidence);
  std::vector<plan::PlannedRun> Extra;
  std::optional<plan::Plan> StaticWithCopies;
  llvm::json::Array Facts, Witnesses;
  bool Unreadable = static_cast<bool>(Bad);
  // A function covered on demand that some run called: its copies and
  // their facts are covered from now on (plan/OnDemand.h).
  std::vector<size_t> Called;
  if (!Unreadable)
    Called = plan::familiesThatRan(In.OnDemand, Evidence);
  std::vector<plan::RegionToCover> Regions =
      plan::expandFamilies(In.Regions, In.OnDemand, Called);
  std::vector<size_t> Earlier = plan::familiesThatRan(
      In.OnDemand, llvm::ArrayRef(Evidence).take_front(Before));
  for (size_t F : Called)
    if (!llvm::is_contained(Earlier, F))
      llvm::errs() << "varsim: adaptive run: " << In.OnDemand[F].Key
                   << " runs (visit counts): its " << In.OnDemand[F].Copies
                   << " copies are covered now\n";
  if (Unreadable) {
    // Nothing to weigh: the static plan's other runs, as without
    // --adaptive.
    Extra = notAmong(Static.Runs, Ran.Runs);
    std::string Why = llvm::toString(std::move(Bad));
    if (!Extra.empty())
      reportWarning("cannot weigh the runs' evidence (" + Why +
                    "); running the static plan's other runs");
  } else {
    plan::WeighedFacts W = plan::weighFacts(Regions, Evidence);
    std::map<plan::Verdict, unsigned> Count;
    for (const plan::FactVerdict &F : W.Facts) {
      ++Count[F.V];
      Facts.push_back(
          llvm::json::Object{{"region", static_cast<int64_t>(F.Region)},
                             {"label", F.Label},
                             {"feature", F.Feature},
                             {"verdict", plan::verdictName(F.V)},
                             {"why", F.Why}});
    }
    for (const plan::FactVerdict &F : W.NewWitnesses)
      Witnesses.push_back(
          llvm::json::Object{{"region", static_cast<int64_t>(F.Region)},
                             {"label", F.Label},
                             {"feature", F.Feature},
                             {"why", F.Why}});
    llvm::errs() << llvm::formatv(
        "varsim: adaptive run, after {6} run(s): {0} data-flow fact(s): {1} "
        "confirmed by visit counts, {2} kept by times beyond noise, {3} "
        "refuted (equal counts, times within noise), {4} not testable yet, "
        "{7} vacuous (the region's condition fixes the feature); {5} fact(s) "
        "that counts witness and the analysis missed\n",
        W.Facts.size(), Count[plan::Verdict::CountWitness],
        Count[plan::Verdict::TimeWitness], Count[plan::Verdict::Refuted],
        Count[plan::Verdict::Unobserved], W.NewWitnesses.size(), Made,
        Count[plan::Verdict::Vacuous]);
    for (const plan::FactVerdict &F : W.NewWitnesses)
      llvm::errs() << "  region " << F.Region << " " << F.Label << " / "
                   << F.Feature << ": visit counts differ (" << F.Why << ")\n";
    auto More = plan::runsToAdd(In, W.Regions, Static.Runs, Ran.Runs);
    if (!More) {
      reportError(More.takeError());
      return ExitFailure;
    }
    Extra = std::move(*More);
    // The static runs not run yet meet every requirement together with the
    // runs made (the static plan meets them all): when they are fewer than
    // the follow-up plan (the first runs fall between the static plan's
    // points), they are the follow-up, and no fact goes unobserved.
    // Once a function covered on demand runs, the static plan does not
    // cover its copies: the static plan over the copies that ran does.
    const plan::Plan *Whole = &Static;
    if (!Called.empty()) {
      auto WithCopies = plan::planOutDir(In, Regions);
      if (!WithCopies) {
        reportError(WithCopies.takeError());
        return ExitFailure;
      }
      StaticWithCopies = std::move(*WithCopies);
      Whole = &*StaticWithCopies;
    }
    std::vector<plan::PlannedRun> Rest = notAmong(Whole->Runs, Ran.Runs);
    if (Rest.size() < Extra.size())
      Extra = std::move(Rest);
  }
  // A called function's copies were not in the static plan: each of their
  // regions may need a run of its own.
  size_t Cap =
      adaptiveBound(Static, llvm::ArrayRef(Ran.Runs).take_front(FirstRuns)) +
      plan::membersOf(In.OnDemand, Called);
  size_t Room = Cap > Made ? Cap - Made : 0;
  size_t Wanted = Extra.size();
  if (Wanted > 0 && Room == 0)
    reportWarning(
        llvm::formatv("the evidence calls for {0} more run(s), {1} run(s) "
                      "in all is the bound (the static plan's size, and "
                      "the first runs it lacks): some facts go "
                      "unobserved; --no-adaptive runs the static plan",
                      Wanted, Cap)
            .str());
  // One run per round: its evidence may refute facts that the rest of the
  // follow-up is for. Unreadable evidence will not improve: then all of it.
  Extra.resize(std::min({Extra.size(), Unreadable ? Extra.size() : 1, Room}));
  // What the run compares with: the static plan, and once copies ran, the
  // static plan that covers them (RapidJSON: 13, and 16 with the copies of
  // the four functions its first runs called).
  std::string StaticSize =
      llvm::formatv("the static plan has {0}", Static.Runs.size());
  if (StaticWithCopies)
    StaticSize += llvm::formatv(", {0} with the copies of the functions "
                                "that ran",
                                StaticWithCopies->Runs.size());
  if (Extra.empty())
    llvm::errs() << llvm::formatv(
        "varsim: adaptive run: no more run needed ({0} in all; {1})\n", Made,
        StaticSize);
  else
    llvm::errs() << llvm::formatv(
        "varsim: adaptive run: next {0} ({1} more planned; {2})\n",
        Extra.front().ConfigString, Wanted, StaticSize);
  for (plan::PlannedRun &R : Extra)
    Ran.Runs.push_back(std::move(R));
  Adaptive = llvm::json::Object{
      {"minimal_runs", static_cast<int64_t>(FirstRuns)},
      {"static_runs", static_cast<int64_t>(Static.Runs.size())},
      {"static_runs_with_copies",
       static_cast<int64_t>(StaticWithCopies ? StaticWithCopies->Runs.size()
                                             : Static.Runs.size())},
      {"added_runs", static_cast<int64_t>(Ran.Runs.size() - FirstRuns)},
      {"bound", static_cast<int64_t>(Cap)},
      {"facts", std::move(Facts)},
      {"count_witnesses_without_fact", std::move(Witnesses)}};
  return 0;
}

int replanAfterRuns(const plan::OutDirPlanInput &In, const plan::Plan &Static,
                    llvm::StringRef Traces, size_t Limit, bool Verbose,
                    std::vector<plan::PlannedRun> &Next) {
  llvm::SmallString<256> IndexPath(Traces);
  if (llvm::sys::fs::is_directory(IndexPath))
    llvm::sys::path::append(IndexPath, "index.json");
  auto Buffer = llvm::MemoryBuffer::getFile(IndexPath);
  if (!Buffer) {
    reportError(
        makeError(IndexPath, 0, 0,
                  "cannot read the run index: " + Buffer.getError().message()));
    return ExitFailure;
  }
  auto Index = llvm::json::parse((*Buffer)->getBuffer());
  if (!Index) {
    reportError(locatedJsonError(IndexPath, Index.takeError()));
    return ExitFailure;
  }
  const llvm::json::Object *Top = Index->getAsObject();
  const llvm::json::Array *All = Top ? Top->getArray("runs") : nullptr;
  if (!Top || Top->getString("format") != "varsim-run-index" || !All) {
    reportError(makeError(IndexPath, 0, 0,
                          "not a run index of 'varsim run' (no \"format\": "
                          "\"varsim-run-index\" with \"runs\")"));
    return ExitFailure;
  }
  // The runs in their order, each once (its repetitions share its number).
  std::map<int64_t, std::string> Configs;
  llvm::json::Array Runs;
  for (const llvm::json::Value &V : *All) {
    const llvm::json::Object *O = V.getAsObject();
    std::optional<int64_t> K = O ? O->getInteger("run") : std::nullopt;
    std::optional<llvm::StringRef> Config =
        O ? O->getString("config") : std::nullopt;
    if (!K || *K < 1 || !Config) {
      reportError(makeError(IndexPath, 0, 0,
                            "a run without a \"run\" number or \"config\""));
      return ExitFailure;
    }
    if (Limit && static_cast<size_t>(*K) > Limit)
      continue;
    Configs.emplace(*K, Config->str());
    Runs.push_back(V);
  }
  plan::Plan Ran;
  for (const auto &[K, Config] : Configs) {
    if (static_cast<size_t>(K) != Ran.Runs.size() + 1) {
      reportError(makeError(
          IndexPath, 0, 0,
          llvm::formatv("run {0} is not listed", Ran.Runs.size() + 1)));
      return ExitFailure;
    }
    auto C = In.Model.parseConfig(Config);
    if (!C) {
      reportError(makeError(IndexPath, 0, 0,
                            "run " + std::to_string(K) + ": " +
                                llvm::toString(C.takeError())));
      return ExitFailure;
    }
    Ran.Runs.push_back({std::move(*C), Config});
  }
  if (Ran.Runs.empty()) {
    reportError(makeError(IndexPath, 0, 0, "lists no run"));
    return ExitFailure;
  }
  // The first runs as the adaptive run recorded them (all runs made, for
  // an index of a run that was not adaptive).
  size_t First = Ran.Runs.size();
  if (const llvm::json::Object *A = Top->getObject("adaptive"))
    if (std::optional<int64_t> M = A->getInteger("minimal_runs"))
      First = std::min(First, static_cast<size_t>(std::max<int64_t>(*M, 1)));
  std::vector<plan::RunEvidence> Evidence;
  std::optional<llvm::json::Object> Adaptive;
  size_t Made = Ran.Runs.size();
  if (int Code = addFollowUp(In, Static, First, Ran,
                             llvm::sys::path::parent_path(IndexPath), Runs,
                             Evidence, Adaptive))
    return Code;
  if (Verbose && Adaptive)
    if (const llvm::json::Array *Facts = Adaptive->getArray("facts"))
      for (const llvm::json::Value &V : *Facts)
        if (const llvm::json::Object *F = V.getAsObject())
          llvm::errs() << "  region " << F->getInteger("region").value_or(0)
                       << " " << F->getString("label").value_or("") << " / "
                       << F->getString("feature").value_or("") << ": "
                       << F->getString("verdict").value_or("") << " ("
                       << F->getString("why").value_or("") << ")\n";
  Next.assign(Ran.Runs.begin() + Made, Ran.Runs.end());
  return 0;
}

llvm::json::Array onDemandIndex(const plan::OutDirPlanInput &In,
                                llvm::ArrayRef<plan::RunEvidence> Evidence) {
  std::vector<size_t> Called = plan::familiesThatRan(In.OnDemand, Evidence);
  llvm::json::Array Json;
  for (size_t F = 0; F < In.OnDemand.size(); ++F) {
    const plan::OnDemandFamily &Family = In.OnDemand[F];
    Json.push_back(llvm::json::Object{
        {"function", Family.Key},
        {"copies", static_cast<int64_t>(Family.Copies)},
        {"regions", static_cast<int64_t>(Family.Members.size())},
        {"called", llvm::is_contained(Called, F)}});
  }
  return Json;
}

int addOnDemand(const plan::OutDirPlanInput &In, plan::Plan &Ran,
                llvm::StringRef TraceDir, const llvm::json::Array &Runs,
                std::vector<plan::RunEvidence> &Evidence,
                std::vector<size_t> &Covered) {
  if (In.OnDemand.empty())
    return 0;
  if (llvm::Error Bad =
          readNewEvidence(Ran.Runs.size(), TraceDir, Runs, Evidence)) {
    reportWarning("cannot read the runs' visit counts (" +
                  llvm::toString(std::move(Bad)) +
                  "): the copies of functions covered on demand are not "
                  "covered");
    return 0;
  }
  std::vector<size_t> Called = plan::familiesThatRan(In.OnDemand, Evidence);
  if (llvm::all_of(Called,
                   [&](size_t F) { return llvm::is_contained(Covered, F); }))
    return 0;
  for (size_t F : Called)
    if (!llvm::is_contained(Covered, F))
      llvm::errs() << "varsim: " << In.OnDemand[F].Key
                   << " runs (visit counts): its " << In.OnDemand[F].Copies
                   << " copies are covered now\n";
  Covered = Called;
  auto More = plan::runsToAdd(
      In, plan::expandFamilies(In.Regions, In.OnDemand, Called), {}, Ran.Runs);
  if (!More) {
    reportError(More.takeError());
    return ExitFailure;
  }
  for (plan::PlannedRun &R : *More)
    Ran.Runs.push_back(std::move(R));
  return 0;
}

} // namespace varsim::driver
