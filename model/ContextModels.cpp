//===- model/ContextModels.cpp - Local models from data-flow facts --------===//

#include "model/ContextModels.h"

#include "model/CopyFamilies.h"
#include "model/Noise.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace varsim::model {

using callgraph::CallGraph;
using callgraph::SeqId;
using callgraph::Vertex;

namespace {

/// At most this many differing features are searched for the smallest
/// explaining set (2^N subsets); beyond, all of them are used.
constexpr size_t MaxSearchedFeatures = 12;

/// The configurations a copy of a family must run in for its own
/// difference from the family to be fitted (modelsOf).
constexpr unsigned MinConfigurationsOfACopy = 2;

struct ContextRuns {
  std::vector<unsigned> Runs;
  std::vector<double> Seconds;
  std::vector<double> Calls;
  /// Run-to-run noise, seconds: the typical range of its repetitions
  /// (pooledNoise), not the largest.
  double Noise = 0;
  /// The standard error of one run's median self time (model/Noise.h);
  /// nullopt when no configuration was repeated.
  std::optional<double> StandardError;
  /// The configurations whose repetitions measured StandardError.
  unsigned Repeated = 0;
  /// Per observation, the clone it observed (the index in its family);
  /// empty outside a family. Runs group by it as by a feature's value.
  std::vector<unsigned> Member;
};

/// The run-to-run noise of a context from the ranges of its repetitions in
/// each configuration that repeated it: their median. Each configuration's
/// time is the median of its repetitions, which one slow repetition (a load
/// spike) does not move, but that repetition widens its configuration's
/// range; the largest range would then declare a real difference between
/// configurations noise (HARDSTACKTESTS' +36 % in Lua's interpreter loop
/// fell under 1.5 times one configuration's outlier).
double pooledNoise(std::vector<double> Ranges) {
  if (Ranges.empty())
    return 0;
  std::sort(Ranges.begin(), Ranges.end());
  size_t N = Ranges.size();
  return N % 2 ? Ranges[N / 2] : (Ranges[N / 2 - 1] + Ranges[N / 2]) / 2;
}

class Builder {
public:
  Builder(const CallGraph &CG, const DataFlowOptions &Options)
      : CG(CG), Options(Options), Runs(Options.Runs->Runs) {
    for (const callgraph::TraceFeature &F : CG.features()) {
      FeatureIndex.try_emplace(F.Name, Names.size());
      Names.push_back(F.Name);
      Numeric.push_back(F.Numeric);
    }
    Values.resize(Runs.size());
    for (size_t R = 0; R < Runs.size(); ++R)
      for (const std::string &Name : Names)
        Values[R].push_back(Runs[R].valueOf(Name));
    // Each context's runs, in run order.
    Executed.resize(CG.size());
    std::vector<std::vector<double>> Ranges(CG.size());
    std::vector<std::vector<std::pair<double, unsigned>>> RangesAndCounts(
        CG.size());
    for (unsigned R = 0; R < Runs.size(); ++R)
      for (size_t I = 0; I < Runs[R].SelfNs.size(); ++I) {
        auto [Context, Ns] = Runs[R].SelfNs[I];
        if (Context >= Executed.size())
          continue;
        ContextRuns &E = Executed[Context];
        E.Runs.push_back(R);
        E.Seconds.push_back(Ns * 1e-9);
        E.Calls.push_back(I < Runs[R].Calls.size() ? Runs[R].Calls[I] : 0);
        if (I < Runs[R].NoiseNs.size() && Runs[R].Repetitions > 1) {
          Ranges[Context].push_back(Runs[R].NoiseNs[I] * 1e-9);
          RangesAndCounts[Context].emplace_back(Runs[R].NoiseNs[I] * 1e-9,
                                                Runs[R].Repetitions);
        }
      }
    for (size_t C = 0; C < Executed.size(); ++C) {
      Executed[C].Noise = pooledNoise(std::move(Ranges[C]));
      Executed[C].StandardError = aggregateStandardError(RangesAndCounts[C]);
      Executed[C].Repeated = static_cast<unsigned>(RangesAndCounts[C].size());
    }
    if (Options.Influences)
      influenceSets();
  }

