//===- callgraph/CallGraph.cpp - The calling-context graph ----------------===//

#include "callgraph/CallGraph.h"

// Boost's edge iterators trip GCC's -Wmaybe-uninitialized (a false positive
// in the library's optional<pair<iterator>>).
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"

#include "callgraph/WallTime.h"
#include "support/Diagnostic.h"

#include "llvm/ADT/StringMap.h"

#include <algorithm>
#include <limits>

namespace varsim::callgraph {

bool Atom::holds(llvm::function_ref<int64_t(llvm::StringRef)> ValueOf) const {
  if (General)
    return General->evaluate(ValueOf) != 0;
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

std::vector<AtomId> AtomTable::atomsOf(const Condition &C) {
  std::vector<AtomId> Out;
  for (Condition &Conj : C.conjuncts()) {
    Atom A;
    A.Text = Conj.str();
    if (Conj.isLiteral()) {
      A.Negated = Conj.Kind == Condition::Op::Not;
      A.Feature = A.Negated ? Conj.Operands[0].Name : Conj.Name;
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
  R.Cond = Condition::constant(1);
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

  /// One run: a trace and the traces of the processes it forked.
  void addRun(llvm::ArrayRef<const CallTrace *> Parts, unsigned Run);
  void addPart(const CallTrace &T, unsigned Run, RunInfo &Info);
  /// Every run gets Ns of self time in a top-level context of Region.
  void addToEveryRun(uint32_t Region, double Ns) {
    LaunchRegion = Region;
    LaunchNs = Ns;
  }
  /// Room for about N contexts, so that a large trace does not rehash.
  void reserve(size_t N) {
    CG.ContextIndex.reserve(N);
    for (auto *Vec : {&SumSelf, &SumIncl, &SumCalls, &MinSelf, &MaxSelf,
                      &RunSelf, &RunIncl, &RunCalls})
      Vec->reserve(N);
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
  // Per context, within the current run.
  std::vector<double> RunSelf, RunIncl, RunCalls;
  std::vector<unsigned> Stamp; ///< Run + 1 if touched in that run.
  std::vector<uint32_t> Touched;
  std::optional<uint32_t> LaunchRegion;
  double LaunchNs = 0;

  uint32_t contextOf(int64_t ParentContext, uint32_t Region);
  void touch(uint32_t C, unsigned Run) {
    if (Stamp[C] != Run + 1) {
      Stamp[C] = Run + 1;
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
       {&SumSelf, &SumIncl, &SumCalls, &RunSelf, &RunIncl, &RunCalls})
    Vec->push_back(0);
  MinSelf.push_back(std::numeric_limits<double>::infinity());
  MaxSelf.push_back(-std::numeric_limits<double>::infinity());
  MinRun.push_back(0);
  MaxRun.push_back(0);
  RunCount.push_back(0);
  Stamp.push_back(0);
  return It->second;
}

void GraphBuilder::addPart(const CallTrace &T, unsigned Run, RunInfo &Info) {
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
    if (R.Cond.evaluate(ValueOf) == 0 && Known)
      CG.Inconsistencies.push_back(
          ("region " + llvm::Twine(Region) + " (" + R.File + ":" +
           llvm::Twine(R.Line) + ", condition '" + R.ConditionText +
           "') ran in " + T.Path + " whose configuration '" + T.Config +
           "' makes its condition false")
              .str());
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
      touch(C, Run);
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
      if (N.Parent >= 0)
        RunSelf[ParentContext] -=
            Scale * (N.InclusiveNs + T.outerOverheadNs(N));
      if (MainWaits)
        RunSelf[C] -= View.MainNodeWaitNs[I];
    }
  }
}

void GraphBuilder::addRun(llvm::ArrayRef<const CallTrace *> Parts,
                          unsigned Run) {
  const CallTrace &First = *Parts.front();
  RunInfo Info;
  Info.Path = First.Path;
  Info.Config = First.Config;
  Info.UntracedNs = First.untracedNs();
  Touched.clear();
  for (const CallTrace *Part : Parts) {
    addPart(*Part, Run, Info);
    Info.Dropped += Part->Dropped;
  }
  if (LaunchRegion) {
    uint32_t C = contextOf(-1, *LaunchRegion);
    touch(C, Run);
    RunSelf[C] += LaunchNs;
    RunIncl[C] += LaunchNs;
    RunCalls[C] += 1;
  }
  for (uint32_t C : Touched) {
    // The run's total is the sum of its corrected self times: the
    // top-level inclusive times minus every visit's overhead.
    Info.CorrectedTotalNs += RunSelf[C];
    SumSelf[C] += RunSelf[C];
    SumIncl[C] += RunIncl[C];
    SumCalls[C] += RunCalls[C];
    ++RunCount[C];
    if (RunSelf[C] < MinSelf[C]) {
      MinSelf[C] = RunSelf[C];
      MinRun[C] = Run;
    }
    if (RunSelf[C] > MaxSelf[C]) {
      MaxSelf[C] = RunSelf[C];
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
    if (RunCount[V] < 2)
      continue;
    double Difference = MaxSelf[V] - MinSelf[V];
    if (Difference > Options.AbsoluteNs + Options.Relative * std::abs(N.SelfNs))
      CG.Suspects.push_back({V, MinSelf[V], MaxSelf[V], MinRun[V], MaxRun[V]});
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
  std::vector<std::vector<const CallTrace *>> Runs = groupTracesByRun(Traces);
  GraphBuilder Builder(CG, Options);
  // The process's start-up and exit, which no region sees, as Base time of
  // every run: the smallest over the runs in which `varsim run` measured
  // it. On a loaded machine, scheduling delays of the new process add
  // milliseconds to some runs' (noise only ever adds to it), and the
  // variants' medians of repeated runs do not carry such delays.
  std::vector<double> Untraced;
  for (const std::vector<const CallTrace *> &Run : Runs)
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
  for (unsigned Run = 0; Run < Runs.size(); ++Run)
    Builder.addRun(Runs[Run], Run);
  Builder.finish();
  CG.attachPrefixes();
  return CG;
}

} // namespace varsim::callgraph
