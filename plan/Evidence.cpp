//===- plan/Evidence.cpp - What the first runs say about the facts --------===//

#include "plan/Evidence.h"

#include "support/Diagnostic.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <optional>
#include <set>

namespace varsim::plan {

using callgraph::CallTrace;

namespace {

/// Per region of one trace: visits and self time (inclusive time less the
/// children's, summed over every context and thread of the region). The
/// visits are the recorded ones plus the folded visits counted per thread:
/// exact, where the contexts' shares of the folded visits are estimates
/// (callgraph/FoldedVisits.cpp) and some may have found no node.
void perRegion(const CallTrace &T, std::vector<uint64_t> &Calls,
               std::vector<double> &SelfNs) {
  size_t N = T.Regions.size();
  Calls.assign(N, 0);
  SelfNs.assign(N, 0);
  for (const callgraph::TraceThread &Th : T.Threads) {
    std::vector<double> Self(Th.Nodes.size());
    for (size_t K = 0; K < Th.Nodes.size(); ++K)
      Self[K] = Th.Nodes[K].InclusiveNs;
    for (const callgraph::TraceNode &Node : Th.Nodes)
      if (Node.Parent >= 0 && static_cast<size_t>(Node.Parent) < Self.size())
        Self[Node.Parent] -= Node.InclusiveNs;
    for (size_t K = 0; K < Th.Nodes.size(); ++K) {
      uint32_t R = Th.Nodes[K].Region;
      if (R >= N)
        continue;
      Calls[R] += Th.Nodes[K].recordedCalls();
      SelfNs[R] += std::max(0.0, Self[K]);
    }
    for (const callgraph::TraceFoldedVisits &F : Th.Folded)
      if (F.Region < N)
        Calls[F.Region] += F.Visits;
  }
}

template <typename T> T median(std::vector<T> V) {
  std::sort(V.begin(), V.end());
  return V[V.size() / 2];
}

} // namespace

bool RunEvidence::executes(unsigned Region) const {
  if (Region >= Conditions.size())
    return false;
  return condition::evaluatePresence(
             *Conditions[Region],
             [&](llvm::StringRef F) { return valueOf(F); }) != 0;
}

llvm::Expected<RunEvidence> evidenceOf(llvm::ArrayRef<CallTrace> Repetitions) {
  if (Repetitions.empty())
    return makeError("no trace of the configuration");
  const CallTrace &First = Repetitions.front();
  RunEvidence E;
  E.Config = First.Config;
  E.Repetitions = static_cast<unsigned>(Repetitions.size());
  for (const callgraph::TraceFeature &F : First.Features)
    E.Values[F.Name] = F.Value;
  for (const callgraph::TraceRegion &R : First.Regions)
    E.Conditions.push_back(R.Cond);
  size_t N = First.Regions.size();
  // Each repetition's times at the speed of the machine the repetitions'
  // references share (their median), if every one had a reference.
  std::vector<double> Speeds;
  for (const CallTrace &T : Repetitions)
    if (T.Native && T.Native->speedNs() > 0)
      Speeds.push_back(T.Native->speedNs());
  if (Speeds.size() == Repetitions.size())
    E.SpeedNs = median(Speeds);
  std::vector<std::vector<uint64_t>> Calls(N);
  std::vector<std::vector<double>> Self(N);
  for (const CallTrace &T : Repetitions) {
    if (T.Regions.size() != N || T.Config != First.Config)
      return makeError(T.Path, 0, 0,
                       "not a repetition of " + First.Path +
                           " (another configuration or region table)");
    std::vector<uint64_t> C;
    std::vector<double> S;
    perRegion(T, C, S);
    double Scale = E.SpeedNs > 0 ? E.SpeedNs / T.Native->speedNs() : 1;
    for (size_t R = 0; R < N; ++R) {
      Calls[R].push_back(C[R]);
      Self[R].push_back(S[R] * Scale);
    }
  }
  for (size_t R = 0; R < N; ++R) {
    E.Calls.push_back(median(Calls[R]));
    E.SelfNs.push_back(median(Self[R]));
    auto [Lo, Hi] = std::minmax_element(Self[R].begin(), Self[R].end());
    E.NoiseNs.push_back(*Hi - *Lo);
    E.CountsVary.push_back(
        *std::min_element(Calls[R].begin(), Calls[R].end()) !=
        *std::max_element(Calls[R].begin(), Calls[R].end()));
  }
  // A folded Base region's visits stop being counted after its warm-up
  // (they are its callers' self time): its counts are not exact. A folded
  // region under a feature condition is counted on (its total is exact).
  for (const CallTrace &T : Repetitions)
    for (uint32_t R : T.FoldedRegions)
      if (R < N && !llvm::is_contained(T.CountedFoldRegions, R))
        E.CountsVary[R] = true;
  return E;
}

llvm::StringRef verdictName(Verdict V) {
  switch (V) {
  case Verdict::Unobserved:
    return "unobserved";
  case Verdict::CountWitness:
    return "confirmed by counts";
  case Verdict::TimeWitness:
    return "kept by times";
  case Verdict::Refuted:
    return "refuted";
  case Verdict::Vacuous:
    return "vacuous";
  }
  return "";
}

namespace {

/// The features whose values differ between two runs.
std::vector<std::string> differingFeatures(const RunEvidence &A,
                                           const RunEvidence &B) {
  std::set<std::string> Names;
  for (const auto &[F, V] : A.Values)
    Names.insert(F);
  for (const auto &[F, V] : B.Values)
    Names.insert(F);
  std::vector<std::string> Out;
  for (const std::string &F : Names)
    if (A.valueOf(F) != B.valueOf(F))
      Out.push_back(F);
  return Out;
}

/// Region R's run-to-run noise: the median of its repetition ranges over
/// the runs that were repeated. Each run's time is its repetitions'
/// median, which one slow repetition does not move; that repetition's
/// range must not make every difference with that run noise.
double typicalNoise(llvm::ArrayRef<RunEvidence> Runs, unsigned R) {
  std::vector<double> Ranges;
  for (const RunEvidence &E : Runs)
    if (E.Repetitions > 1 && R < E.NoiseNs.size())
      Ranges.push_back(E.NoiseNs[R]);
  if (Ranges.empty())
    return 0;
  std::sort(Ranges.begin(), Ranges.end());
  size_t N = Ranges.size();
  return N % 2 ? Ranges[N / 2] : (Ranges[N / 2 - 1] + Ranges[N / 2]) / 2;
}

/// Whether R's self times in A and B differ beyond noise. Where some run
/// was repeated, only between two repeated runs: the follow-ups of an
/// adaptive run are weighed after their first run, and a single run's
/// time carries whatever the machine did meanwhile, which the other runs'
/// repetition ranges do not bound (SQLite at load 2-4, no run repeated
/// yet: the facts kept by times grew from 89 after the 3 first runs to
/// 289 after 24 follow-ups, and the run made every run of the static
/// plan; with its first runs repeated and this rule: 10 after 3 runs and
/// after 18, the last).
bool timesDiffer(const RunEvidence &A, const RunEvidence &B, unsigned R,
                 double Noise, const EvidenceOptions &O, bool SomeRepeated) {
  if (SomeRepeated && (A.Repetitions < 2 || B.Repetitions < 2))
    return false;
  double Diff = std::fabs(A.SelfNs[R] - B.SelfNs[R]);
  return Diff > O.NoiseFactor * Noise &&
         Diff > O.Relative * std::max(A.SelfNs[R], B.SelfNs[R]) &&
         Diff > O.AbsoluteNs;
}

/// Exact counts of region R in both runs (stable over repetitions, and the
/// region known to both traces).
bool countsComparable(const RunEvidence &A, const RunEvidence &B, unsigned R) {
  return R < A.Calls.size() && R < B.Calls.size() && !A.CountsVary[R] &&
         !B.CountsVary[R];
}

/// The verdict of the fact "W reaches R" over every pair of runs that
/// differ in W and both execute R. Visits that differ confirm W only in a
/// pair that differs in no other feature of R's facts: RapidJSON's
/// flipping second run changed the parse flags, SSE4.2 and the write flags
/// at once, and the writer's visits, which the write flags alone decide,
/// "confirmed" all three. Such a pair keeps W (not refuted) until a pair
/// tells the features apart, unless Explaining (the features of R that a
/// pair differing in them alone witnesses) holds one of the others: that
/// feature accounts for the difference, and the pair says nothing of W
/// (SQLite: the visits of a lookaside region follow the page size, and
/// every run pair that changed the page size with five more options kept
/// all five after 27 runs). A pair that says nothing of W neither keeps
/// nor refutes it.
FactVerdict weighFact(const RegionToCover &R, const std::string &W,
                      llvm::ArrayRef<RunEvidence> Runs, double Noise,
                      const EvidenceOptions &Options,
                      const std::set<std::string> &Explaining, bool &Clean) {
  bool SomeRepeated = llvm::any_of(
      Runs, [](const RunEvidence &E) { return E.Repetitions > 1; });
  FactVerdict F{R.Id, R.Label, W, Verdict::Unobserved, ""};
  bool Compared = false;
  std::string Unvisited, Confounded;
  auto OthersDiffering = [&](const RunEvidence &A, const RunEvidence &B) {
    std::vector<std::string> Out;
    for (const std::string &V : differingFeatures(A, B))
      if (V != W && (llvm::is_contained(R.InfluencingFeatures, V) ||
                     llvm::is_contained(R.CalleeFeatures, V)))
        Out.push_back(V);
    return Out;
  };
  for (size_t I = 0; I < Runs.size() && F.V != Verdict::CountWitness; ++I)
    for (size_t J = I + 1; J < Runs.size(); ++J) {
      const RunEvidence &A = Runs[I], &B = Runs[J];
      if (A.valueOf(W) == B.valueOf(W) || !A.executes(R.Id) ||
          !B.executes(R.Id) || !countsComparable(A, B, R.Id))
        continue;
      std::vector<std::string> Others = OthersDiffering(A, B);
      bool Explained = llvm::any_of(
          Others, [&](const std::string &V) { return Explaining.count(V); });
      // Not visited with W on nor off: equal counts too. Whether R runs at
      // all is decided by its callers, whose own counts and facts say so;
      // here W neither made it run nor changed what it does.
      if (A.Calls[R.Id] == 0 && B.Calls[R.Id] == 0) {
        Compared = true;
        if (Unvisited.empty())
          Unvisited = llvm::formatv("runs {0} and {1}: not visited in either",
                                    I + 1, J + 1);
        continue;
      }
      std::string Pair = llvm::formatv(
          "runs {0} and {1}: {2} vs {3} visits, {4:F3} vs {5:F3} ms", I + 1,
          J + 1, A.Calls[R.Id], B.Calls[R.Id], A.SelfNs[R.Id] * 1e-6,
          B.SelfNs[R.Id] * 1e-6);
      if (A.Calls[R.Id] != B.Calls[R.Id]) {
        if (Others.empty()) {
          F.V = Verdict::CountWitness;
          F.Why = Pair;
          Clean = true;
          break;
        }
        if (Confounded.empty() && !Explained)
          Confounded = Pair + ", " + llvm::join(Others, ", ") +
                       " differing too: not told apart yet";
        continue;
      }
      Compared = true;
      if (timesDiffer(A, B, R.Id, Noise, Options, SomeRepeated) && !Explained &&
          (F.V != Verdict::TimeWitness || (Others.empty() && !Clean))) {
        F.V = Verdict::TimeWitness;
        F.Why = Pair;
        Clean = Others.empty();
      }
      if (F.Why.empty())
        F.Why = Pair;
    }
  if (F.V == Verdict::Unobserved && !Confounded.empty())
    F.Why = std::move(Confounded); // Kept: some feature of R acts there.
  else if (Compared && F.V == Verdict::Unobserved)
    F.V = Verdict::Refuted;
  if (F.Why.empty())
    F.Why = std::move(Unvisited);
  return F;
}

/// Runs with their times at one speed of the machine: the median of the
/// runs' native references (each run's times scaled by that over its own
/// reference). As they are when some run had no reference.
std::vector<RunEvidence> atOneSpeed(llvm::ArrayRef<RunEvidence> Runs) {
  std::vector<RunEvidence> Out(Runs.begin(), Runs.end());
  std::vector<double> Speeds;
  for (const RunEvidence &E : Runs)
    if (E.SpeedNs > 0)
      Speeds.push_back(E.SpeedNs);
  if (Speeds.empty() || Speeds.size() != Runs.size())
    return Out;
  double Level = median(Speeds);
  for (RunEvidence &E : Out) {
    double Scale = Level / E.SpeedNs;
    for (double &Ns : E.SelfNs)
      Ns *= Scale;
    for (double &Ns : E.NoiseNs)
      Ns *= Scale;
    E.SpeedNs = Level;
  }
  return Out;
}

} // namespace

WeighedFacts weighFacts(const std::vector<RegionToCover> &Regions,
                        llvm::ArrayRef<RunEvidence> RunsAsMeasured,
                        const EvidenceOptions &Options) {
  std::vector<RunEvidence> Runs = atOneSpeed(RunsAsMeasured);
  WeighedFacts Out;
  Out.Regions = Regions;
  std::set<unsigned> WithFacts;
  for (RegionToCover &R : Out.Regions) {
    if (R.IsVariant ||
        (R.InfluencingFeatures.empty() && R.CalleeFeatures.empty()))
      continue;
    WithFacts.insert(R.Id);
    double Noise = typicalNoise(Runs, R.Id);
    // Both kinds of fact are weighed alike; a refuted decision in an
    // unmarked callee also stops being a feature timed in R.
    condition::FixedFeatures Fixed;
    if (auto C = condition::parsePresence(R.Condition))
      Fixed = condition::fixedFeatures(**C);
    else
      llvm::consumeError(C.takeError()); // Nothing is then known fixed.
    // First without knowing which features act on R, then again with the
    // features that pairs differing in them alone witness: those explain
    // the differences of pairs that changed them beside W.
    std::set<std::string> Explaining;
    auto Weigh = [&](const std::string &W, bool &Clean) {
      return weighFact(R, W, Runs, Noise, Options, Explaining, Clean);
    };
    for (const std::vector<std::string> *Features :
         {&R.InfluencingFeatures, &R.CalleeFeatures})
      for (const std::string &W : *Features)
        if (bool Clean = false; !Fixed.fixes(W))
          if (FactVerdict F = Weigh(W, Clean); Clean && F.V != Verdict::Refuted)
            Explaining.insert(W);
    auto Apply = [&](std::vector<std::string> &Features) {
      std::vector<std::string> Kept;
      for (const std::string &W : Features) {
        if (Fixed.fixes(W)) {
          // No run can observe it, and no run is owed to it (the plan's
          // requirements already hold W at the condition's value).
          Out.Facts.push_back({R.Id, R.Label, W, Verdict::Vacuous,
                               "the region runs only where its condition '" +
                                   R.Condition + "' holds " + W +
                                   " to one value"});
          if (llvm::is_contained(R.CalleeFeatures, W))
            llvm::erase(R.TimedFeatures, W);
          continue;
        }
        bool Clean = false;
        FactVerdict F = Weigh(W, Clean);
        if (F.V != Verdict::Refuted)
          Kept.push_back(W);
        else if (llvm::is_contained(R.CalleeFeatures, W))
          llvm::erase(R.TimedFeatures, W);
        Out.Facts.push_back(std::move(F));
      }
      Features = std::move(Kept);
    };
    Apply(R.InfluencingFeatures);
    Apply(R.CalleeFeatures);
  }

  // Regions without facts whose counts differ: every feature that differs
  // in some witnessing pair. Not only those that differ in every pair:
  // with more than two runs the pairs can share none of an interaction's
  // features (counts 10 + 5 x A x B: runs A,B / none / A witness {A, B}
  // and {B}), and a narrower set would leave the interaction unobserved.
  for (RegionToCover &R : Out.Regions) {
    if (R.IsVariant || WithFacts.count(R.Id))
      continue;
    std::set<std::string> Any;
    std::string Why;
    for (size_t I = 0; I < Runs.size(); ++I)
      for (size_t J = I + 1; J < Runs.size(); ++J) {
        const RunEvidence &A = Runs[I], &B = Runs[J];
        if (!countsComparable(A, B, R.Id) || A.Calls[R.Id] == 0 ||
            B.Calls[R.Id] == 0 || A.Calls[R.Id] == B.Calls[R.Id])
          continue;
        std::vector<std::string> D = differingFeatures(A, B);
        if (Why.empty())
          Why = llvm::formatv("runs {0} and {1}: {2} vs {3} visits", I + 1,
                              J + 1, A.Calls[R.Id], B.Calls[R.Id]);
        Any.insert(D.begin(), D.end());
      }
    if (Why.empty())
      continue;
    R.InfluencingFeatures.assign(Any.begin(), Any.end());
    for (const std::string &W : Any)
      Out.NewWitnesses.push_back(
          {R.Id, R.Label, W, Verdict::CountWitness, Why});
  }
  return Out;
}

namespace {

/// The runs a plan of its own needs beyond Done (none: Done meets all).
llvm::Expected<size_t> stillNeeded(const OutDirPlanInput &In,
                                   const std::vector<RegionToCover> &Regions,
                                   const std::vector<PlannedRun> &Done,
                                   std::vector<PlannedRun> *Runs = nullptr) {
  PlanOptions Options;
  for (const PlannedRun &R : Done)
    Options.AlreadyRun.push_back(R.Config);
  auto P = planOutDir(In, Regions, Options);
  if (!P)
    return P.takeError();
  if (Runs)
    *Runs = P->Runs;
  return P->Runs.size();
}

} // namespace

llvm::Expected<std::vector<PlannedRun>>
runsToAdd(const OutDirPlanInput &In, const std::vector<RegionToCover> &Regions,
          llvm::ArrayRef<PlannedRun> Candidates,
          llvm::ArrayRef<PlannedRun> Done) {
  std::vector<PlannedRun> Own;
  std::vector<PlannedRun> Chosen(Done.begin(), Done.end());
  auto Left = stillNeeded(In, Regions, Chosen, &Own);
  if (!Left)
    return Left.takeError();
  std::vector<PlannedRun> Added;
  for (const PlannedRun &C : Candidates) {
    if (*Left == 0)
      break;
    if (llvm::any_of(Chosen, [&](const PlannedRun &R) {
          return R.ConfigString == C.ConfigString;
        }))
      continue;
    Chosen.push_back(C);
    auto With = stillNeeded(In, Regions, Chosen);
    if (!With)
      return With.takeError();
    if (*With < *Left) {
      Added.push_back(C);
      Left = *With;
    } else {
      Chosen.pop_back();
    }
  }
  if (*Left > 0) {
    std::vector<PlannedRun> Rest;
    if (auto E = stillNeeded(In, Regions, Chosen, &Rest); !E)
      return E.takeError();
    Added.insert(Added.end(), Rest.begin(), Rest.end());
  }
  return Added.size() <= Own.size() ? Added : Own;
}

} // namespace varsim::plan
