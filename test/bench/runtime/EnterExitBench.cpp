//===- test/bench/runtime/EnterExitBench.cpp - Cost of one region visit ---===//
//
// Nanoseconds per enter+exit pair of VARSIM_REGION, against the floor set by
// the clock reads it needs (two per pair).
//
//===----------------------------------------------------------------------===//

#include "varsim_generated.h"

#include <benchmark/benchmark.h>

namespace {

void clockRead(benchmark::State &State) {
  for (auto _ : State)
    benchmark::DoNotOptimize(varsim_now());
}
BENCHMARK(clockRead);

// A region inside another, as nearly every region of a program is (main's
// body holds them all).
void enterExitPair(benchmark::State &State) {
  VARSIM_REGION(0);
  for (auto _ : State) {
    VARSIM_REGION(3);
    benchmark::ClobberMemory();
  }
}
BENCHMARK(enterExitPair);

// A thread's top-level scope: its exit also records the end of the
// thread's lifetime (and, off main, where main is).
void topLevelPair(benchmark::State &State) {
  for (auto _ : State) {
    VARSIM_REGION(3);
    benchmark::ClobberMemory();
  }
}
BENCHMARK(topLevelPair);

// Two sibling regions under a parent: the tree lookups alternate.
void alternatingSiblings(benchmark::State &State) {
  VARSIM_REGION(0);
  for (auto _ : State) {
    {
      VARSIM_REGION(3);
      benchmark::ClobberMemory();
    }
    {
      VARSIM_REGION(4);
      benchmark::ClobberMemory();
    }
  }
  State.SetItemsProcessed(State.iterations() * 2);
}
BENCHMARK(alternatingSiblings);

// A deep recursion: a new tree node per level, then all lookups hit.
int recurse(int Depth) {
  VARSIM_REGION(1);
  return Depth ? recurse(Depth - 1) + 1 : 0;
}

void recursionDepth64(benchmark::State &State) {
  for (auto _ : State)
    benchmark::DoNotOptimize(recurse(63));
  State.SetItemsProcessed(State.iterations() * 64);
}
BENCHMARK(recursionDepth64);

} // namespace

BENCHMARK_MAIN();
