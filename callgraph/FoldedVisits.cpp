//===- callgraph/FoldedVisits.cpp - Time of folded visits, estimated ------===//
//
// A tiny hot function under a feature condition folds like a Base one
// (docs/runtime.md, "Folding"), but its time cannot become its caller's
// self time: the caller's term lacks the function's condition. So the
// runtime counts its later visits in its node (under the caller) without
// recording them, and records (and times) one in about VARSIM_FOLD_PERIOD
// as before; here each count becomes visits of that node, and their time
// the count times the function's mean self time per recorded visit, the
// instrumentation's cost taken out, over all its nodes in the trace. The
// caller's self time, which held that time, loses it (self = inclusive
// minus the children's inclusive, Equation 2).
//
//===----------------------------------------------------------------------===//

#include "callgraph/CallTrace.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <map>

namespace varsim::callgraph {

void applyFoldedVisits(CallTrace &T) {
  bool Any = llvm::any_of(
      T.Threads, [](const TraceThread &Th) { return !Th.Folded.empty(); });
  if (!Any)
    return;
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
  for (TraceThread &Th : T.Threads) {
    for (const TraceFoldedVisits &F : Th.Folded) {
      TraceNode &N = Th.Nodes[F.Node];
      const auto &[Ns, Visits] = Self[N.Region];
      double Mean = Visits ? Ns / static_cast<double>(Visits) : 0.0;
      N.Calls += F.Visits;
      N.FoldedCalls += F.Visits;
      N.InclusiveNs += Mean * static_cast<double>(F.Visits);
    }
    Th.Folded.clear();
  }
}

} // namespace varsim::callgraph
