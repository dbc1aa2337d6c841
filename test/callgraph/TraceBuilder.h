//===- test/callgraph/TraceBuilder.h - Call traces for tests ----*- C++ -*-===//
//
// Builds CallTrace values in memory, as readCallTrace would return them, so
// that graph and model tests need no JSON files.
//
//===----------------------------------------------------------------------===//

#ifndef VARSIM_TEST_CALLGRAPH_TRACEBUILDER_H
#define VARSIM_TEST_CALLGRAPH_TRACEBUILDER_H

#include "callgraph/CallTrace.h"

#include <cstdlib>
#include <string>

namespace varsim::callgraph::test {

class TraceBuilder {
public:
  explicit TraceBuilder(std::string Config = "", std::string Path = "t.json") {
    T.Config = std::move(Config);
    T.Path = std::move(Path);
    T.Threads.emplace_back();
    T.Threads[0].Main = true;
  }

  TraceBuilder &feature(std::string Name, int64_t Value, bool Numeric = false) {
    T.Features.push_back({std::move(Name), Numeric, Value});
    return *this;
  }

  TraceBuilder &calibration(double Inner, double Outer) {
    T.InnerNs = Inner;
    T.OuterNs = Outer;
    return *this;
  }

  uint32_t region(RegionKind Kind, std::string Function, std::string Cond,
                  unsigned Line = 1, std::string File = "f.c") {
    TraceRegion R;
    R.Kind = Kind;
    R.Function = std::move(Function);
    R.ConditionText = std::move(Cond);
    llvm::Expected<condition::CondPtr> C =
        condition::parsePresence(R.ConditionText);
    if (!C) {
      llvm::consumeError(C.takeError());
      std::abort();
    }
    R.Cond = std::move(*C);
    R.File = std::move(File);
    R.Line = Line;
    T.Regions.push_back(std::move(R));
    return static_cast<uint32_t>(T.Regions.size() - 1);
  }

  /// Adds a node to thread Thread; returns its index.
  int64_t node(int64_t Parent, uint32_t Region, uint64_t Calls,
               double InclusiveNs, size_t Thread = 0) {
    while (T.Threads.size() <= Thread)
      T.Threads.emplace_back();
    std::vector<TraceNode> &Nodes = T.Threads[Thread].Nodes;
    TraceNode N;
    N.Parent = Parent;
    N.Region = Region;
    N.Calls = N.Timed = Calls;
    N.TimedNs = N.InclusiveNs = InclusiveNs;
    Nodes.push_back(N);
    return static_cast<int64_t>(Nodes.size() - 1);
  }

  /// A node of which only Timed of the Calls visits were timed, lasting
  /// TimedNs in all (as readCallTrace returns it: InclusiveNs estimated).
  int64_t sampledNode(int64_t Parent, uint32_t Region, uint64_t Calls,
                      uint64_t Timed, double TimedNs, size_t Thread = 0) {
    int64_t I = node(Parent, Region, Calls, TimedNs, Thread);
    TraceNode &N = T.Threads[Thread].Nodes[static_cast<size_t>(I)];
    N.Timed = Timed;
    N.InclusiveNs = estimatedInclusiveNs(N);
    return I;
  }

  /// The calibrated cost of a visit that is not timed.
  TraceBuilder &untimedCost(double Ns) {
    T.UntimedNs = Ns;
    return *this;
  }

  /// Gives thread Thread a lifetime and the main node it ended in.
  TraceBuilder &lifetime(size_t Thread, double StartNs, double EndNs,
                         int64_t MainNodeAtEnd = -1) {
    while (T.Threads.size() <= Thread)
      T.Threads.emplace_back();
    TraceThread &Th = T.Threads[Thread];
    Th.HasLifetime = true;
    Th.StartNs = StartNs;
    Th.EndNs = EndNs;
    Th.MainNodeAtEnd = MainNodeAtEnd;
    return *this;
  }

  /// The runtime's and `varsim run`'s CLOCK_MONOTONIC times.
  TraceBuilder &times(double LaunchNs, double InitNs, double StartNs,
                      double WallNs, double WriteNs, double ExitNs) {
    T.Times = {InitNs, StartNs, WriteNs, LaunchNs, ExitNs};
    T.WallNs = WallNs;
    return *this;
  }

  CallTrace &trace() { return T; }

private:
  CallTrace T;
};

} // namespace varsim::callgraph::test

#endif // VARSIM_TEST_CALLGRAPH_TRACEBUILDER_H
