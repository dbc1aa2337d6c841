//===- callgraph/CallGraph.cpp - The calling-context graph ----------------===//

#include "callgraph/CallGraph.h"
#include "callgraph/Noise.h"

// Boost's edge iterators trip GCC's -Wmaybe-uninitialized (a false positive
// in the library's optional<pair<iterator>>).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

#include "callgraph/WallTime.h"
#include "support/Diagnostic.h"

#include "llvm/ADT/StringMap.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

namespace varsim::callgraph {

bool Atom::holds(llvm::function_ref<int64_t(llvm::StringRef)> ValueOf) const {
  if (General)
    return condition::evaluatePresence(*General, ValueOf) != 0;
  if (Feature.empty()) // Base.
    return true;
  return (ValueOf(Feature) != 0) != Negated;
}

AtomTable::AtomTable() {
  Atom Base;
  Base.Text = "Base";
  intern(std::move(Base));
}

AtomId AtomTable::intern(Atom A) {
  auto [It, Inserted] =
      ByText.try_emplace(A.Text, static_cast<AtomId>(Atoms.size()));
  if (Inserted)
    Atoms.push_back(std::move(A));
  return It->second;
}

std::vector<AtomId> AtomTable::atomsOf(const condition::CondPtr &C) {
  std::vector<AtomId> Out;
  for (condition::CondPtr &Conj : condition::conjuncts(C)) {
    Atom A;
    A.Text = condition::printCondition(*Conj);
    if (condition::isLiteral(*Conj)) {
      A.Negated = Conj->K == condition::Cond::Unary;
      A.Feature = A.Negated ? Conj->Operands[0]->Name : Conj->Name;
    } else {
      A.General = std::move(Conj);
    }
    Out.push_back(intern(std::move(A)));
  }
  if (Out.empty())
    Out.push_back(Base);
  return Out;
}

AtomSequences::AtomSequences() {
  Parent.push_back(Empty);
  Last.push_back(0);
}

SeqId AtomSequences::append(SeqId Prefix, AtomId A) {
  uint64_t Key = (static_cast<uint64_t>(Prefix) << 32) | A;
  auto [It, Inserted] = Index.try_emplace(Key, static_cast<SeqId>(size()));
  if (Inserted) {
    Parent.push_back(Prefix);
    Last.push_back(A);
  }
  return It->second;
}

SeqId AtomSequences::append(SeqId Prefix, llvm::ArrayRef<AtomId> Atoms) {
  for (AtomId A : Atoms)
    Prefix = append(Prefix, A);
  return Prefix;
}

std::vector<AtomId> AtomSequences::atoms(SeqId S) const {
  std::vector<AtomId> Out;
  for (; S != Empty; S = Parent[S])
    Out.push_back(Last[S]);
  std::reverse(Out.begin(), Out.end());
  return Out;
}

std::string CallGraph::sequenceText(SeqId S) const {
  std::string Text;
  for (AtomId A : Sequences.atoms(S)) {
    if (!Text.empty())
      Text += '#';
    Text += Atoms[A].Text;
  }
  return Text.empty() ? "Base" : Text;
}

static bool sameRegion(const TraceRegion &A, const TraceRegion &B) {
  return A.Kind == B.Kind && A.Function == B.Function &&
         A.ConditionText == B.ConditionText && A.File == B.File &&
         A.Line == B.Line;
}

uint32_t CallGraph::addProcessRegion() {
  TraceRegion R;
  R.Kind = RegionKind::Function;
  R.Function = std::string(ProcessRegionName);
  R.ConditionText = "1";
  R.Cond = condition::makeInt(1);
  R.File = "(process)";
  Regions.push_back(std::move(R));
  RegionAtoms.push_back(Atoms.atomsOf(Regions.back().Cond));
  RegionSymbol.push_back(std::numeric_limits<unsigned>::max() - 1);
  ProcessRegion = static_cast<uint32_t>(Regions.size() - 1);
  return *ProcessRegion;
}

llvm::Error CallGraph::setRegions(const CallTrace &First) {
  Regions = First.Regions;
  llvm::StringMap<unsigned> Symbols;
  for (const TraceRegion &R : Regions) {
    RegionAtoms.push_back(Atoms.atomsOf(R.Cond));
    RegionSymbol.push_back(
        Symbols.try_emplace(R.Function, Symbols.size()).first->second);
  }
  return llvm::Error::success();
}

/// Folds the runs into the graph one by one: per-run self times (Equation 2
/// with the overhead correction), then running sums, minima and maxima.
class GraphBuilder {
public:
  GraphBuilder(CallGraph &CG, const GraphOptions &Options)
      : CG(CG), Options(Options) {}

