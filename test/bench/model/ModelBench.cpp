//===- test/bench/model/ModelBench.cpp - varsim model at scale ------------===//
//
// Generates a calltrace.json with one million calling-context nodes (200
// regions over 20 features, random trees of varying depth, two threads),
// then reads and models it as `varsim model` does, and prints the time of
// each phase (parsing, graph building with prefixes, aggregation and
// simplification) against the 2 s target of the specification, and the
// parse throughput against reading the file into memory.
//
//===----------------------------------------------------------------------===//

#include "callgraph/CallGraph.h"
#include "callgraph/CallTrace.h"
#include "model/PerformanceModel.h"
#include "model/RunObservations.h"
#include "support/Diagnostic.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <fmt/format.h>

#include <chrono>
#include <ctime>
#include <map>
#include <random>

using namespace varsim;

namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point T) {
  return std::chrono::duration<double>(Clock::now() - T).count();
}

/// CPU time of the process: on a loaded machine, what the work costs.
double cpuSeconds() {
  return static_cast<double>(std::clock()) / CLOCKS_PER_SEC;
}

void writeTrace(llvm::StringRef Path, size_t Nodes) {
  std::mt19937_64 R(42);
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC);
  if (EC) {
    llvm::errs() << Path << ": error: " << EC.message() << '\n';
    std::exit(1);
  }
  const int Features = 20, Regions = 200;
  OS << "{\"format\": \"varsim-calltrace\", \"version\": 1, \"config\": \"\",\n"
        "\"features\": [";
  for (int F = 0; F < Features; ++F)
    OS << (F ? "," : "") << "{\"name\": \"F" << F
       << "\", \"kind\": \"bool\", \"value\": 1}";
  OS << "],\n\"regions\": [\n";
  const char *Kinds[] = {"function", "region", "switch"};
  for (int I = 0; I < Regions; ++I) {
    std::string Cond = "1";
    switch (R() % 5) {
    case 1:
      Cond = fmt::format("F{}", R() % Features);
      break;
    case 2:
      Cond = fmt::format("F{} && F{}", R() % Features, R() % Features);
      break;
    case 3:
      Cond = fmt::format("F{} || F{}", R() % Features, R() % Features);
      break;
    default:
      break;
    }
    OS << (I ? ",\n" : "") << "{\"id\": " << I << ", \"kind\": \""
       << Kinds[I % 7 == 0   ? 2
                : I % 3 == 0 ? 1
                             : 0]
       << "\", \"function\": \"fn" << I / 3 << "\", \"condition\": \"" << Cond
       << "\", \"file\": \"src/f.c\", \"line\": " << I + 1
       << ", \"end_line\": " << I + 5 << "}";
  }
  OS << "],\n\"clock\": {\"source\": \"tsc\", \"unit\": \"ns\"},\n"
        "\"calibration\": {\"inner_ns\": 4.1, \"outer_ns\": 5.3},\n"
        "\"wall_ns\": 1000000000000,\n\"threads\": [";
  for (int Th = 0; Th < 2; ++Th) {
    size_t N = Nodes / 2;
    // Random tree, parents first: a child hangs below one of the last few
    // hundred nodes, which gives depths from 1 to a few hundred.
    std::vector<double> Incl(N, 0);
    std::vector<int64_t> Parent(N);
    std::vector<uint64_t> Calls(N);
    for (size_t I = 0; I < N; ++I) {
      Parent[I] =
          I == 0 ? -1
                 : static_cast<int64_t>(I - 1 - R() % std::min<size_t>(I, 300));
      Calls[I] = 1 + R() % 1000;
      Incl[I] = static_cast<double>(R() % 100000) + 10.0 * Calls[I];
    }
    for (size_t I = N; I-- > 1;)
      Incl[Parent[I]] += Incl[I] + 6.0 * Calls[I];
    OS << (Th ? ",\n" : "") << "{\"tid\": " << Th + 1 << ", \"name\": \"t" << Th
       << "\", \"main\": " << (Th == 0 ? "true" : "false")
       << ", \"nodes\": [\n";
    for (size_t I = 0; I < N; ++I)
      OS << (I ? ",\n" : "") << '[' << Parent[I] << ',' << R() % Regions << ','
         << Calls[I] << ',' << static_cast<uint64_t>(Incl[I]) << ']';
    OS << "]}";
  }
  OS << "],\n\"dropped\": 0}\n";
}

} // namespace

