//===- model/PerformanceModel.cpp - Performance-influence models ----------===//

#include "model/PerformanceModel.h"
#include "model/CopyFamilies.h"
#include "model/TermKeys.h"
#include "model/TermLifting.h"

#include "feature_models/FeatureModel.h"
#include "support/Diagnostic.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <set>

namespace varsim::model {

using callgraph::AtomId;
using callgraph::AtomTable;
using callgraph::CallGraph;
using callgraph::SeqId;

std::string Term::name() const {
  std::string S;
  for (const Atom &A : Atoms) {
    if (!S.empty())
      S += '#';
    S += A.Text;
  }
  return S.empty() ? "Base" : S;
}

bool Term::holds(llvm::function_ref<int64_t(llvm::StringRef)> ValueOf) const {
  return std::all_of(Atoms.begin(), Atoms.end(),
                     [&](const Atom &A) { return A.holds(ValueOf); });
}

llvm::StringRef simplificationName(Simplification S) {
  switch (S) {
  case Simplification::None:
    return "none";
  case Simplification::Paper:
    return "paper";
  case Simplification::Full:
    return "full";
  }
  return "full";
}

double PerformanceModel::sumOfTerms() const {
  double Sum = 0;
  for (const Term &T : Terms)
    Sum += T.Seconds;
  return Sum;
}

std::set<std::string> Term::atomTexts() const {
  std::set<std::string> Texts;
  for (const Atom &A : Atoms)
    if (A.Text != "Base")
      Texts.insert(A.Text);
  return Texts;
}

double PerformanceModel::totalSeconds() const {
  // Terms that exclude each other (the values of a numeric feature, the
  // members of an alternative group) never hold together, so their sum is
  // no program's time: the total is the slowest measured configuration's
  // prediction.
  std::optional<double> Largest;
  for (const RunSummary &R : Runs) {
    llvm::StringMap<int64_t> Values = configValues(R.Config);
    double P = predict([&](llvm::StringRef F) { return Values.lookup(F); });
    Largest = std::max(Largest.value_or(P), P);
  }
  return Largest ? *Largest : sumOfTerms();
}

double PerformanceModel::predict(
    llvm::function_ref<int64_t(llvm::StringRef)> ValueOf) const {
  double Sum = 0;
  for (const Term &T : Terms)
    if (T.holds(ValueOf))
      Sum += T.Seconds;
  return Sum;
}

namespace {

/// Calls Add(name, numeric) for each feature a condition reads; a feature
/// compared with something is taken to be numeric.
template <typename AddFn>
void addVariables(const condition::Cond &C, bool Compared, AddFn &Add) {
  if (C.K == condition::Cond::Ident) {
    Add(C.Name, Compared);
    return;
  }
  bool IsComparison =
      C.K == condition::Cond::Binary && C.Op != "&&" && C.Op != "||";
  for (const condition::CondPtr &O : C.Operands)
    addVariables(*O, IsComparison, Add);
}

std::string sourceOf(const callgraph::TraceRegion &R) {
  return R.File + ":" + std::to_string(R.Line) + " (" + R.Function + ")";
}

std::string runName(const callgraph::RunInfo &R) {
  return R.Path + " (" + (R.Config.empty() ? "no optional feature" : R.Config) +
         ")";
}

/// The (at most three) contexts whose mean self time over the runs in
/// which T holds exceeds that over the other runs the most, in the
/// direction of T's seconds: where a term fitted to the runs' totals
/// spends its time.
std::vector<std::string> movingContexts(const CallGraph &CG,
                                        const RunObservations &Runs,
                                        const Term &T) {
  std::vector<double> With(CG.size(), 0), Without(CG.size(), 0);
  double RunsWith = 0, RunsWithout = 0;
  for (const RunObservation &R : Runs.Runs) {
    bool Holds = T.holds([&](llvm::StringRef F) { return R.valueOf(F); });
    (Holds ? RunsWith : RunsWithout) += 1;
    for (const auto &[Context, Ns] : R.SelfNs)
      if (Context < CG.size())
        (Holds ? With : Without)[Context] += Ns;
  }
  std::vector<std::string> Out;
  if (RunsWith == 0 || RunsWithout == 0)
    return Out;
  double Sign = T.Seconds < 0 ? -1 : 1;
  std::vector<std::pair<double, uint32_t>> Moved;
  for (uint32_t C = 0; C < CG.size(); ++C) {
    double Score = Sign * (With[C] / RunsWith - Without[C] / RunsWithout);
    if (Score > 0)
      Moved.emplace_back(-Score, C);
  }
  size_t Shown = std::min<size_t>(Moved.size(), 3);
  std::partial_sort(Moved.begin(), Moved.begin() + Shown, Moved.end());
  for (size_t I = 0; I < Shown; ++I)
    Out.push_back(sourceOf(CG.regions()[CG[Moved[I].second].Region]));
  std::sort(Out.begin(), Out.end());
  Out.erase(std::unique(Out.begin(), Out.end()), Out.end());
  return Out;
}

/// With the feature model, a local model's term of the values no run
/// observed (LocalTerm::Unlike) becomes one term per such value of the
/// feature's domain (`LEVEL == 4`, `LEVEL == 16`: a value is a value, and
/// reads as one), or goes when every value was observed.
void expandOtherValues(ContextModel &L, const fm::FeatureModel &Features) {
  std::vector<LocalTerm> Out;
  for (LocalTerm &T : L.Terms) {
    if (T.Unlike.empty()) {
      Out.push_back(std::move(T));
      continue;
    }
    unsigned F = T.Unlike.front().first;
    std::optional<fm::FeatureId> Id = Features.findByName(L.Features[F]);
    if (!Id)
      Id = Features.findByMacro(L.Features[F]);
    const bool SameFeature =
        llvm::all_of(T.Unlike, [&](const auto &U) { return U.first == F; });
    if (!Id || !SameFeature || Features.feature(*Id).Values.empty()) {
      Out.push_back(std::move(T)); // Kept as `F != v` literals.
      continue;
    }
    for (int64_t V : Features.feature(*Id).Values) {
      if (llvm::any_of(T.Unlike, [&](const auto &U) { return U.second == V; }))
        continue;
      LocalTerm One;
      One.Assignment = T.Assignment;
      One.Assignment.emplace_back(F, V);
      std::sort(One.Assignment.begin(), One.Assignment.end());
      One.Seconds = T.Seconds;
      Out.push_back(std::move(One));
    }
  }
  L.Terms = std::move(Out);
}

} // namespace

void sortLargestFirst(std::vector<Term> &Terms) {
  std::sort(Terms.begin(), Terms.end(), [](const Term &A, const Term &B) {
    if (A.Seconds != B.Seconds)
      return A.Seconds > B.Seconds;
    return A.name() < B.name();
  });
}

llvm::Expected<PerformanceModel> buildModel(const CallGraph &CG,
                                            const ModelOptions &Options) {
  PerformanceModel M;
  M.Mode = Options.Mode;
  M.ThresholdSeconds = Options.ThresholdSeconds;
  const callgraph::Graph &G = CG.graph();

  // The features: the feature model's concrete ones, else the traces'; then
  // any that a condition names and neither lists.
  llvm::StringMap<size_t> FeatureIndex;
  auto AddFeature = [&](llvm::StringRef Name, bool Numeric) {
    if (FeatureIndex.try_emplace(Name, M.Features.size()).second)
      M.Features.push_back({Name.str(), Numeric});
  };
  if (Options.Features) {
    M.FeatureModelPath = Options.Features->path().str();
    for (fm::FeatureId F : Options.Features->concreteFeatures()) {
      const fm::Feature &Desc = Options.Features->feature(F);
      AddFeature(Desc.Name, Desc.Kind == fm::FeatureKind::Numeric);
    }
  } else {
    for (const callgraph::TraceFeature &F : CG.features())
      AddFeature(F.Name, F.Numeric);
  }
  std::set<std::string> Unknown;
  for (AtomId A = 1; A < CG.atoms().size(); ++A) {
    const Atom &At = CG.atoms()[A];
    if (!At.isLiteral()) {
      addVariables(*At.General, false, AddFeature);
      continue;
    }
    if (Options.Features && !Options.Features->findByName(At.Feature))
      Unknown.insert(At.Feature);
    AddFeature(At.Feature, false);
  }
  for (const std::string &Name : Unknown)
    M.Warnings.push_back("feature '" + Name + "' of the traces is not in " +
                         M.FeatureModelPath +
                         "; it takes no part in the feature model's "
                         "simplifications");

  // Local models: contexts whose time depends on the configuration of
  // their influencing features contribute their local model's terms
  // instead of their average self time.
  AtomTable Atoms = CG.atoms();
  std::vector<ContextModel> Locals;
  if (Options.DataFlow) {
    Locals = buildContextModels(CG, *Options.DataFlow);
    if (Options.Features)
      for (ContextModel &L : Locals)
        expandOtherValues(L, *Options.Features);
    M.DataFlowMode = Options.DataFlow->Influences ? "facts" : "runs";
  }
  std::vector<int32_t> LocalOf;
  /// Per local model, per term: the atoms it adds to the context's term,
  /// interned (contexts share them: {BIG}, {BIG, CHECKSUM}, ...).
  std::vector<std::vector<uint32_t>> LocalAtoms;
  std::vector<std::vector<AtomId>> ExtraSets{{}};
  std::map<std::vector<AtomId>, uint32_t> ExtraIndex{{{}, 0}};
  if (!Locals.empty()) {
    LocalOf.assign(CG.size(), -1);
    for (size_t K = 0; K < Locals.size(); ++K) {
      const ContextModel &L = Locals[K];
      LocalOf[L.Context] = static_cast<int32_t>(K);
      std::vector<uint32_t> PerTerm;
      for (const LocalTerm &T : L.Terms) {
        std::vector<AtomId> Extra;
        for (const condition::CondPtr &C :
             localTermConditions(T, [&](unsigned F) {
               return std::pair<std::string, bool>(L.Features[F], L.Numeric[F]);
             }))
          for (AtomId A : Atoms.atomsOf(C))
            Extra.push_back(A);
        auto [It, New] = ExtraIndex.try_emplace(
            Extra, static_cast<uint32_t>(ExtraSets.size()));
        if (New)
          ExtraSets.push_back(std::move(Extra));
        PerTerm.push_back(It->second);
      }
      LocalAtoms.push_back(std::move(PerTerm));
    }
  }

  // Algorithm 3: each context's self time goes to its term (by the key
  // of its simplified form, which merges equal terms).
  Simplifier S(CG, Atoms, Options);
  IncrementalKeys Keys(CG, Options.Mode, S);
  constexpr SeqId NoSeq = std::numeric_limits<SeqId>::max();
  std::vector<double> KeySeconds;
  std::vector<SeqId> FirstSeq; ///< A raw sequence of each key.
  std::vector<uint32_t> UsedKeys;
  llvm::DenseSet<uint64_t> KeyRegions;
  /// Local models' terms with atoms beyond their context's term, by
  /// (key of the context's term) << 32 | interned extra atoms.
  struct Extended {
    SeqId FirstSeq;
    double Seconds = 0;
    std::set<uint32_t> Regions;
    std::set<callgraph::Vertex> LocalContexts;
  };
  /// The contexts whose local model gave time to a key: the same code,
  /// its time split by configuration (model/TermLifting.h).
  std::map<uint32_t, std::set<callgraph::Vertex>> LocalContextsOfKey;
  std::map<uint64_t, Extended> ExtendedTerms;
  auto AddToKey = [&](uint32_t Key, SeqId Seq, double Seconds,
                      uint32_t Region) {
    if (Key >= KeySeconds.size()) {
      KeySeconds.resize(Key + 1, 0);
      FirstSeq.resize(Key + 1, NoSeq);
    }
    KeySeconds[Key] += Seconds;
    if (FirstSeq[Key] == NoSeq) {
      FirstSeq[Key] = Seq;
      UsedKeys.push_back(Key);
    }
    KeyRegions.insert(static_cast<uint64_t>(Key) << 32 | Region);
  };
  for (callgraph::Vertex V = 0; V < boost::num_vertices(G); ++V) {
    const callgraph::ContextNode &N = G[V];
    uint32_t Key = Keys.keyOf(N.Term);
    if (LocalOf.empty() || LocalOf[V] < 0) {
      AddToKey(Key, N.Term, N.SelfNs * 1e-9, N.Region);
      continue;
    }
    const ContextModel &L = Locals[LocalOf[V]];
    for (size_t K = 0; K < L.Terms.size(); ++K) {
      uint32_t Extra = LocalAtoms[LocalOf[V]][K];
      if (Extra == 0) {
        AddToKey(Key, N.Term, L.Terms[K].Seconds, N.Region);
        LocalContextsOfKey[Key].insert(V);
        continue;
      }
      auto [It, New] =
          ExtendedTerms.try_emplace(static_cast<uint64_t>(Key) << 32 | Extra,
                                    Extended{N.Term, 0, {}, {}});
      It->second.Seconds += L.Terms[K].Seconds;
      It->second.Regions.insert(N.Region);
      It->second.LocalContexts.insert(V);
    }
  }
  std::vector<std::vector<uint32_t>> RegionsOfKey(KeySeconds.size());
  for (uint64_t Pair : KeyRegions)
    RegionsOfKey[Pair >> 32].push_back(static_cast<uint32_t>(Pair));

  // The rules that need the whole term (contradictions, the feature
  // model's implications) run once per distinct key; terms still merge.
  struct Merged {
    std::set<callgraph::Vertex> LocalContexts;
    std::vector<AtomId> Display;
    std::string Unsatisfiable;
    double Seconds = 0;
    std::set<uint32_t> Regions;
    bool FromLocalModel = false;
  };
  std::map<std::vector<AtomId>, Merged> Terms;
  for (uint32_t Key : UsedKeys) {
    Simplified Simple = S.simplify(Keys.atoms(Key), FirstSeq[Key]);
    Merged &T = Terms[Simple.Key];
    if (T.Regions.empty())
      T.Display = Simple.Display;
    if (T.Unsatisfiable.empty())
      T.Unsatisfiable = Simple.Unsatisfiable;
    T.Seconds += KeySeconds[Key];
    T.Regions.insert(RegionsOfKey[Key].begin(), RegionsOfKey[Key].end());
    if (auto L = LocalContextsOfKey.find(Key); L != LocalContextsOfKey.end())
      T.LocalContexts.insert(L->second.begin(), L->second.end());
  }
  for (const auto &[KeyAndExtra, E] : ExtendedTerms) {
    std::vector<AtomId> All =
        Keys.atoms(static_cast<uint32_t>(KeyAndExtra >> 32));
    const std::vector<AtomId> &Extra =
        ExtraSets[static_cast<uint32_t>(KeyAndExtra)];
    All.insert(All.end(), Extra.begin(), Extra.end());
    Simplified Simple = S.simplify(std::move(All), E.FirstSeq);
    Merged &T = Terms[Simple.Key];
    if (T.Regions.empty())
      T.Display = Simple.Display;
    if (T.Unsatisfiable.empty())
      T.Unsatisfiable = Simple.Unsatisfiable;
    T.Seconds += E.Seconds;
    T.Regions.insert(E.Regions.begin(), E.Regions.end());
    T.LocalContexts.insert(E.LocalContexts.begin(), E.LocalContexts.end());
    T.FromLocalModel = true;
  }

  // Regions the rewrite copied per configuration: code that terms share.
  std::vector<bool> IsCopy = copiedRegions(CG);
  for (auto &[Key, T] : Terms) {
    Term Out;
    for (AtomId A : T.Display)
      Out.Atoms.push_back(Atoms[A]);
    Out.Seconds = T.Seconds;
    Out.FromLocalModel = T.FromLocalModel;
    for (uint32_t R : T.Regions) {
      Out.Sources.push_back(sourceOf(CG.regions()[R]));
      if (IsCopy[R])
        Out.SharedCode.push_back(Out.Sources.back());
    }
    for (callgraph::Vertex V : T.LocalContexts)
      Out.SharedCode.push_back("local model of context " + std::to_string(V));
    for (std::vector<std::string> *V : {&Out.Sources, &Out.SharedCode}) {
      std::sort(V->begin(), V->end());
      V->erase(std::unique(V->begin(), V->end()), V->end());
    }
    if (!T.Unsatisfiable.empty()) {
      M.Warnings.push_back(
          "term " + Out.name() + " (" + std::to_string(Out.Seconds) +
          " s) holds in no valid configuration: " + T.Unsatisfiable);
      M.Unsatisfiable.push_back(std::move(Out));
    } else if (Out.Seconds == 0 ||
               std::abs(Out.Seconds) < Options.ThresholdSeconds) {
      M.Dropped.push_back(std::move(Out));
    } else {
      M.Terms.push_back(std::move(Out));
    }
  }
  sortLargestFirst(M.Terms);
  sortLargestFirst(M.Dropped);

  for (const callgraph::RunInfo &R : CG.runs()) {
    M.Runs.push_back({R.Path, R.Config, R.CorrectedTotalNs * 1e-9,
                      R.Repetitions, R.TotalRangeNs * 1e-9, R.OverheadNs * 1e-9,
                      R.Visits});
    if (R.Dropped != 0)
      M.Warnings.push_back(R.Path + ": the runtime could not record " +
                           std::to_string(R.Dropped) +
                           " visits; their time is missing from the model");
  }
  for (const callgraph::ConditionViolation &I : CG.inconsistencies())
    M.Warnings.push_back(I.text());

  // What the contexts' terms leave of each run's measured total: feature
  // code spread too thinly for any context to carry it. Not in the
  // paper's plain model (--no-dataflow), which averages each context.
  if (Options.DataFlow) {
    RunTotalsOptions Totals;
    Totals.NoiseAbsoluteSeconds = Options.DataFlow->NoiseAbsoluteNs * 1e-9;
    Totals.SourcesOf = [&](const Term &T) {
      return movingContexts(CG, *Options.DataFlow->Runs, T);
    };
    Totals.NativeTotalOf = Options.NativeTotalOf;
    M.RunTotals = reconcileRunTotals(M, Atoms, Totals);
  }

  for (const callgraph::DataFlowSuspect &D : CG.dataFlowSuspects()) {
    if (!LocalOf.empty() && LocalOf[D.Context] >= 0)
      continue; // Its local model accounts for the difference.
    const callgraph::ContextNode &N = CG[D.Context];
    const callgraph::TraceRegion &R = CG.regions()[N.Region];
    DataFlowFinding F;
    F.Function = R.Function;
    F.Location = R.File + ":" + std::to_string(R.Line);
    F.Condition = R.ConditionText;
    F.Term = CG.sequenceText(N.Term);
    F.MinRun = runName(CG.runs()[D.MinRun]);
    F.MaxRun = runName(CG.runs()[D.MaxRun]);
    F.MinSeconds = D.MinNs * 1e-9;
    F.MaxSeconds = D.MaxNs * 1e-9;
    F.CountWitness = D.CountWitness;
    M.DataFlow.push_back(std::move(F));
  }

  // The local models that change a context's time by more than the
  // threshold, largest change first; only the first ones are described.
  std::vector<std::pair<double, size_t>> Significant;
  for (size_t K = 0; K < Locals.size(); ++K) {
    double Influence = 0;
    for (const LocalTerm &T : Locals[K].Terms)
      if (!T.Assignment.empty())
        Influence = std::max(Influence, std::abs(T.Seconds));
    if (Influence >= std::max(Options.ThresholdSeconds, 1e-12))
      Significant.emplace_back(-Influence, K);
  }
  M.LocalModelCount = Significant.size();
  size_t Shown = std::min(Significant.size(), MaxLocalModelSummaries);
  std::partial_sort(Significant.begin(), Significant.begin() + Shown,
                    Significant.end());
  for (size_t I = 0; I < Shown; ++I) {
    size_t K = Significant[I].second;
    const ContextModel &L = Locals[K];
    const callgraph::ContextNode &N = CG[L.Context];
    const callgraph::TraceRegion &R = CG.regions()[N.Region];
    LocalModelSummary Sum;
    Sum.Function = R.Function;
    Sum.Location = R.File + ":" + std::to_string(R.Line);
    Sum.Term = CG.sequenceText(N.Term);
    Sum.Features = L.Features;
    Sum.Observations = L.Observations;
    Sum.Why = L.Why;
    Sum.CountWitness = L.CountWitness;
    for (size_t T = 0; T < L.Terms.size(); ++T) {
      std::string Name;
      for (AtomId A : ExtraSets[LocalAtoms[K][T]])
        Name += (Name.empty() ? "" : "#") + Atoms[A].Text;
      Sum.Terms.emplace_back(Name.empty() ? "Base" : Name, L.Terms[T].Seconds);
    }
    M.LocalModels.push_back(std::move(Sum));
  }
  // Copies of a function per configuration: their shared time to the
  // shared term (model/TermLifting.h); the paper's simplifications keep
  // the raw terms.
  if (Options.Features && Options.Mode == Simplification::Full)
    M.Lifting = liftSharedTime(M, *Options.Features);
  // Last, so that lifted families are folded as the terms they became.
  if (Options.Mode == Simplification::Full)
    M.Folding = foldNoiseTerms(M, Options.FoldShare);
  for (std::string &W : missedRunTotals(M))
    M.Warnings.push_back(std::move(W));
  return M;
}

} // namespace varsim::model
