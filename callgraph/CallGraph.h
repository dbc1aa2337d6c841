//===- callgraph/CallGraph.h - The calling-context graph --------*- C++ -*-===//
//
// The paper's call graph with feature annotations (Section 3.2.1) as a
// Boost.Graph adjacency_list: one vertex per calling context (a path of
// regions from a thread's entry), merged over the threads and over the runs
// of several traces; edges are calls or refinements. On it:
//  - Algorithm 2: interaction prefixes. A normal call extends the child's
//    prefix by the caller's feature; a refinement keeps the caller's prefix.
//    An edge from a feature switch to the definition it dispatches to is a
//    refinement, and so is an edge into a switch of the symbol that the
//    caller itself refines (the paper's `original`); every other edge,
//    including a call of a switch and the entry of a `region` from its
//    function, is a normal call.
//  - Equation 2: self time = inclusive time minus the children's inclusive
//    times, minus the calibrated instrumentation cost of the visits.
//  - Several runs: repetitions of one configuration (`varsim run --repeat`)
//    give each context their median and their range (the run-to-run
//    noise); a context's self time is the average over the configurations
//    in which it executed; a context whose time differs between
//    configurations beyond noise (a fixed floor and its repetitions' range)
//    is reported as a likely data-flow interaction.
//
// A region's feature is its presence condition, split into conjuncts (atoms:
// literals such as `A`/`!A`, or general conditions such as `A || B`), so that
// a prefix is a sequence of atoms. Prefixes and terms are interned in a trie.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_CALLGRAPH_CALLGRAPH_H
#define VARSIM_CALLGRAPH_CALLGRAPH_H

#include "callgraph/CallTrace.h"
#include "condition/Condition.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"

#include <boost/graph/adjacency_list.hpp>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace varsim::callgraph {

using AtomId = uint32_t;

/// A conjunct of a presence condition: a feature literal, or a general
/// condition kept whole.
struct Atom {
  std::string Feature; ///< Literals: the feature's name.
  bool Negated = false;
  condition::CondPtr General; ///< Set for a general condition.
  std::string Text;           ///< "A", "!A", "LEVEL >= 2", "Base".

  bool isLiteral() const { return !General; }
  bool holds(llvm::function_ref<int64_t(llvm::StringRef)> ValueOf) const;
};

/// The atoms met so far, interned. Atom 0 is Base (the condition `1`).
class AtomTable {
public:
  static constexpr AtomId Base = 0;
  AtomTable();
  /// The atoms of a condition: its conjuncts, or Base for `1`.
  std::vector<AtomId> atomsOf(const condition::CondPtr &C);
  const Atom &operator[](AtomId Id) const { return Atoms[Id]; }
  size_t size() const { return Atoms.size(); }

private:
  AtomId intern(Atom A);
  std::vector<Atom> Atoms;
  llvm::StringMap<AtomId> ByText;
};

using SeqId = uint32_t;

/// Interned sequences of atoms (prefixes and terms): a trie whose node N
/// stands for the sequence from the root to N.
class AtomSequences {
public:
  static constexpr SeqId Empty = 0;
  AtomSequences();
  SeqId append(SeqId Prefix, AtomId A);
  SeqId append(SeqId Prefix, llvm::ArrayRef<AtomId> Atoms);
  /// The atoms of a sequence, first to last.
  std::vector<AtomId> atoms(SeqId S) const;
  /// The sequence without its last atom; S must not be Empty. A sequence's
  /// id is larger than its parent's.
  SeqId parent(SeqId S) const { return Parent[S]; }
  AtomId last(SeqId S) const { return Last[S]; }
  size_t size() const { return Parent.size(); }

private:
  std::vector<SeqId> Parent;
  std::vector<AtomId> Last;
  llvm::DenseMap<uint64_t, SeqId> Index;
};

enum class EdgeKind { Call, Refinement };