  /// One configuration: its repetitions, each a trace and the traces of
  /// the processes it forked. Each context gets the median of the
  /// repetitions (a robust aggregate: one preempted repetition does not
  /// move it) and their range, the run-to-run noise.
  void addConfiguration(llvm::ArrayRef<Repetition> Reps, unsigned Run);
  void addPart(const CallTrace &T, RunInfo &Info);
  /// Every run gets Ns of self time in a top-level context of Region.
  void addToEveryRun(uint32_t Region, double Ns) {
    LaunchRegion = Region;
    LaunchNs = Ns;
  }
  /// Room for about N contexts, so that a large trace does not rehash.
  void reserve(size_t N) {
    CG.ContextIndex.reserve(N);
    for (auto *Vec :
         {&SumSelf, &SumIncl, &SumCalls, &MinSelf, &MaxSelf, &RunSelf, &RunIncl,
          &RunCalls, &Noise, &MinCalls, &MaxCalls})
      Vec->reserve(N);
    CallsVary.reserve(N);
    for (auto *Vec : {&MinRun, &MaxRun, &RunCount, &Stamp})
      Vec->reserve(N);
  }
  void finish();

private:
  CallGraph &CG;
  const GraphOptions &Options;
  // Per context, over the runs.
  std::vector<double> SumSelf, SumIncl, SumCalls, MinSelf, MaxSelf;
  std::vector<unsigned> MinRun, MaxRun, RunCount;
  /// Per context, over the configurations: the largest range of the
  /// repetitions' self times, and the visit counts' extremes.
  std::vector<double> Noise, MinCalls, MaxCalls;
  /// Per context, the (range, repetitions) of each repeated configuration:
  /// its standard error (callgraph/Noise.h).
  std::vector<std::vector<std::pair<double, unsigned>>> Ranges;
  /// Counts differed between repetitions, or were estimated in one.
  std::vector<char> CallsVary;
  // Per context, within the current repetition.
  std::vector<double> RunSelf, RunIncl, RunCalls;
  std::vector<unsigned> Stamp; ///< Pass + 1 if touched in that pass.
  unsigned Pass = 0;           ///< One per repetition.
  std::vector<uint32_t> Touched;
  std::optional<uint32_t> LaunchRegion;
  double LaunchNs = 0;