  std::vector<ContextModel> build() {
    std::vector<ContextModel> Out;
    if (Runs.size() < 2)
      return Out;
    // First pass: each context's candidate sets (the fewest features that
    // explain its times); a context with one such set votes for its
    // features, weighted by the time they explain. Second pass: a context
    // whose observations confound several features (a covering array
    // flips two features between its only two runs) takes the set the
    // unambiguous contexts vote for: the feature that changes the block
    // count everywhere else, not the one that merely flipped with it.
    // The clones of one piece of code (cloneFamilies) are fitted together.
    struct Pending {
      std::vector<Vertex> Members; ///< One context, or a family of clones.
      ContextRuns Obs;
      bool Witness, FactsCover;
      std::vector<std::vector<unsigned>> Sets;
    };
    std::vector<Pending> All;
    Votes.assign(Names.size(), 0);
    for (std::vector<Vertex> &Members : cloneFamilies()) {
      Vertex V = Members.front();
      // Visit counts that differ between configurations (and agree
      // between repetitions) witness an interaction exactly: they confirm
      // a fact, or stand in for one the analysis missed.
      bool Witness =
          llvm::any_of(Members, [&](Vertex M) { return CG[M].CountWitness; });
      if (Options.Influences && Sets[SetOf[V]].empty() && !Witness)
        continue;
      ContextRuns Obs = observations(Members);
      if (Obs.Runs.size() < 2)
        continue;
      // The facts only narrow the candidates: a context whose times agree
      // across its runs keeps the paper's term, and of the features that
      // may explain a difference the fewest that do are used.
      // With a count witness the difference needs only to stand out of
      // the run-to-run noise, not out of the fixed relative floor.
      Witness = Witness && countsDiffer(Obs, {});
      if (!beyondNoise(Obs, {}, Witness))
        continue;
      bool FactsCover = Options.Influences && !Sets[SetOf[V]].empty();
      std::vector<std::vector<unsigned>> Explaining = explaining(
          Obs, differing(Obs, FactsCover ? candidates(V) : allFeatures()),
          Witness);
      if (Explaining.empty() || Explaining.front().empty())
        continue;
      if (Explaining.size() == 1) {
        double Low = *std::min_element(Obs.Seconds.begin(), Obs.Seconds.end());
        double High = *std::max_element(Obs.Seconds.begin(), Obs.Seconds.end());
        for (unsigned F : Explaining.front())
          Votes[F] += High - Low;
      }
      All.push_back({std::move(Members), std::move(Obs), Witness, FactsCover,
                     std::move(Explaining)});
    }
    for (Pending &P : All) {
      const std::vector<unsigned> *Features = &P.Sets.front();
      double BestVotes = -1;
      for (const std::vector<unsigned> &S : P.Sets) {
        double Sum = 0;
        for (unsigned F : S)
          Sum += Votes[F];
        if (Sum > BestVotes)
          BestVotes = Sum, Features = &S;
      }
      for (ContextModel &M : modelsOf(P.Members, P.Obs, P.Witness, P.FactsCover,
                                      *Features, P.Sets.size() > 1))
        Out.push_back(std::move(M));
    }
    return Out;
  }

