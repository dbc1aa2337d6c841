//===- report/CallTree.cpp - A calltrace.json read for display -----------===//

#include "report/CallTree.h"

#include "support/Diagnostic.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"

namespace varsim::report {

llvm::Expected<CallTree> readCallTree(llvm::StringRef Path) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  if (!Buffer)
    return makeError(Path, 0, 0,
                     "cannot read the trace: " + Buffer.getError().message());
  auto Parsed = llvm::json::parse((*Buffer)->getBuffer());
  if (!Parsed)
    return makeError(Path, 0, 0,
                     "not JSON: " + llvm::toString(Parsed.takeError()));
  const llvm::json::Object *Root = Parsed->getAsObject();
  if (!Root || Root->getString("format") != "varsim-calltrace")
    return makeError(Path, 0, 0, "not a varsim calltrace (format)");
  CallTree T;
  T.Path = Path.str();
  if (auto C = Root->getString("config"))
    T.Config = C->str();
  T.WallSeconds = Root->getNumber("wall_ns").value_or(0) * 1e-9;
  if (const llvm::json::Array *Regions = Root->getArray("regions"))
    for (const llvm::json::Value &V : *Regions) {
      const llvm::json::Object *R = V.getAsObject();
      if (!R)
        return makeError(Path, 0, 0, "a region is not an object");
      TraceRegion Region;
      Region.Kind = R->getString("kind").value_or("").str();
      Region.Function = R->getString("function").value_or("").str();
      Region.Condition = R->getString("condition").value_or("1").str();
      Region.File = R->getString("file").value_or("").str();
      Region.Line = R->getInteger("line").value_or(0);
      Region.EndLine = R->getInteger("end_line").value_or(Region.Line);
      T.Regions.push_back(std::move(Region));
    }
  if (const llvm::json::Array *Threads = Root->getArray("threads"))
    for (const llvm::json::Value &V : *Threads) {
      const llvm::json::Object *Th = V.getAsObject();
      if (!Th)
        return makeError(Path, 0, 0, "a thread is not an object");
      TraceThread Thread;
      Thread.Name = Th->getString("name").value_or("thread").str();
      Thread.Tid = Th->getInteger("tid").value_or(0);
      Thread.StartSeconds = Th->getNumber("start_ns").value_or(0) * 1e-9;
      if (const llvm::json::Array *Nodes = Th->getArray("nodes"))
        for (const llvm::json::Value &NV : *Nodes) {
          const llvm::json::Array *N = NV.getAsArray();
          if (!N || (N->size() != 4 && N->size() != 5))
            return makeError(Path, 0, 0,
                             "a node is not [parent, region, calls, ns] or "
                             "[parent, region, calls, timed_ns, timed]");
          TraceNode Node;
          Node.Parent = (*N)[0].getAsInteger().value_or(-1);
          Node.Region = (*N)[1].getAsInteger().value_or(-1);
          Node.Calls = (*N)[2].getAsInteger().value_or(0);
          double Ns = (*N)[3].getAsNumber().value_or(0);
          if (N->size() == 5) {
            // Sampled: the mean timed visit times the visits.
            double Timed = (*N)[4].getAsNumber().value_or(0);
            Ns = Timed > 0 ? Ns * static_cast<double>(Node.Calls) / Timed : 0;
          }
          Node.Seconds = Ns * 1e-9;
          if (Node.Region < 0 ||
              static_cast<size_t>(Node.Region) >= T.Regions.size() ||
              Node.Parent >= static_cast<int64_t>(Thread.Nodes.size()))
            return makeError(Path, 0, 0,
                             "a node names an unknown region or a parent "
                             "after it");
          Thread.Nodes.push_back(Node);
        }
      T.Threads.push_back(std::move(Thread));
    }
  return T;
}

void CallTree::regionTimes(std::vector<double> &Inclusive,
                           std::vector<double> &Self) const {
  Inclusive.assign(Regions.size(), 0);
  Self.assign(Regions.size(), 0);
  for (const TraceThread &Th : Threads) {
    std::vector<double> ChildSum(Th.Nodes.size(), 0);
    for (const TraceNode &N : Th.Nodes)
      if (N.Parent >= 0)
        ChildSum[N.Parent] += N.Seconds;
    for (size_t I = 0; I < Th.Nodes.size(); ++I) {
      const TraceNode &N = Th.Nodes[I];
      Self[N.Region] += std::max(0.0, N.Seconds - ChildSum[I]);
      // Outermost visit only: no ancestor of the same region.
      bool Nested = false;
      for (int64_t P = N.Parent; P >= 0 && !Nested; P = Th.Nodes[P].Parent)
        Nested = Th.Nodes[P].Region == N.Region;
      if (!Nested)
        Inclusive[N.Region] += N.Seconds;
    }
  }
}

} // namespace varsim::report