  uint32_t contextOf(int64_t ParentContext, uint32_t Region);
  void touch(uint32_t C) {
    if (Stamp[C] != Pass + 1) {
      Stamp[C] = Pass + 1;
      RunSelf[C] = RunIncl[C] = RunCalls[C] = 0;
      Touched.push_back(C);
    }
  }
};

uint32_t GraphBuilder::contextOf(int64_t ParentContext, uint32_t Region) {
  uint64_t Key = (static_cast<uint64_t>(ParentContext + 1) << 32) | Region;
  auto [It, Inserted] = CG.ContextIndex.try_emplace(
      Key, static_cast<uint32_t>(boost::num_vertices((*CG.G))));
  if (!Inserted)
    return It->second;
  ContextNode N;
  N.Region = Region;
  N.Parent = ParentContext;
  Vertex V = boost::add_vertex(N, (*CG.G));
  if (ParentContext >= 0)
    boost::add_edge(static_cast<Vertex>(ParentContext), V, (*CG.G));
  for (auto *Vec :
       {&SumSelf, &SumIncl, &SumCalls, &RunSelf, &RunIncl, &RunCalls, &Noise})
    Vec->push_back(0);
  MinCalls.push_back(std::numeric_limits<double>::infinity());
  MaxCalls.push_back(-std::numeric_limits<double>::infinity());
  CallsVary.push_back(0);
  Ranges.emplace_back();
  MinSelf.push_back(std::numeric_limits<double>::infinity());
  MaxSelf.push_back(-std::numeric_limits<double>::infinity());
  MinRun.push_back(0);
  MaxRun.push_back(0);
  RunCount.push_back(0);
  Stamp.push_back(0);
  return It->second;
}

void GraphBuilder::addPart(const CallTrace &T, RunInfo &Info) {
  // Regions that ran although the run's configuration excludes them.
  std::vector<char> RegionSeen(CG.Regions.size(), 0);
  auto CheckCondition = [&](uint32_t Region) {
    if (RegionSeen[Region] || T.Features.empty())
      return;
    RegionSeen[Region] = 1;
    bool Known = true;
    auto ValueOf = [&](llvm::StringRef Name) -> int64_t {
      for (const TraceFeature &F : T.Features)
        if (F.Name == Name)
          return F.Value;
      Known = false;
      return 0;
    };
    const TraceRegion &R = CG.Regions[Region];
    if (condition::evaluatePresence(*R.Cond, ValueOf) == 0 && Known)
      CG.Inconsistencies.push_back(
          {Region, R.File, R.Line, R.ConditionText, T.Path, T.Config});
  };

  WallTimeView View = Options.WallTime ? computeWallTimeView(T)
                                       : WallTimeView{false, {}, {}, {}};
  if (View.Applied)
    for (const ParallelPhase &P : View.Phases) {
      ++Info.ParallelPhases;
      Info.ParallelNs += P.lengthNs();
      Info.MainWaitNs += P.WaitNs;
    }
  for (size_t TI = 0; TI < T.Threads.size(); ++TI) {
    const TraceThread &Th = T.Threads[TI];
    double Scale = View.Applied ? View.ThreadScale[TI] : 1.0;
    bool MainWaits = View.Applied && Th.Main;
    std::vector<uint32_t> Context(Th.Nodes.size());
    for (size_t I = 0; I < Th.Nodes.size(); ++I) {
      const TraceNode &N = Th.Nodes[I];
      int64_t ParentContext =
          N.Parent < 0 ? int64_t{-1} : static_cast<int64_t>(Context[N.Parent]);
      uint32_t C = contextOf(ParentContext, N.Region);
      Context[I] = C;
      CheckCondition(N.Region);
      touch(C);
      double Calls = static_cast<double>(N.Calls);
      // Equation 2, with the instrumentation's cost taken out: the node's
      // own visits cost InnerNs inside it; each child visit costs OuterNs
      // inside the parent (and InnerNs inside the child, which the child's
      // inclusive time already carries). In the wall-time view a worker's
      // times are scaled to its share of its parallel phase, and main's
      // wait for the phase leaves the node where it waited.
      // A node whose visits were sampled has an estimated inclusive time
      // (calls x the timed visits' mean); an untimed visit's overhead lies
      // wholly in the parent (CallTrace::outerOverheadNs).
      RunSelf[C] += Scale * (N.InclusiveNs - T.innerOverheadNs(N));
      RunIncl[C] += Scale * N.InclusiveNs;
      RunCalls[C] += Calls;
      // A context's share of a folded region's counted visits is an
      // estimate (callgraph/FoldedVisits.cpp): no exact witness.
      if (N.CountEstimated)
        CallsVary[C] = 1;
      Info.OverheadNs += Scale * T.innerOverheadNs(N);
      Info.Visits += Calls;
      if (N.Parent >= 0) {
        RunSelf[ParentContext] -=
            Scale * (N.InclusiveNs + T.outerOverheadNs(N));
        Info.OverheadNs += Scale * T.outerOverheadNs(N);
      }
      if (MainWaits)
        RunSelf[C] -= View.MainNodeWaitNs[I];
    }
  }
}

namespace {

/// The median of a few values (the mean of the middle two for an even
/// count); Values is reordered.
double medianOf(llvm::MutableArrayRef<double> Values) {
  size_t N = Values.size(), Mid = N / 2;
  std::nth_element(Values.begin(), Values.begin() + Mid, Values.end());
  double Upper = Values[Mid];
  if (N % 2)
    return Upper;
  double Lower = *std::max_element(Values.begin(), Values.begin() + Mid);
  return (Lower + Upper) / 2;
}

} // namespace

void GraphBuilder::addConfiguration(llvm::ArrayRef<Repetition> Reps,
                                    unsigned Run) {
  const CallTrace &First = *Reps.front().front();
  RunInfo Info;
  Info.Path = First.Path;
  Info.Config = First.Config;
  Info.Repetitions = static_cast<unsigned>(Reps.size());
  // Each repetition's values of the contexts it touched.
  struct Sample {
    uint32_t Context;
    double Self, Incl, Calls;
  };
  std::vector<std::vector<Sample>> PerRep;
  std::vector<double> Totals;
  for (const Repetition &Parts : Reps) {
    ++Pass;
    Touched.clear();
    if (Parts.front() != &First)
      Info.RepetitionPaths.push_back(Parts.front()->Path);
    if (std::optional<double> U = Parts.front()->untracedNs())
      Info.UntracedNs = std::min(Info.UntracedNs.value_or(*U), *U);
    uint64_t Dropped = 0;
    for (const CallTrace *Part : Parts) {
      addPart(*Part, Info);
      Dropped += Part->Dropped;
    }
    Info.Dropped = std::max(Info.Dropped, Dropped);
    if (LaunchRegion) {
      uint32_t C = contextOf(-1, *LaunchRegion);
      touch(C);
      RunSelf[C] += LaunchNs;
      RunIncl[C] += LaunchNs;
      RunCalls[C] += 1;
    }
    std::vector<Sample> Samples;
    double Total = 0;
    for (uint32_t C : Touched) {
      Samples.push_back({C, RunSelf[C], RunIncl[C], RunCalls[C]});
      Total += RunSelf[C];
    }
    PerRep.push_back(std::move(Samples));
    Totals.push_back(Total);
  }
  // The repetitions' phases are averaged rather than picked.
  double Count = static_cast<double>(Reps.size());
  Info.ParallelPhases = static_cast<unsigned>(
      std::lround(static_cast<double>(Info.ParallelPhases) / Count));
  Info.ParallelNs /= Count;
  Info.MainWaitNs /= Count;
  Info.OverheadNs /= Count;
  Info.Visits /= Count;
  if (Reps.size() > 1) {
    double Low = *std::min_element(Totals.begin(), Totals.end());
    double High = *std::max_element(Totals.begin(), Totals.end());
    Info.TotalRangeNs = High - Low;
  }

  // Per context: the repetitions' values (0 where one did not reach it).
  llvm::DenseMap<uint32_t, unsigned> Slot;
  std::vector<uint32_t> Contexts;
  for (const std::vector<Sample> &Samples : PerRep)
    for (const Sample &S : Samples)
      if (Slot.try_emplace(S.Context, Contexts.size()).second)
        Contexts.push_back(S.Context);
  size_t R = Reps.size();
  std::vector<double> Self(Contexts.size() * R, 0), Incl(Self), Calls(Self);
  for (size_t K = 0; K < R; ++K)
    for (const Sample &S : PerRep[K]) {
      size_t At = Slot[S.Context] * R + K;
      Self[At] = S.Self;
      Incl[At] = S.Incl;
      Calls[At] = S.Calls;
    }
  for (size_t I = 0; I < Contexts.size(); ++I) {
    uint32_t C = Contexts[I];
    llvm::MutableArrayRef<double> S(&Self[I * R], R), In(&Incl[I * R], R),
        Ca(&Calls[I * R], R);
    auto [LowSelf, HighSelf] = std::minmax_element(S.begin(), S.end());
    Noise[C] = std::max(Noise[C], *HighSelf - *LowSelf);
    if (R > 1)
      Ranges[C].emplace_back(*HighSelf - *LowSelf, static_cast<unsigned>(R));
    auto [LowCalls, HighCalls] = std::minmax_element(Ca.begin(), Ca.end());
    if (*LowCalls != *HighCalls)
      CallsVary[C] = 1;
    double MedSelf = medianOf(S), MedIncl = medianOf(In),
           MedCalls = medianOf(Ca);
    // The run's total is the sum of its corrected self times: the
    // top-level inclusive times minus every visit's overhead.
    Info.CorrectedTotalNs += MedSelf;
    SumSelf[C] += MedSelf;
    SumIncl[C] += MedIncl;
    SumCalls[C] += MedCalls;
    MinCalls[C] = std::min(MinCalls[C], MedCalls);
    MaxCalls[C] = std::max(MaxCalls[C], MedCalls);
    ++RunCount[C];
    if (MedSelf < MinSelf[C]) {
      MinSelf[C] = MedSelf;
      MinRun[C] = Run;
    }
    if (MedSelf > MaxSelf[C]) {
      MaxSelf[C] = MedSelf;
      MaxRun[C] = Run;
    }
  }
  CG.Runs.push_back(std::move(Info));
}

void GraphBuilder::finish() {
  for (Vertex V = 0; V < boost::num_vertices((*CG.G)); ++V) {
    ContextNode &N = (*CG.G)[V];
    N.Runs = RunCount[V];
    double R = std::max(1u, RunCount[V]);
    N.SelfNs = SumSelf[V] / R;
    N.InclusiveNs = SumIncl[V] / R;
    N.Calls = SumCalls[V] / R;
    N.NoiseNs = Noise[V];
    N.CallsDeterministic = !CallsVary[V];
    if (RunCount[V] < 2)
      continue;
    // Visit counts that differ between configurations, and agree between
    // the repetitions of each, are an exact witness: no timing noise.
    N.CountWitness = N.CallsDeterministic && MinCalls[V] != MaxCalls[V];
    double Difference = MaxSelf[V] - MinSelf[V];
    // The difference of two configurations' medians is noise within
    // termNoise(SE, 1), as for the model's terms (callgraph/Noise.h).
    std::optional<double> SE = aggregateStandardError(Ranges[V]);
    bool BeyondNoise = Difference > Options.AbsoluteNs +
                                        Options.Relative * std::abs(N.SelfNs) &&
                       Difference > (SE ? termNoise(*SE, 1) : 0);
    if (BeyondNoise)
      CG.Suspects.push_back(
          {V, MinSelf[V], MaxSelf[V], MinRun[V], MaxRun[V], N.CountWitness});
  }
  std::sort(CG.Suspects.begin(), CG.Suspects.end(),
            [](const DataFlowSuspect &A, const DataFlowSuspect &B) {
              return A.MaxNs - A.MinNs > B.MaxNs - B.MinNs;
            });
}

void CallGraph::attachPrefixes() {
  Graph &G = *this->G;
  // Contexts are created parents first, so index order is a topological
  // order of the tree: each vertex's prefix is set before it is visited.
  constexpr unsigned NoSymbol = std::numeric_limits<unsigned>::max();
  std::vector<unsigned> Refines(boost::num_vertices(G), NoSymbol);
  for (Vertex V = 0; V < boost::num_vertices(G); ++V) {
    ContextNode &N = G[V];
    N.Term = Sequences.append(N.Prefix, RegionAtoms[N.Region]);
    bool IsSwitch = Regions[N.Region].Kind == RegionKind::Switch;
    for (auto E : boost::make_iterator_range(boost::out_edges(V, G))) {
      Vertex C = boost::target(E, G);
      const TraceRegion &Child = Regions[G[C].Region];
      bool Refinement = false;
      if (IsSwitch) {
        // A switch dispatching to one definition of its symbol.
        Refinement = true;
        Refines[C] = RegionSymbol[N.Region];
      } else if (Child.Kind == RegionKind::Switch &&
                 Refines[V] == RegionSymbol[G[C].Region]) {
        // A refinement calling the definition it refines (`original`).
        Refinement = true;
      }
      G[E].Kind = Refinement ? EdgeKind::Refinement : EdgeKind::Call;
      G[C].Prefix = Refinement ? N.Prefix : N.Term;
    }
  }
}

/// Traces of different simulators (or versions of one) cannot be combined.
static llvm::Error checkSameRegions(const CallTrace &T, const CallTrace &First,
                                    const std::vector<TraceRegion> &Regions) {
  if (T.Regions.size() != Regions.size())
    return makeError(T.Path, 0, 0,
                     "its region table (" + llvm::Twine(T.Regions.size()) +
                         " regions) differs from that of " + First.Path + " (" +
                         llvm::Twine(Regions.size()) +
                         "): traces of different simulators");
  for (size_t R = 0; R < T.Regions.size(); ++R)
    if (!sameRegion(T.Regions[R], Regions[R]))
      return makeError(T.Path, 0, 0,
                       "region " + llvm::Twine(R) + " differs from region " +
                           llvm::Twine(R) + " of " + First.Path +
                           ": traces of different simulators");
  return llvm::Error::success();
}

std::vector<std::vector<const CallTrace *>>
groupTracesByRun(llvm::ArrayRef<CallTrace> Traces) {
  std::vector<std::vector<const CallTrace *>> Runs;
  llvm::DenseMap<int64_t, size_t> RunOfPid;
  std::vector<const CallTrace *> Children;
  for (const CallTrace &T : Traces) {
    if (T.ForkChild) {
      Children.push_back(&T);
      continue;
    }
    if (T.Pid != 0)
      RunOfPid.try_emplace(T.Pid, Runs.size());
    Runs.push_back({&T});
  }
  // Children join their parent's run, whatever the order of the files
  // (grandchildren once their parent has joined).
  for (bool Progress = true; Progress;) {
    Progress = false;
    for (const CallTrace *&T : Children) {
      auto Parent = T ? RunOfPid.find(T->ParentPid) : RunOfPid.end();
      if (Parent == RunOfPid.end())
        continue;
      Runs[Parent->second].push_back(T);
      if (T->Pid != 0)
        RunOfPid.try_emplace(T->Pid, Parent->second);
      T = nullptr;
      Progress = true;
    }
  }
  for (const CallTrace *T : Children)
    if (T) // Its parent's trace was not given: a run of its own.
      Runs.push_back({T});
  return Runs;
}

std::vector<std::vector<Repetition>>
groupRunsByConfiguration(llvm::ArrayRef<CallTrace> Traces) {
  std::vector<std::vector<Repetition>> Configurations;
  std::map<std::string, size_t> Index;
  for (Repetition &Run : groupTracesByRun(Traces)) {
    const CallTrace &T = *Run.front();
    // The configuration: its CONFIG and, when the trace lists them, the
    // features' values (the completed configuration).
    std::string Key = T.Config + '\n';
    for (const TraceFeature &F : T.Features)
      Key += F.Name + '=' + std::to_string(F.Value) + ',';
    auto [It, New] = Index.try_emplace(Key, Configurations.size());
    if (New)
      Configurations.emplace_back();
    Configurations[It->second].push_back(std::move(Run));
  }
  return Configurations;
}

llvm::Expected<CallGraph> CallGraph::build(llvm::ArrayRef<CallTrace> Traces,
                                           const GraphOptions &Options) {
  if (Traces.empty())
    return makeError("no call trace to build a call graph from");
  CallGraph CG;
  if (llvm::Error E = CG.setRegions(Traces.front()))
    return E;
  llvm::StringMap<size_t> FeatureIndex;
  for (const CallTrace &T : Traces) {
    if (llvm::Error E = checkSameRegions(T, Traces.front(), CG.Regions))
      return E;
    for (const TraceFeature &F : T.Features)
      if (FeatureIndex.try_emplace(F.Name, CG.Features.size()).second)
        CG.Features.push_back(F);
  }
  std::vector<std::vector<Repetition>> Configurations =
      groupRunsByConfiguration(Traces);
  GraphBuilder Builder(CG, Options);
  // The process's start-up and exit, which no region sees, as Base time of
  // every run: the smallest over the runs in which `varsim run` measured
  // it. On a loaded machine, scheduling delays of the new process add
  // milliseconds to some runs' (noise only ever adds to it), and the
  // variants' medians of repeated runs do not carry such delays.
  std::vector<double> Untraced;
  for (const std::vector<Repetition> &Reps : Configurations)
    for (const Repetition &Run : Reps)
      if (std::optional<double> U = Run.front()->untracedNs())
        Untraced.push_back(*U);
  if (Options.ProcessLaunch && !Untraced.empty()) {
    CG.ProcessLaunchNs = *std::min_element(Untraced.begin(), Untraced.end());
    if (Options.ProcessLaunchNs)
      CG.ProcessLaunchNs = *Options.ProcessLaunchNs;
    Builder.addToEveryRun(CG.addProcessRegion(), CG.ProcessLaunchNs);
  }
  size_t Nodes = 0;
  for (const TraceThread &Th : Traces.front().Threads)
    Nodes += Th.Nodes.size();
  Builder.reserve(Nodes);
  for (unsigned Run = 0; Run < Configurations.size(); ++Run)
    Builder.addConfiguration(Configurations[Run], Run);
  Builder.finish();
  CG.attachPrefixes();
  return CG;
}

} // namespace varsim::callgraph