  /// The local models of Members (one context, or a family of clones)
  /// from their observations Obs over Features.
  ///
  /// A family's clones are one local model, the clone a feature of it
  /// (an indicator per clone beside the most observed one): the plan runs
  /// each clone with only some of the family's combinations (Lua's
  /// switch-dispatch interpreter, copied for LUA_USE_JUMPTABLE = 0, ran
  /// only with LUAI_ASSERT and HARDSTACKTESTS both on or both off), and a
  /// clone fitted on its own runs gave one feature the other's time. Fitted
  /// together, the features' effects come from every clone's runs, and a
  /// clone's own difference (its indicator's interactions) only where its
  /// runs show one beyond noise. Each clone then gets the terms that hold
  /// for it.
  std::vector<ContextModel> modelsOf(const std::vector<Vertex> &Members,
                                     const ContextRuns &Obs, bool Witness,
                                     bool FactsCover,
                                     const std::vector<unsigned> &Features,
                                     bool Confounded) const {
    std::string Why =
        FactsCover ? "data-flow facts name these features on its path"
        : Options.Influences
            ? "its visit counts differ between configurations "
              "(an exact witness) though no data-flow fact names it"
            : "its time differs between runs beyond noise";
    if (Witness && FactsCover)
      Why += "; its visit counts differ between configurations (an "
             "exact witness)";
    if (Confounded)
      Why += "; its runs confound several features: these are the ones "
             "that explain the other contexts";
    if (Members.size() > 1)
      Why += "; fitted together with the " +
             std::to_string(Members.size() - 1) +
             " other copies of its code (a copy per configuration), which "
             "share the features' effects";
    // The reference clone (no indicator): the most observed one.
    std::vector<unsigned> PerMember(Members.size(), 0);
    for (unsigned M : Obs.Member)
      ++PerMember[M];
    if (Obs.Member.empty())
      PerMember.front() = static_cast<unsigned>(Obs.Runs.size());
    unsigned Reference = static_cast<unsigned>(
        std::max_element(PerMember.begin(), PerMember.end()) -
        PerMember.begin());
    // A copy the runs observed in one configuration only cannot tell its
    // own difference from that configuration's: the configuration's
    // repetitions run minutes apart from the others and share their drift,
    // so an indicator fitted to its one observation takes that drift (or
    // an interaction of that configuration the features do not carry) as
    // the copy's cost. Such a copy takes the family's model, and its
    // observation stays out of the fit, where it would bias the features'
    // effects by whatever the copy does differ; the runs' totals
    // (model/RunTotals.h) still see that difference. Lua's `luaV_concat`,
    // copied per LUAI_MAXSHORTLEN under `luaV_execute`'s copies per
    // LUA_USE_JUMPTABLE, ran 4 of its 6 copies in one configuration each,
    // and their indicators made interactions of the two options that the
    // variants do not have (4 recorded Lua runs: 0.9-5.7 points of MAPE).
    auto Apart = [&](unsigned Member) {
      return Member == Reference ||
             PerMember[Member] >= MinConfigurationsOfACopy;
    };
    unsigned Pooled = 0;
    for (unsigned M = 0; M < Members.size(); ++M)
      Pooled += !Apart(M);
    if (Pooled)
      Why += "; " + std::to_string(Pooled) +
             " of its copies ran in a single configuration each and take the "
             "family's model (a copy's own difference needs two)";
    auto IndicatorOf = [&](unsigned Member) -> unsigned {
      return static_cast<unsigned>(Features.size()) + Member -
             (Member > Reference ? 1 : 0);
    };
    std::vector<Observation> Points;
    for (size_t K = 0; K < Obs.Runs.size(); ++K) {
      if (!Obs.Member.empty() && !Apart(Obs.Member[K]))
        continue;
      Observation P;
      for (unsigned F : Features)
        P.Values.push_back(Values[Obs.Runs[K]][F]);
      for (unsigned M = 0; M < Members.size(); ++M)
        if (M != Reference)
          P.Values.push_back(Obs.Member[K] == M);
      P.Seconds = Obs.Seconds[K];
      Points.push_back(std::move(P));
    }
    llvm::SmallVector<bool, 8> ByValue;
    for (unsigned F : Features)
      ByValue.push_back(Numeric[F]);
    ByValue.append(Members.size() - 1, false);
    // Hierarchical least squares, not the inversion over the observed
    // points: a sparse plan (a covering array) observes few combinations,
    // and the inversion charges a feature's effect to whichever observed
    // combination holds it; a term within the repetitions' noise (two
    // standard errors of its estimate, model/Noise.h) is none.
    FitOptions Fit;
    Fit.NoiseSeconds =
        std::max(Options.NoiseAbsoluteNs * 1e-9, repetitionNoise(Obs));
    Fit.NoisePerOrder = Obs.StandardError ? std::sqrt(2.0) : 1.0;
    Fit.NoiseMeasured = Obs.Noise > 0 || Obs.StandardError.has_value();
    Fit.StandardErrorSeconds = Obs.StandardError.value_or(0);
    Fit.StandardErrorFreedom = Obs.Repeated;
    Fit.FloorSeconds = Options.NoiseAbsoluteNs * 1e-9;
    std::vector<LocalTerm> Terms = fitLocalModel(Points, ByValue, Fit);

    std::vector<ContextModel> Out;
    for (unsigned M = 0; M < Members.size(); ++M) {
      ContextModel C;
      C.Context = Members[M];
      C.FromFacts = FactsCover;
      C.CountWitness = Witness;
      C.Why = Why;
      C.Observations = PerMember[M];
      for (unsigned F : Features) {
        C.Features.push_back(Names[F]);
        C.Numeric.push_back(Numeric[F]);
      }
      C.Terms = Members.size() == 1
                    ? Terms
                    : termsOfCopy(Terms, Features.size(),
                                  M == Reference || !Apart(M)
                                      ? std::nullopt
                                      : std::optional(IndicatorOf(M)));
      Out.push_back(std::move(C));
    }
    return Out;
  }

private:
  const CallGraph &CG;
  const DataFlowOptions &Options;
  const std::vector<RunObservation> &Runs;
  llvm::StringMap<unsigned> FeatureIndex;
  std::vector<std::string> Names;
  std::vector<bool> Numeric;
  std::vector<std::vector<int64_t>> Values; ///< [run][feature]
  std::vector<ContextRuns> Executed;
  /// Interned sets of feature indices; per context, its set.
  std::vector<std::vector<unsigned>> Sets;
  std::vector<uint32_t> SetOf;
  std::vector<char> Holds; ///< [sequence * runs + run]
  /// Per feature, the time it explains in unambiguous contexts.
  std::vector<double> Votes;

