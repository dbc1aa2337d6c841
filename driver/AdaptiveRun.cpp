//===- driver/AdaptiveRun.cpp - The two phases of an adaptive run ---------===//

#include "driver/AdaptiveRun.h"

#include "driver/Command.h"
#include "support/Diagnostic.h"

#include "callgraph/CallTrace.h"
#include "plan/Evidence.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <map>

namespace varsim::driver {

llvm::Expected<plan::Plan> minimalFirstRuns(const plan::OutDirPlanInput &In,
                                            const plan::Plan &Static) {
  std::vector<plan::RegionToCover> Plain = In.Regions;
  for (plan::RegionToCover &R : Plain)
    R.InfluencingFeatures.clear();
  // The first runs are static runs that meet the minimal plan's
  // requirements (conditions and exclusive groups), so that an
  // adaptive run never needs more runs than the static plan.
  auto First = plan::runsToAdd(In, Plain, Static.Runs, {});
  if (!First)
    return First.takeError();
  plan::Plan Out;
  Out.Runs = std::move(*First);
  if (Out.Runs.empty())
    Out.Runs.push_back(Static.Runs.front());
  // With one run, no pair of runs tests a fact: add the static run
  // that differs from it in the most features (it flips every feature
  // of many facts at once).
  if (Out.Runs.size() == 1 && Static.Runs.size() > 1) {
    size_t Best = 0, BestDiff = 0;
    for (size_t K = 0; K < Static.Runs.size(); ++K) {
      size_t Diff = 0;
      const fm::Configuration &A = Static.Runs[K].Config,
                              &B = Out.Runs.front().Config;
      for (size_t F = 0; F < A.Selected.size() && F < B.Selected.size(); ++F)
        Diff += A.Selected[F] != B.Selected[F] ||
                (F < A.Values.size() && F < B.Values.size() &&
                 A.Values[F] != B.Values[F]);
      if (Diff > BestDiff)
        Best = K, BestDiff = Diff;
    }
    if (BestDiff)
      Out.Runs.push_back(Static.Runs[Best]);
  }
  return Out;
}

int addFollowUps(const plan::OutDirPlanInput &In, const plan::Plan &Static,
                 plan::Plan &Ran, llvm::StringRef TraceDir,
                 const llvm::json::Array &Runs,
                 std::optional<llvm::json::Object> &Adaptive) {
  size_t First = Ran.Runs.size();
  std::vector<std::vector<callgraph::CallTrace>> Traces(First);
  llvm::Error Bad = llvm::Error::success();
  for (const llvm::json::Value &V : Runs) {
    const llvm::json::Object *O = V.getAsObject();
    std::optional<int64_t> K = O->getInteger("run");
    std::optional<llvm::StringRef> Name = O->getString("trace");
    llvm::SmallString<256> Path(TraceDir);
    llvm::sys::path::append(Path, *Name);
    auto T = callgraph::readCallTrace(Path);
    if (!T) {
      Bad = llvm::joinErrors(std::move(Bad), T.takeError());
      continue;
    }
    Traces[*K - 1].push_back(std::move(*T));
  }
  std::vector<plan::RunEvidence> Evidence;
  for (size_t K = 0; K < First && !Bad; ++K) {
    auto E = plan::evidenceOf(Traces[K]);
    if (!E)
      Bad = llvm::joinErrors(std::move(Bad), E.takeError());
    else
      Evidence.push_back(std::move(*E));
  }
  std::vector<plan::PlannedRun> Extra;
  llvm::json::Array Facts, Witnesses;
  if (Bad) {
    // Nothing to weigh: the static plan's other runs, as without
    // --adaptive.
    reportWarning("cannot weigh the first runs' evidence (" +
                  llvm::toString(std::move(Bad)) +
                  "); running the static plan's other runs");
    for (const plan::PlannedRun &R : Static.Runs)
      if (llvm::none_of(Ran.Runs, [&](const plan::PlannedRun &Q) {
            return Q.ConfigString == R.ConfigString;
          }))
        Extra.push_back(R);
  } else {
    plan::WeighedFacts W = plan::weighFacts(In.Regions, Evidence);
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
        "varsim: adaptive run: {0} data-flow fact(s): {1} confirmed by "
        "visit counts, {2} kept by times beyond noise, {3} refuted (equal "
        "counts, times within noise), {4} not testable by the first runs; "
        "{5} fact(s) that counts witness and the analysis missed\n",
        W.Facts.size(), Count[plan::Verdict::CountWitness],
        Count[plan::Verdict::TimeWitness], Count[plan::Verdict::Refuted],
        Count[plan::Verdict::Unobserved], W.NewWitnesses.size());
    for (const plan::FactVerdict &F : W.NewWitnesses)
      llvm::errs() << "  region " << F.Region << " " << F.Label << " / "
                   << F.Feature << ": visit counts differ (" << F.Why << ")\n";
    auto More = plan::runsToAdd(In, W.Regions, Static.Runs, Ran.Runs);
    if (!More) {
      reportError(More.takeError());
      return ExitFailure;
    }
    Extra = std::move(*More);
  }
  size_t Cap = std::max<size_t>(2 * First, 4);
  size_t Room = Cap > First ? Cap - First : 0;
  size_t Wanted = Extra.size();
  if (Extra.size() > Room)
    Extra.resize(Room);
  llvm::errs() << llvm::formatv(
      "varsim: adaptive run: {0} more run(s) ({1} in all; the static plan "
      "has {2})\n",
      Extra.size(), First + Extra.size(), Static.Runs.size());
  if (Wanted > Extra.size())
    reportWarning(
        llvm::formatv("the evidence calls for {0} more run(s), {1} run(s) "
                      "in all is the bound (twice the minimal plan, at "
                      "least 4): some facts go unobserved; --no-adaptive "
                      "runs the static plan",
                      Wanted, Cap)
            .str());
  for (plan::PlannedRun &R : Extra)
    Ran.Runs.push_back(std::move(R));
  Adaptive = llvm::json::Object{
      {"minimal_runs", static_cast<int64_t>(First)},
      {"static_runs", static_cast<int64_t>(Static.Runs.size())},
      {"added_runs", static_cast<int64_t>(Ran.Runs.size() - First)},
      {"bound", static_cast<int64_t>(Cap)},
      {"facts", std::move(Facts)},
      {"count_witnesses_without_fact", std::move(Witnesses)}};
  return 0;
}

} // namespace varsim::driver
