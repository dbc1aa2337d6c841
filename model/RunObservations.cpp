//===- model/RunObservations.cpp - Each run's self times ------------------===//

#include "model/RunObservations.h"

#include "llvm/ADT/DenseMap.h"

#include <algorithm>
#include <limits>

namespace varsim::model {

using callgraph::CallGraph;
using callgraph::CallTrace;

namespace {

/// (parent context + 1) << 32 | region: a context's key given its parent's.
uint64_t keyOf(int64_t ParentContext, uint32_t Region) {
  return static_cast<uint64_t>(ParentContext + 1) << 32 | Region;
}

} // namespace

llvm::Expected<RunObservations>
observeRuns(const CallGraph &Merged, llvm::ArrayRef<CallTrace> Traces,
            const callgraph::GraphOptions &Options) {
  llvm::DenseMap<uint64_t, uint32_t> ContextOf;
  ContextOf.reserve(Merged.size());
  for (callgraph::Vertex V = 0; V < Merged.size(); ++V)
    ContextOf.try_emplace(keyOf(Merged[V].Parent, Merged[V].Region),
                          static_cast<uint32_t>(V));

  // Each run's graph gets the merged graph's process start-up time, so
  // that it does not look like a difference between runs.
  callgraph::GraphOptions PerRun = Options;
  if (Merged.processRegion())
    PerRun.ProcessLaunchNs = Merged.processLaunchNs();
  RunObservations Out;
  for (const CallTrace &T : Traces)
    Out.FoldedRegions.insert(Out.FoldedRegions.end(), T.FoldedRegions.begin(),
                             T.FoldedRegions.end());
  llvm::sort(Out.FoldedRegions);
  Out.FoldedRegions.erase(
      std::unique(Out.FoldedRegions.begin(), Out.FoldedRegions.end()),
      Out.FoldedRegions.end());
  for (const std::vector<callgraph::Repetition> &Reps :
       callgraph::groupRunsByConfiguration(Traces)) {
    // One configuration's graph: the merged graph's code, on its
    // repetitions alone.
    std::vector<CallTrace> Copies;
    const std::vector<const CallTrace *> &Parts = Reps.front();
    llvm::ArrayRef<CallTrace> Run(*Parts.front());
    if (Reps.size() > 1 || Parts.size() > 1) {
      for (const callgraph::Repetition &Rep : Reps)
        for (const CallTrace *T : Rep)
          Copies.push_back(*T);
      Run = Copies;
    }
    llvm::Expected<CallGraph> G = CallGraph::build(Run, PerRun);
    if (!G)
      return G.takeError();

    RunObservation Obs;
    Obs.Repetitions = static_cast<unsigned>(Reps.size());
    Obs.Trace = Parts.front()->Path;
    Obs.Config = Parts.front()->Config;
    for (const callgraph::TraceFeature &F : Parts.front()->Features)
      Obs.Values[F.Name] = F.Value;
    constexpr uint32_t None = std::numeric_limits<uint32_t>::max();
    std::vector<uint32_t> Mapped(G->size(), None);
    // Parents come before their children in both graphs.
    for (callgraph::Vertex V = 0; V < G->size(); ++V) {
      const callgraph::ContextNode &N = (*G)[V];
      int64_t Parent = -1;
      if (N.Parent >= 0) {
        if (Mapped[N.Parent] == None) {
          ++Out.Unmatched;
          continue;
        }
        Parent = Mapped[N.Parent];
      }
      auto It = ContextOf.find(keyOf(Parent, N.Region));
      if (It == ContextOf.end()) {
        ++Out.Unmatched;
        continue;
      }
      Mapped[V] = It->second;
      Obs.SelfNs.emplace_back(It->second, N.SelfNs);
      Obs.Calls.push_back(N.Calls);
      Obs.NoiseNs.push_back(N.NoiseNs);
    }
    // By context, the per-entry vectors along.
    std::vector<size_t> Order(Obs.SelfNs.size());
    for (size_t I = 0; I < Order.size(); ++I)
      Order[I] = I;
    std::sort(Order.begin(), Order.end(), [&](size_t A, size_t B) {
      return Obs.SelfNs[A] < Obs.SelfNs[B];
    });
    RunObservation Sorted;
    for (size_t I : Order) {
      Sorted.SelfNs.push_back(Obs.SelfNs[I]);
      Sorted.Calls.push_back(Obs.Calls[I]);
      Sorted.NoiseNs.push_back(Obs.NoiseNs[I]);
    }
    Obs.SelfNs = std::move(Sorted.SelfNs);
    Obs.Calls = std::move(Sorted.Calls);
    Obs.NoiseNs = std::move(Sorted.NoiseNs);
    Out.Runs.push_back(std::move(Obs));
  }
  return Out;
}

} // namespace varsim::model