int main(int argc, char **argv) {
  size_t Nodes = argc > 1 ? std::stoul(argv[1]) : 1000000;
  std::string Path = argc > 2 ? argv[2] : "/tmp/varsim_bench_trace.json";
  writeTrace(Path, Nodes);
  uint64_t Size = 0;
  llvm::sys::fs::file_size(Path, Size);

  // Baseline: reading the bytes into memory.
  Clock::time_point T0 = Clock::now();
  auto Bytes = llvm::MemoryBuffer::getFile(Path);
  double ReadOnly = secondsSince(T0);
  Bytes->reset();

  T0 = Clock::now();
  double C0 = cpuSeconds();
  llvm::Expected<callgraph::CallTrace> T = callgraph::readCallTrace(Path);
  double Parse = secondsSince(T0), ParseCpu = cpuSeconds() - C0;
  if (!T) {
    reportError(T.takeError());
    return 1;
  }
  std::vector<callgraph::CallTrace> Traces;
  Traces.push_back(std::move(*T));

  T0 = Clock::now();
  C0 = cpuSeconds();
  llvm::Expected<callgraph::CallGraph> G = callgraph::CallGraph::build(Traces);
  double Build = secondsSince(T0), BuildCpu = cpuSeconds() - C0;
  if (!G) {
    reportError(G.takeError());
    return 1;
  }

  T0 = Clock::now();
  C0 = cpuSeconds();
  model::ModelOptions O;
  llvm::Expected<model::PerformanceModel> M = model::buildModel(*G, O);
  double Aggregate = secondsSince(T0), AggregateCpu = cpuSeconds() - C0;
  if (!M) {
    reportError(M.takeError());
    return 1;
  }

  // The data-flow model: the same trace as four runs of the configurations
  // F0/F1 on/off, each node's time scaled per run, and facts that make a
  // tenth of the regions (and so most contexts, below them) influenced by
  // F0 and F1.
  std::vector<callgraph::CallTrace> Runs;
  for (int K = 0; K < 4; ++K) {
    callgraph::CallTrace Copy = Traces.front();
    Copy.Path = fmt::format("run-{}.json", K);
    Copy.Features[0].Value = K & 1;
    Copy.Features[1].Value = (K >> 1) & 1;
    Copy.Config = fmt::format("{}{}", K & 1 ? "F0," : "", K & 2 ? "F1" : "");
    for (callgraph::TraceThread &Th : Copy.Threads)
      for (callgraph::TraceNode &N : Th.Nodes)
        N.InclusiveNs *= 1.0 + 0.1 * K;
    Runs.push_back(std::move(Copy));
  }
  T0 = Clock::now();
  C0 = cpuSeconds();
  llvm::Expected<callgraph::CallGraph> RunsGraph =
      callgraph::CallGraph::build(Runs);
  double RunsBuild = secondsSince(T0), RunsBuildCpu = cpuSeconds() - C0;
  if (!RunsGraph) {
    reportError(RunsGraph.takeError());
    return 1;
  }
  T0 = Clock::now();
  C0 = cpuSeconds();
  llvm::Expected<model::RunObservations> Observed =
      model::observeRuns(*RunsGraph, Runs);
  double Observe = secondsSince(T0), ObserveCpu = cpuSeconds() - C0;
  if (!Observed) {
    reportError(Observed.takeError());
    return 1;
  }
  model::DataFlowOptions DF;
  DF.Runs = &*Observed;
  std::map<unsigned, std::vector<std::string>> Influences;
  for (unsigned Region = 0; Region < 200; Region += 10)
    Influences[Region] = {"F0", "F1"};
  DF.Influences = std::move(Influences);
  model::ModelOptions RO;
  RO.DataFlow = &DF;
  T0 = Clock::now();
  C0 = cpuSeconds();
  llvm::Expected<model::PerformanceModel> RM =
      model::buildModel(*RunsGraph, RO);
  double Local = secondsSince(T0), LocalCpu = cpuSeconds() - C0;
  if (!RM) {
    reportError(RM.takeError());
    return 1;
  }

  double Total = Parse + Build + Aggregate;
  double TotalCpu = ParseCpu + BuildCpu + AggregateCpu;
  llvm::outs() << fmt::format(
      "trace: {} nodes, {:.1f} MB; graph: {} contexts, {} prefixes; model: "
      "{} terms ({} dropped)\n",
      Nodes, Size / 1e6, G->size(), G->sequences().size(), M->Terms.size(),
      M->Dropped.size());
  llvm::outs() << fmt::format(
      "phase       wall s    cpu s\n"
      "parse      {:7.3f}  {:7.3f}  ({:.0f} MB/s; reading the bytes alone: "
      "{:.3f} s)\n"
      "graph      {:7.3f}  {:7.3f}  (merge, Equation 2, prefixes)\n"
      "aggregate  {:7.3f}  {:7.3f}  (Algorithm 3, simplification)\n"
      "total      {:7.3f}  {:7.3f}  = {:.2f} x the 2 s target (wall)\n",
      Parse, ParseCpu, Size / 1e6 / Parse, ReadOnly, Build, BuildCpu, Aggregate,
      AggregateCpu, Total, TotalCpu, Total / 2.0);
  llvm::outs() << fmt::format(
      "\ndata flow: the trace as 4 runs ({} contexts, {} with a local "
      "model; {} terms)\n"
      "graph      {:7.3f}  {:7.3f}  (4 runs merged)\n"
      "runs       {:7.3f}  {:7.3f}  (each run's self times)\n"
      "local      {:7.3f}  {:7.3f}  (local models, Algorithm 3)\n",
      RunsGraph->size(), RM->LocalModelCount, RM->Terms.size(), RunsBuild,
      RunsBuildCpu, Observe, ObserveCpu, Local, LocalCpu);
  llvm::sys::fs::remove(Path);
  return Total < 2.0 ? 0 : 1;
}
