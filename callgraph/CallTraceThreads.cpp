//===- callgraph/CallTraceThreads.cpp - A trace's call trees --------------===//
//
// The threads of a calltrace.json document (CallTraceReader.h): each
// thread's identity, lifetime and call tree (its nodes, each after its
// parent), and the check that every node's region is in the region table
// and its parent comes before it.
//
//===----------------------------------------------------------------------===//

#include "callgraph/CallTraceReader.h"

#include <cstring>

namespace varsim::callgraph::trace {

llvm::Error TraceReader::readThread(od::value V, size_t Index) {
  std::string What = ("thread " + llvm::Twine(Index)).str();
  od::object O;
  if (llvm::Error E = get(V.get_object(), O, What))
    return E;
  TraceThread Th;
  for (auto Field : O) {
    std::string_view Key;
    if (llvm::Error E = get(Field.unescaped_key(), Key, What))
      return E;
    if (Key == "tid") {
      if (llvm::Error E = get(Field.value().get_int64(), Th.Tid, What))
        return E;
    } else if (Key == "name") {
      if (llvm::Error E = getString(Field.value(), Th.Name, What))
        return E;
    } else if (Key == "main") {
      if (llvm::Error E = get(Field.value().get_bool(), Th.Main, What))
        return E;
    } else if (Key == "start_ns" || Key == "end_ns") {
      Th.HasLifetime = true;
      if (llvm::Error E = get(Field.value().get_double(),
                              Key == "start_ns" ? Th.StartNs : Th.EndNs, What))
        return E;
    } else if (Key == "main_node_at_end") {
      if (llvm::Error E =
              get(Field.value().get_int64(), Th.MainNodeAtEnd, What))
        return E;
    } else if (Key == "nodes") {
      od::array Nodes;
      if (llvm::Error E = get(Field.value().get_array(), Nodes, What))
        return E;
      for (auto Item : Nodes) {
        od::array A;
        if (simdjson::error_code EC = Item.get_array().get(A))
          return jsonError(EC, What + " node " + llvm::Twine(Th.Nodes.size()));
        TraceNode N;
        unsigned K = 0;
        for (auto X : A) {
          simdjson::error_code EC = simdjson::SUCCESS;
          uint64_t Region = 0;
          switch (K++) {
          case 0:
            EC = X.get_int64().get(N.Parent);
            break;
          case 1:
            EC = X.get_uint64().get(Region);
            N.Region = Region > UINT32_MAX ? UINT32_MAX
                                           : static_cast<uint32_t>(Region);
            break;
          case 2:
            EC = X.get_uint64().get(N.Calls);
            break;
          case 3:
            EC = X.get_double().get(N.TimedNs);
            break;
          case 4:
            EC = X.get_uint64().get(N.Timed);
            break;
          default:
            break;
          }
          if (EC)
            return jsonError(EC,
                             What + " node " + llvm::Twine(Th.Nodes.size()));
        }
        if (K != 4 && K != 5)
          return fail(What + " node " + llvm::Twine(Th.Nodes.size()) +
                          ": expected [parent, region, calls, inclusive_ns] "
                          "or [parent, region, calls, timed_ns, timed], got " +
                          llvm::Twine(K) + " elements",
                      currentLine());
        if (K == 4)
          N.Timed = N.Calls; // every visit was timed
        if (N.Timed > N.Calls)
          return fail(What + " node " + llvm::Twine(Th.Nodes.size()) + ": " +
                          llvm::Twine(N.Timed) + " timed visits of only " +
                          llvm::Twine(N.Calls),
                      currentLine());
        N.InclusiveNs = estimatedInclusiveNs(N);
        Th.Nodes.push_back(N);
      }
    } else if (Key == "folded" || Key == "fold_samples" ||
               Key == "folded_nodes") {
      bool Visits = Key == "folded", PerNode = Key == "folded_nodes";
      od::array List;
      if (llvm::Error E = get(Field.value().get_array(), List, What))
        return E;
      for (auto Item : List) {
        size_t At = Visits    ? Th.Folded.size()
                    : PerNode ? Th.FoldedNodes.size()
                              : Th.FoldSamples.size();
        std::string Entry =
            (What + " " + std::string(Key) + " entry " + llvm::Twine(At)).str();
        od::array A;
        if (simdjson::error_code EC = Item.get_array().get(A))
          return jsonError(EC, Entry);
        uint64_t Values[2] = {0, 0};
        unsigned K = 0;
        for (auto X : A) {
          if (K < 2)
            if (simdjson::error_code EC = X.get_uint64().get(Values[K]))
              return jsonError(EC, Entry);
          ++K;
        }
        if (K != 2 || Values[0] > UINT32_MAX)
          return fail(Entry + (Visits    ? ": expected [region, visits]"
                               : PerNode ? ": expected [node, visits]"
                                         : ": expected [node, samples]"),
                      currentLine());
        if (Visits)
          Th.Folded.push_back({static_cast<uint32_t>(Values[0]), Values[1]});
        else if (PerNode)
          Th.FoldedNodes.push_back(
              {static_cast<int64_t>(Values[0]), Values[1]});
        else
          Th.FoldSamples.push_back(
              {static_cast<int64_t>(Values[0]), Values[1]});
      }
    }
  }
  T.Threads.push_back(std::move(Th));
  return llvm::Error::success();
}

llvm::Error TraceReader::readThreads(od::value V) {
  return readArray(V, "\"threads\"", [this](od::value TV, size_t I) {
    return readThread(TV, I);
  });
}

llvm::Error TraceReader::checkNodes() {
  // A node of main that is not in its tree (a snapshot of a node created
  // after the tree was written) says nothing: as if main was in none.
  const TraceThread *Main = T.mainThread();
  for (TraceThread &Th : T.Threads)
    if (!Main || Th.Main ||
        Th.MainNodeAtEnd >= static_cast<int64_t>(Main->Nodes.size()) ||
        Th.MainNodeAtEnd < -1)
      Th.MainNodeAtEnd = -1;
  for (size_t TI = 0; TI < T.Threads.size(); ++TI) {
    const std::vector<TraceNode> &Nodes = T.Threads[TI].Nodes;
    for (size_t I = 0; I < Nodes.size(); ++I) {
      const TraceNode &N = Nodes[I];
      if (N.Region >= T.Regions.size())
        return fail("thread " + llvm::Twine(TI) + " node " + llvm::Twine(I) +
                    ": region id " + llvm::Twine(N.Region) +
                    " is not in the region table (" +
                    llvm::Twine(T.Regions.size()) + " regions)");
      if (N.Parent < -1 || N.Parent >= static_cast<int64_t>(I))
        return fail("thread " + llvm::Twine(TI) + " node " + llvm::Twine(I) +
                    ": parent " + llvm::Twine(N.Parent) +
                    " does not come before the node");
    }
    for (const TraceFoldedVisits &F : T.Threads[TI].Folded)
      if (F.Region >= T.Regions.size())
        return fail("thread " + llvm::Twine(TI) + " folded: region id " +
                    llvm::Twine(F.Region) + " is not in the region table (" +
                    llvm::Twine(T.Regions.size()) + " regions)");
    for (const TraceFoldSamples &F : T.Threads[TI].FoldSamples)
      if (F.Node >= static_cast<int64_t>(Nodes.size()))
        return fail("thread " + llvm::Twine(TI) + " fold_samples: node " +
                    llvm::Twine(F.Node) + " is not in the thread's tree (" +
                    llvm::Twine(Nodes.size()) + " nodes)");
    for (const TraceFoldedNode &F : T.Threads[TI].FoldedNodes)
      if (F.Node >= static_cast<int64_t>(Nodes.size()))
        return fail("thread " + llvm::Twine(TI) + " folded_nodes: node " +
                    llvm::Twine(F.Node) + " is not in the thread's tree (" +
                    llvm::Twine(Nodes.size()) + " nodes)");
  }
  return llvm::Error::success();
}

} // namespace varsim::callgraph::trace