/// A calling context: a vertex of the graph.
struct ContextNode {
  uint32_t Region = 0;
  int64_t Parent = -1; ///< The parent context, -1 for a top-level one.
  SeqId Prefix = AtomSequences::Empty; ///< Algorithm 2's prefix.
  SeqId Term = AtomSequences::Empty;   ///< Prefix + the region's feature.
  unsigned Runs = 0;                   ///< Runs in which it executed.
  double Calls = 0;                    ///< Visits, averaged over those runs.
  double InclusiveNs = 0;              ///< Measured, averaged over those runs.
  double SelfNs = 0;                   ///< Equation 2 minus overhead, averaged.
  /// Run-to-run noise: the largest range of its self time among the
  /// repetitions of one configuration (0 with one run per configuration).
  double NoiseNs = 0;
  /// Its visit counts agreed between the repetitions of every
  /// configuration (a program that counts by the clock or by thread
  /// timing does not), and none is an estimate (a share of a folded
  /// region's counted visits, TraceNode::CountEstimated).
  bool CallsDeterministic = true;
  /// Deterministic visit counts that differ between configurations: an
  /// exact witness that the configuration decides how often it runs.
  bool CountWitness = false;
};

struct ContextEdge {
  EdgeKind Kind = EdgeKind::Call;
};

using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS,
                                    ContextNode, ContextEdge>;
using Vertex = boost::graph_traits<Graph>::vertex_descriptor;

/// One trace that went into the graph.
struct RunInfo {
  std::string Path;
  std::string Config;
  /// Sum of the top-level contexts' inclusive times minus the calibrated
  /// overhead of all visits: what the model should predict for Config.
  double CorrectedTotalNs = 0;
  uint64_t Dropped = 0;
  /// The wall-time view (callgraph/WallTime.h): parallel phases of worker
  /// threads, their total length, and the main thread's wait replaced by
  /// the workers' shares.
  unsigned ParallelPhases = 0;
  double ParallelNs = 0, MainWaitNs = 0;
  /// This run's process start-up and exit (CallTrace::untracedNs), if
  /// `varsim run` measured it.
  std::optional<double> UntracedNs;
  /// Repetitions of this configuration (their medians are the run's
  /// times); the traces of the repetitions after the first.
  unsigned Repetitions = 1;
  std::vector<std::string> RepetitionPaths;
  /// The range of the repetitions' corrected totals (0 for one).
  double TotalRangeNs = 0;
  /// The instrumentation's calibrated cost that the corrected total
  /// leaves out (every visit's inner and outer part), and the visits it
  /// is charged for: the mean over the repetitions.
  double OverheadNs = 0;
  double Visits = 0;
};

/// A context whose self time differs between runs beyond noise.
struct DataFlowSuspect {
  Vertex Context = 0;
  double MinNs = 0, MaxNs = 0;
  unsigned MinRun = 0, MaxRun = 0; ///< Indices into runs().
  bool CountWitness = false;       ///< Its visit counts differ too.
};

/// A region that ran in a run whose configuration makes its condition
/// false.
struct ConditionViolation {
  uint32_t Region = 0;
  std::string File; ///< The region's, as the trace names it.
  unsigned Line = 0;
  std::string Condition; ///< As written in the trace.
  std::string TracePath, Config;

  /// "region 3 (f.c:12, condition 'A') ran in t.json whose configuration
  /// 'B' makes its condition false".
  std::string text() const {
    return "region " + std::to_string(Region) + " (" + File + ":" +
           std::to_string(Line) + ", condition '" + Condition + "') ran in " +
           TracePath + " whose configuration '" + Config +
           "' makes its condition false";
  }
};

struct GraphOptions {
  /// A difference between runs counts as a data-flow interaction when it is
  /// above AbsoluteNs + Relative * (the context's mean self time).
  double Relative = 0.10;
  double AbsoluteNs = 1e6;
  /// ... and above the noise of a difference of two configurations'
  /// medians (termNoise(SE, 1), callgraph/Noise.h; SE from the ranges of
  /// the repetitions of `varsim run --repeat`).
  /// Wall time rather than the sum of the threads' times (WallTime.h).
  bool WallTime = true;
  /// A Base context for the process's start-up and exit, which no region
  /// sees: the smallest CallTrace::untracedNs of the runs that have it
  /// (scheduling delays on a loaded machine only ever add to it).
  bool ProcessLaunch = true;
  /// Its time, if given, instead of the smallest of these traces' (a graph
  /// of one run that should agree with the graph of all runs).
  std::optional<double> ProcessLaunchNs;
};