  /// The features of the facts on each context's calling path, interned:
  /// a context's set is its parent's plus its region's.
  void influenceSets() {
    std::vector<std::vector<unsigned>> OfRegion(CG.regions().size());
    for (const auto &[Region, Features] : *Options.Influences) {
      if (Region >= OfRegion.size())
        continue;
      for (const std::string &Name : Features)
        if (auto It = FeatureIndex.find(Name); It != FeatureIndex.end())
          OfRegion[Region].push_back(It->second);
      llvm::sort(OfRegion[Region]);
    }
    std::map<std::vector<unsigned>, uint32_t> Index;
    auto Intern = [&](std::vector<unsigned> S) {
      auto [It, New] = Index.try_emplace(S, static_cast<uint32_t>(Sets.size()));
      if (New)
        Sets.push_back(std::move(S));
      return It->second;
    };
    // A folded region's later visits are its callers' self time: the
    // callers' contexts take its facts too.
    std::vector<std::vector<unsigned>> FromFolded(CG.size());
    for (Vertex V = 0; V < CG.size(); ++V) {
      const callgraph::ContextNode &N = CG[V];
      if (N.Parent < 0 || N.Region >= OfRegion.size() ||
          OfRegion[N.Region].empty() ||
          !std::binary_search(Options.Runs->FoldedRegions.begin(),
                              Options.Runs->FoldedRegions.end(), N.Region))
        continue;
      std::vector<unsigned> &Into = FromFolded[N.Parent];
      std::vector<unsigned> Merged;
      std::set_union(Into.begin(), Into.end(), OfRegion[N.Region].begin(),
                     OfRegion[N.Region].end(), std::back_inserter(Merged));
      Into = std::move(Merged);
    }
    Intern({});
    SetOf.assign(CG.size(), 0);
    for (Vertex V = 0; V < CG.size(); ++V) {
      const callgraph::ContextNode &N = CG[V];
      std::vector<unsigned> Own;
      std::set_union(OfRegion[N.Region].begin(), OfRegion[N.Region].end(),
                     FromFolded[V].begin(), FromFolded[V].end(),
                     std::back_inserter(Own));
      uint32_t Parent = N.Parent >= 0 ? SetOf[N.Parent] : 0;
      if (Own.empty()) {
        SetOf[V] = Parent;
        continue;
      }
      std::vector<unsigned> S;
      std::set_union(Sets[Parent].begin(), Sets[Parent].end(), Own.begin(),
                     Own.end(), std::back_inserter(S));
      SetOf[V] = Intern(std::move(S));
    }
  }

  std::vector<unsigned> candidates(Vertex V) const {
    if (Options.Influences)
      return Sets[SetOf[V]];
    return allFeatures();
  }

  std::vector<unsigned> allFeatures() const {
    std::vector<unsigned> All(Names.size());
    for (unsigned F = 0; F < All.size(); ++F)
      All[F] = F;
    return All;
  }

