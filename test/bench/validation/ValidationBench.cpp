//===- test/bench/validation/ValidationBench.cpp - Measurement figures ----===//
//
// What a measurement costs and how precise it is: the floor that spawning
// `/bin/sh -c` adds to every measured run (against a run that does nothing),
// the error of measuring a known 50 ms sleep, and the cost of fitting the
// linear baseline as the number of features grows.
//
//===----------------------------------------------------------------------===//

#include "model/validation/LinearBaseline.h"
#include "model/validation/ShellProcess.h"

#include <benchmark/benchmark.h>

#include <random>

using namespace varsim::validation;

namespace {

/// Wall time that runShell reports for a command that does nothing: the
/// floor under every measurement.
void BM_SpawnFloor(benchmark::State &State) {
  ShellCommand C;
  C.Command = "true";
  double Sum = 0;
  for (auto _ : State)
    Sum += runShell(C).WallSeconds;
  State.counters["measured_ms"] =
      Sum / static_cast<double>(State.iterations()) * 1e3;
}
BENCHMARK(BM_SpawnFloor)->Unit(benchmark::kMillisecond)->Iterations(50);

/// The relative error of measuring `sleep 0.05` (spawn + sleep's own start).
void BM_MeasureKnownSleep(benchmark::State &State) {
  ShellCommand C;
  C.Command = "sleep 0.05";
  double Sum = 0;
  for (auto _ : State)
    Sum += runShell(C).WallSeconds;
  double Mean = Sum / static_cast<double>(State.iterations());
  State.counters["measured_ms"] = Mean * 1e3;
  State.counters["error_pct"] = (Mean - 0.05) / 0.05 * 100;
}
BENCHMARK(BM_MeasureKnownSleep)->Unit(benchmark::kMillisecond)->Iterations(20);

/// Fitting features + pairs on a pair-wise-sized random sample.
void BM_FitBaseline(benchmark::State &State) {
  const size_t N = static_cast<size_t>(State.range(0));
  std::vector<std::string> Names;
  for (size_t I = 0; I < N; ++I)
    Names.push_back("F" + std::to_string(I));
  std::mt19937 Gen(1);
  std::bernoulli_distribution Coin(0.5);
  std::vector<std::vector<double>> X(2 * (1 + N + N * (N - 1) / 2));
  std::vector<double> Y;
  for (auto &Row : X) {
    double T = 1;
    for (size_t I = 0; I < N; ++I) {
      Row.push_back(Coin(Gen));
      T += Row.back() * static_cast<double>(I + 1) * 0.1;
    }
    Y.push_back(T);
  }
  for (auto _ : State) {
    auto L = LinearBaseline::fit(Names, X, Y);
    benchmark::DoNotOptimize(L);
    if (!L)
      llvm::consumeError(L.takeError());
  }
  State.counters["rows"] = static_cast<double>(X.size());
  State.counters["columns"] = static_cast<double>(1 + N + N * (N - 1) / 2);
}
BENCHMARK(BM_FitBaseline)
    ->Arg(5)
    ->Arg(10)
    ->Arg(20)
    ->Unit(benchmark::kMillisecond);

} // namespace

BENCHMARK_MAIN();
