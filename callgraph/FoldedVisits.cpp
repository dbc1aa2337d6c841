//===- callgraph/FoldedVisits.cpp - Time of folded visits, estimated ------===//
//
// A tiny hot function under a feature condition folds like a Base one
// (docs/runtime.md, "Folding"), but its time cannot become its caller's
// self time: the caller's term lacks the function's condition. So the
// runtime counts its later visits per calling context without recording
// them, and records (and times) one in about VARSIM_FOLD_PERIOD as before
// (a random sample of its visits' time); here each context's count is
// added to its node, and its time is the count times the function's mean
// self time per recorded visit, the instrumentation's cost taken out, over
// all its nodes in the trace. The caller's self time, which held that
// time, loses it (self = inclusive minus the children's inclusive,
// Equation 2). Traces of older runtimes count per thread only: there the
// count is spread over the region's nodes by the samples' contexts.
//
// A context's count of the folded function is exact (an estimate where it
// was spread). The counts below it are not (docs/dataflow.md: counts
// confirm facts only where they are exact), and the adaptive run's
// evidence sums regions, not contexts (Folded keeps the thread's visits).
// Marked estimated (TraceNode::CountEstimated) in a thread with folded
// visits of R: R's nodes where spread, the nodes under them (recorded only
// in R's sampled visits), and the nodes of any region seen under an R node
// in the trace with their subtrees (such a call from a folded visit of R
// is recorded under R's caller, so its context's count depends on which
// visits of R the sample picked). A callee that R calls only in visits
// never recorded is not seen; with the warm-up's visits and one in 256
// after them all recorded, a call made on one visit in a thousand is seen
// with probability 1 - (1 - 1/1000)^samples.
//
//===----------------------------------------------------------------------===//

#include "callgraph/CallTrace.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <map>
#include <set>