  /// Whether run R's configuration satisfies the sequence Seq: each
  /// sequence's from its parent's (ids grow from parents to children), so
  /// deep calling contexts cost one step each.
  bool termHolds(SeqId Seq, unsigned R) {
    if (Holds.empty()) {
      size_t N = Runs.size();
      const callgraph::AtomTable &Atoms = CG.atoms();
      std::vector<char> AtomHolds(Atoms.size() * N);
      for (callgraph::AtomId A = 0; A < Atoms.size(); ++A)
        for (size_t K = 0; K < N; ++K)
          AtomHolds[A * N + K] = Atoms[A].holds(
              [&](llvm::StringRef Name) { return Runs[K].valueOf(Name); });
      const callgraph::AtomSequences &Seqs = CG.sequences();
      Holds.assign(Seqs.size() * N, 1);
      for (SeqId S = 1; S < Seqs.size(); ++S)
        for (size_t K = 0; K < N; ++K)
          Holds[S * N + K] =
              Holds[Seqs.parent(S) * N + K] && AtomHolds[Seqs.last(S) * N + K];
    }
    return Holds[static_cast<size_t>(Seq) * Runs.size() + R] != 0;
  }

  /// The runs that executed V, and those whose configuration has V's term
  /// but never reached it (0 s), in run order.
  ContextRuns observations(Vertex V) {
    const ContextRuns &Ran = Executed[V];
    ContextRuns Out;
    size_t K = 0;
    for (unsigned R = 0; R < Runs.size(); ++R) {
      if (K < Ran.Runs.size() && Ran.Runs[K] == R) {
        Out.Runs.push_back(R);
        Out.Calls.push_back(Ran.Calls[K]);
        Out.Seconds.push_back(Ran.Seconds[K++]);
      } else if (termHolds(CG[V].Term, R)) {
        Out.Runs.push_back(R);
        Out.Calls.push_back(0);
        Out.Seconds.push_back(0);
      }
    }
    Out.Noise = Ran.Noise;
    Out.StandardError = Ran.StandardError;
    Out.Repeated = Ran.Repeated;
    return Out;
  }

  /// The observations of one context, or of a family of clones: each
  /// clone's, marked with its index (ContextRuns::Member). The family's
  /// noise pools its clones' (their standard errors weighted by the
  /// configurations that measured them).
  ContextRuns observations(const std::vector<Vertex> &Members) {
    if (Members.size() == 1)
      return observations(Members.front());
    ContextRuns Out;
    double Variance = 0;
    for (unsigned M = 0; M < Members.size(); ++M) {
      ContextRuns One = observations(Members[M]);
      Out.Runs.insert(Out.Runs.end(), One.Runs.begin(), One.Runs.end());
      Out.Calls.insert(Out.Calls.end(), One.Calls.begin(), One.Calls.end());
      Out.Seconds.insert(Out.Seconds.end(), One.Seconds.begin(),
                         One.Seconds.end());
      Out.Member.insert(Out.Member.end(), One.Runs.size(), M);
      Out.Noise = std::max(Out.Noise, One.Noise);
      if (One.StandardError) {
        Variance += *One.StandardError * *One.StandardError * One.Repeated;
        Out.Repeated += One.Repeated;
      }
    }
    if (Out.Repeated > 0)
      Out.StandardError = std::sqrt(Variance / Out.Repeated);
    return Out;
  }

  /// The families of copies (model/CopyFamilies.h) whose clones exclude
  /// each other and whose facts agree; each other context a group of its
  /// own.
  std::vector<std::vector<Vertex>> cloneFamilies() {
    std::vector<std::vector<Vertex>> Out;
    for (std::vector<Vertex> &Group : groupCopies(CG)) {
      if (Group.size() > 1 && !areClones(Group)) {
        for (Vertex V : Group)
          Out.push_back({V});
        continue;
      }
      Out.push_back(std::move(Group));
    }
    return Out;
  }

  /// Whether no run holds or executes two of Group's contexts, and their
  /// facts agree.
  bool areClones(const std::vector<Vertex> &Group) {
    if (Options.Influences)
      for (Vertex V : Group)
        if (SetOf[V] != SetOf[Group.front()])
          return false;
    for (unsigned R = 0; R < Runs.size(); ++R) {
      unsigned Present = 0;
      for (Vertex V : Group)
        Present +=
            termHolds(CG[V].Term, R) || llvm::is_contained(Executed[V].Runs, R);
      if (Present > 1)
        return false;
    }
    return true;
  }

  /// The features of Of whose value is not the same in all of Obs's runs.
  std::vector<unsigned> differing(const ContextRuns &Obs,
                                  std::vector<unsigned> Of) const {
    std::erase_if(Of, [&](unsigned F) {
      for (unsigned R : Obs.Runs)
        if (Values[R][F] != Values[Obs.Runs.front()][F])
          return false;
      return true;
    });
    return Of;
  }