/// The function name of the region that stands for the process's start-up
/// and exit (file "(process)", condition "1").
inline constexpr llvm::StringLiteral ProcessRegionName =
    "process start-up and exit";

/// The runs among Traces: each a trace and the traces of the processes it
/// forked (their work adds to the run's, rather than being another
/// measurement of it), in the order of the parents' traces; a child whose
/// parent's trace is not given is a run of its own.
std::vector<std::vector<const CallTrace *>>
groupTracesByRun(llvm::ArrayRef<CallTrace> Traces);

/// One run: a trace and the traces of the processes it forked.
using Repetition = std::vector<const CallTrace *>;

/// The runs among Traces grouped by configuration (the CONFIG and the
/// features' values): the repetitions of each, in first-seen order.
std::vector<std::vector<Repetition>>
groupRunsByConfiguration(llvm::ArrayRef<CallTrace> Traces);

class CallGraph {
public:
  /// Builds the merged graph of one or more traces of the same simulator
  /// (their region tables must agree).
  static llvm::Expected<CallGraph> build(llvm::ArrayRef<CallTrace> Traces,
                                         const GraphOptions &Options = {});

  const Graph &graph() const { return *G; }
  size_t size() const { return boost::num_vertices(*G); }
  const ContextNode &operator[](Vertex V) const { return (*G)[V]; }

  /// The region table of the traces, plus, when the runs measured it, the
  /// region of the process's start-up and exit (processRegion()).
  const std::vector<TraceRegion> &regions() const { return Regions; }
  std::optional<uint32_t> processRegion() const { return ProcessRegion; }
  /// The process's start-up and exit given to every run, in ns (0 if none).
  double processLaunchNs() const { return ProcessLaunchNs; }
  /// The atoms of a region's presence condition (its feature).
  llvm::ArrayRef<AtomId> featureOf(uint32_t Region) const {
    return RegionAtoms[Region];
  }
  const AtomTable &atoms() const { return Atoms; }
  const AtomSequences &sequences() const { return Sequences; }
  /// "A#B#C", the paper's notation for a sequence.
  std::string sequenceText(SeqId S) const;

  /// Every feature of the traces (name, numeric or not), in first-seen order.
  const std::vector<TraceFeature> &features() const { return Features; }
  const std::vector<RunInfo> &runs() const { return Runs; }
  const std::vector<DataFlowSuspect> &dataFlowSuspects() const {
    return Suspects;
  }
  /// Regions that ran in a run whose configuration makes their condition
  /// false: proof that the simulator does not match its variants there (or
  /// that the trace was edited), one per region and run.
  const std::vector<ConditionViolation> &inconsistencies() const {
    return Inconsistencies;
  }

private:
  CallGraph() = default;
  llvm::Error setRegions(const CallTrace &First);
  uint32_t addProcessRegion();
  void attachPrefixes();
  friend class GraphBuilder;

  /// Held by pointer: Boost 1.74's adjacency_list copies where it could move.
  std::unique_ptr<Graph> G = std::make_unique<Graph>();
  std::vector<TraceRegion> Regions;
  std::vector<std::vector<AtomId>> RegionAtoms;
  std::vector<unsigned> RegionSymbol; ///< Interned function name.
  std::optional<uint32_t> ProcessRegion;
  double ProcessLaunchNs = 0;
  AtomTable Atoms;
  AtomSequences Sequences;
  std::vector<TraceFeature> Features;
  std::vector<RunInfo> Runs;
  std::vector<DataFlowSuspect> Suspects;
  std::vector<ConditionViolation> Inconsistencies;
  /// (parent context + 1) << 32 | region -> context.
  llvm::DenseMap<uint64_t, uint32_t> ContextIndex;
};

} // namespace varsim::callgraph

#endif // VARSIM_CALLGRAPH_CALLGRAPH_H