namespace varsim::callgraph {

namespace {

/// The regions seen under a node of region R (in any thread), per R.
std::map<uint32_t, std::set<uint32_t>> calleesSeen(const CallTrace &T) {
  std::set<uint32_t> Counted;
  for (const TraceThread &Th : T.Threads)
    for (const TraceFoldedVisits &F : Th.Folded)
      Counted.insert(F.Region);
  std::map<uint32_t, std::set<uint32_t>> Out;
  for (const TraceThread &Th : T.Threads) {
    // Per node, the counted regions above it (parents come first).
    std::vector<std::vector<uint32_t>> Above(Th.Nodes.size());
    for (size_t I = 0; I < Th.Nodes.size(); ++I) {
      const TraceNode &N = Th.Nodes[I];
      if (N.Parent < 0)
        continue;
      const TraceNode &P = Th.Nodes[N.Parent];
      Above[I] = Above[N.Parent];
      if (Counted.count(P.Region) && !llvm::is_contained(Above[I], P.Region))
        Above[I].push_back(P.Region);
      for (uint32_t R : Above[I])
        Out[R].insert(N.Region);
    }
  }
  return Out;
}

/// The folded regions of a thread whose visits the trace counts per
/// context (folded_nodes summing to the region's total in the thread).
std::set<uint32_t> countedPerContext(const TraceThread &Th) {
  std::map<uint32_t, uint64_t> PerNode;
  for (const TraceFoldedNode &F : Th.FoldedNodes)
    PerNode[Th.Nodes[F.Node].Region] += F.Visits;
  std::set<uint32_t> Out;
  for (const TraceFoldedVisits &F : Th.Folded)
    if (auto It = PerNode.find(F.Region);
        It != PerNode.end() && It->second == F.Visits)
      Out.insert(F.Region);
  return Out;
}

/// Marks the nodes whose counts the thread's folded visits make estimates:
/// a folded region's nodes unless counted per context, the nodes under
/// them, and the nodes of regions seen called from it, with their subtrees.
void markEstimatedCounts(
    TraceThread &Th, const std::set<uint32_t> &Exact,
    const std::map<uint32_t, std::set<uint32_t>> &CalleesSeen) {
  std::set<uint32_t> Folded, Estimated;
  for (const TraceFoldedVisits &F : Th.Folded) {
    Folded.insert(F.Region);
    if (!Exact.count(F.Region))
      Estimated.insert(F.Region);
    if (auto It = CalleesSeen.find(F.Region); It != CalleesSeen.end())
      Estimated.insert(It->second.begin(), It->second.end());
  }
  for (TraceNode &N : Th.Nodes) {
    const TraceNode *P = N.Parent >= 0 ? &Th.Nodes[N.Parent] : nullptr;
    N.CountEstimated = Estimated.count(N.Region) ||
                       (P && (P->CountEstimated || Folded.count(P->Region)));
  }
}

} // namespace

void applyFoldedVisits(CallTrace &T) {
  bool Any = llvm::any_of(
      T.Threads, [](const TraceThread &Th) { return !Th.Folded.empty(); });
  if (!Any)
    return;
  std::map<uint32_t, std::set<uint32_t>> CalleesSeen = calleesSeen(T);
  std::vector<std::set<uint32_t>> Exact;
  for (TraceThread &Th : T.Threads) {
    Exact.push_back(countedPerContext(Th));
    markEstimatedCounts(Th, Exact.back(), CalleesSeen);
  }
  // Each region's self time and recorded visits over the trace.
  std::map<uint32_t, std::pair<double, uint64_t>> Self;
  for (const TraceThread &Th : T.Threads) {
    std::vector<double> Own(Th.Nodes.size());
    for (size_t I = 0; I < Th.Nodes.size(); ++I) {
      const TraceNode &N = Th.Nodes[I];
      Own[I] += N.InclusiveNs - T.innerOverheadNs(N);
      if (N.Parent >= 0)
        Own[N.Parent] -= N.InclusiveNs + T.outerOverheadNs(N);
    }
    for (size_t I = 0; I < Th.Nodes.size(); ++I) {
      auto &[Ns, Visits] = Self[Th.Nodes[I].Region];
      Ns += std::max(0.0, Own[I]);
      Visits += Th.Nodes[I].recordedCalls();
    }
  }
  auto AddTo = [&](TraceNode &N, uint64_t Visits) {
    const auto &[Ns, Recorded] = Self[N.Region];
    double Mean = Recorded ? Ns / static_cast<double>(Recorded) : 0.0;
    N.Calls += Visits;
    N.FoldedCalls += Visits;
    N.InclusiveNs += Mean * static_cast<double>(Visits);
  };
  for (size_t TI = 0; TI < T.Threads.size(); ++TI) {
    TraceThread &Th = T.Threads[TI];
    for (const TraceFoldedNode &F : Th.FoldedNodes)
      if (Exact[TI].count(Th.Nodes[F.Node].Region))
        AddTo(Th.Nodes[F.Node], F.Visits);
    std::map<int64_t, uint64_t> Samples;
    for (const TraceFoldSamples &F : Th.FoldSamples)
      Samples[F.Node] += F.Samples;
    for (const TraceFoldedVisits &F : Th.Folded) {
      if (Exact[TI].count(F.Region))
        continue;
      // The region's nodes in this thread, weighed by their samples.
      std::vector<std::pair<size_t, uint64_t>> Weights;
      uint64_t Total = 0;
      for (size_t I = 0; I < Th.Nodes.size(); ++I)
        if (Th.Nodes[I].Region == F.Region && Samples.count(I)) {
          Weights.push_back({I, Samples.at(I)});
          Total += Samples.at(I);
        }
      if (Total == 0)
        for (size_t I = 0; I < Th.Nodes.size(); ++I)
          if (Th.Nodes[I].Region == F.Region && Th.Nodes[I].Calls) {
            Weights.push_back({I, Th.Nodes[I].Calls});
            Total += Th.Nodes[I].Calls;
          }
      if (Total == 0)
        continue; // Never recorded in this thread: nowhere to put them.
      // Cumulative rounding: the shares add up to the count exactly.
      uint64_t Before = 0, Given = 0;
      for (const auto &[I, W] : Weights) {
        Before += W;
        uint64_t Upto = static_cast<uint64_t>(
            static_cast<long double>(F.Visits) * Before / Total);
        AddTo(Th.Nodes[I], Upto - Given);
        Given = Upto;
      }
    }
    // Folded stays: the exact visits per thread.
    Th.FoldSamples.clear();
    Th.FoldedNodes.clear();
  }
}

} // namespace varsim::callgraph