  /// Observation K's values of Features, and its clone in a family (the
  /// clones of a family are told apart as a feature's values are).
  std::vector<int64_t> keyOf(const ContextRuns &Obs, size_t K,
                             const std::vector<unsigned> &Features) const {
    std::vector<int64_t> Key;
    for (unsigned F : Features)
      Key.push_back(Values[Obs.Runs[K]][F]);
    if (!Obs.Member.empty())
      Key.push_back(Obs.Member[K]);
    return Key;
  }

  /// Whether runs with equal values of Features differ in their visit
  /// counts (which carry no timing noise).
  bool countsDiffer(const ContextRuns &Obs,
                    const std::vector<unsigned> &Features) const {
    std::map<std::vector<int64_t>, double> Seen;
    for (size_t K = 0; K < Obs.Runs.size(); ++K) {
      auto [It, New] = Seen.try_emplace(keyOf(Obs, K, Features), Obs.Calls[K]);
      if (!New && It->second != Obs.Calls[K])
        return true;
    }
    return false;
  }

  /// The noise of a difference between two configurations' medians of
  /// the context (0 when no configuration was repeated).
  static double repetitionNoise(const ContextRuns &Obs) {
    return Obs.StandardError ? termNoise(*Obs.StandardError, 1) : 0;
  }

  /// Whether runs with equal values of Features differ beyond noise: the
  /// fixed floor (absolute + relative; only the absolute part when a count
  /// witness vouches for the difference) and the noise of the repetitions
  /// (repetitionNoise). With a count witness, the counts must agree within the
  /// groups too.
  bool beyondNoise(const ContextRuns &Obs,
                   const std::vector<unsigned> &Features,
                   bool Witness = false) const {
    if (Witness && countsDiffer(Obs, Features))
      return true;
    double Mean = 0;
    for (double S : Obs.Seconds)
      Mean += S;
    Mean /= static_cast<double>(Obs.Seconds.size());
    double Noise =
        std::max(Options.NoiseAbsoluteNs * 1e-9 +
                     (Witness ? 0 : Options.NoiseRelative * std::abs(Mean)),
                 repetitionNoise(Obs));
    std::map<std::vector<int64_t>, std::pair<double, double>> Range;
    for (size_t K = 0; K < Obs.Runs.size(); ++K) {
      auto [It, New] = Range.try_emplace(keyOf(Obs, K, Features),
                                         Obs.Seconds[K], Obs.Seconds[K]);
      It->second.first = std::min(It->second.first, Obs.Seconds[K]);
      It->second.second = std::max(It->second.second, Obs.Seconds[K]);
    }
    return std::any_of(Range.begin(), Range.end(), [&](const auto &E) {
      return E.second.second - E.second.first > Noise;
    });
  }

  /// The smallest subsets of Features (fewest features; every subset of
  /// that size, in feature order) within whose groups the times agree; all
  /// of them if none does or there are too many to search.
  std::vector<std::vector<unsigned>> explaining(const ContextRuns &Obs,
                                                std::vector<unsigned> Features,
                                                bool Witness) const {
    if (Features.size() > MaxSearchedFeatures)
      return {Features};
    size_t N = Features.size();
    for (size_t Size = 1; Size < N; ++Size) {
      std::vector<std::vector<unsigned>> Found;
      // Subsets of this size, in lexicographic order of their members.
      std::vector<bool> Pick(N, false);
      std::fill(Pick.begin(), Pick.begin() + static_cast<long>(Size), true);
      do {
        std::vector<unsigned> Subset;
        for (size_t I = 0; I < N; ++I)
          if (Pick[I])
            Subset.push_back(Features[I]);
        if (!beyondNoise(Obs, Subset, Witness))
          Found.push_back(std::move(Subset));
      } while (std::prev_permutation(Pick.begin(), Pick.end()));
      if (!Found.empty())
        return Found;
    }
    return {Features};
  }
};

} // namespace

std::vector<ContextModel> buildContextModels(const CallGraph &CG,
                                             const DataFlowOptions &Options) {
  if (!Options.Runs)
    return {};
  return Builder(CG, Options).build();
}

} // namespace varsim::model
