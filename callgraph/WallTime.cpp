//===- callgraph/WallTime.cpp - The wall-time view of a trace -------------===//

#include "callgraph/WallTime.h"

#include <algorithm>
#include <numeric>

namespace varsim::callgraph {

std::vector<double> correctedSelfTimes(const CallTrace &T,
                                       const TraceThread &Th) {
  std::vector<double> Self(Th.Nodes.size(), 0);
  for (size_t I = 0; I < Th.Nodes.size(); ++I) {
    const TraceNode &N = Th.Nodes[I];
    Self[I] += N.InclusiveNs - T.innerOverheadNs(N);
    if (N.Parent >= 0)
      Self[N.Parent] -= N.InclusiveNs + T.outerOverheadNs(N);
  }
  return Self;
}

namespace {

bool viewApplies(const CallTrace &T) {
  if (T.ClockSource == "test") // Per-thread clocks: lifetimes incomparable.
    return false;
  const TraceThread *Main = T.mainThread();
  if (!Main || Main->Nodes.empty())
    return false;
  bool Workers = false;
  for (const TraceThread &Th : T.Threads) {
    if (Th.Main || Th.Nodes.empty())
      continue;
    if (!Th.HasLifetime || Th.EndNs < Th.StartNs)
      return false;
    Workers = true;
  }
  return Workers;
}

/// Each worker's share of the phase's wall time: every moment is split
/// equally between the workers alive then.
std::vector<double> sharesOf(const CallTrace &T,
                             const std::vector<size_t> &Workers) {
  std::vector<double> Bounds;
  for (size_t W : Workers) {
    Bounds.push_back(T.Threads[W].StartNs);
    Bounds.push_back(T.Threads[W].EndNs);
  }
  std::sort(Bounds.begin(), Bounds.end());
  Bounds.erase(std::unique(Bounds.begin(), Bounds.end()), Bounds.end());
  std::vector<double> Share(Workers.size(), 0);
  std::vector<size_t> Alive;
  for (size_t B = 0; B + 1 < Bounds.size(); ++B) {
    double From = Bounds[B], To = Bounds[B + 1];
    Alive.clear();
    for (size_t K = 0; K < Workers.size(); ++K) {
      const TraceThread &Th = T.Threads[Workers[K]];
      if (Th.StartNs <= From && Th.EndNs >= To)
        Alive.push_back(K);
    }
    for (size_t K : Alive)
      Share[K] += (To - From) / static_cast<double>(Alive.size());
  }
  return Share;
}

} // namespace

WallTimeView computeWallTimeView(const CallTrace &T) {
  WallTimeView V;
  V.ThreadScale.assign(T.Threads.size(), 1.0);
  const TraceThread *Main = T.mainThread();
  V.MainNodeWaitNs.assign(Main ? Main->Nodes.size() : 0, 0.0);
  if (!viewApplies(T))
    return V;
  V.Applied = true;

  std::vector<size_t> Workers;
  for (size_t I = 0; I < T.Threads.size(); ++I)
    if (!T.Threads[I].Main && !T.Threads[I].Nodes.empty())
      Workers.push_back(I);
  std::stable_sort(Workers.begin(), Workers.end(), [&](size_t A, size_t B) {
    return T.Threads[A].StartNs < T.Threads[B].StartNs;
  });
  for (size_t W : Workers) {
    const TraceThread &Th = T.Threads[W];
    if (V.Phases.empty() || Th.StartNs >= V.Phases.back().EndNs) {
      V.Phases.emplace_back();
      V.Phases.back().StartNs = Th.StartNs;
    }
    ParallelPhase &P = V.Phases.back();
    P.EndNs = std::max(P.EndNs, Th.EndNs);
    P.Threads.push_back(W);
  }

  // Main's self time per node, less what earlier phases took.
  std::vector<double> MainSelf = correctedSelfTimes(T, *Main);
  for (ParallelPhase &P : V.Phases) {
    // Main waited where it was when the last of the phase's workers ended.
    double LatestEnd = -1;
    for (size_t W : P.Threads) {
      const TraceThread &Th = T.Threads[W];
      if (Th.MainNodeAtEnd >= 0 && Th.EndNs > LatestEnd) {
        LatestEnd = Th.EndNs;
        P.MainNode = Th.MainNodeAtEnd;
      }
    }
    double Length = P.lengthNs();
    double Replaced = Length;
    if (P.MainNode >= 0) {
      double &Available = MainSelf[P.MainNode];
      P.WaitNs = std::clamp(Available, 0.0, Length);
      Available -= P.WaitNs;
      V.MainNodeWaitNs[P.MainNode] += P.WaitNs;
      Replaced = P.WaitNs;
    }
    std::vector<double> Share = sharesOf(T, P.Threads);
    for (size_t K = 0; K < P.Threads.size(); ++K) {
      const TraceThread &Th = T.Threads[P.Threads[K]];
      std::vector<double> Self = correctedSelfTimes(T, Th);
      double Busy = std::accumulate(Self.begin(), Self.end(), 0.0);
      if (Busy <= 0 || Length <= 0)
        continue; // Nothing to scale: the times stay as recorded.
      V.ThreadScale[P.Threads[K]] = Replaced * (Share[K] / Length) / Busy;
    }
  }
  return V;
}

} // namespace varsim::callgraph
