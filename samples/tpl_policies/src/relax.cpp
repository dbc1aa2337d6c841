#include "relax.h"

#include <cstdio>

// Names the configured policy: in the simulator a template over SMOOTHER,
// called through a feature switch (one dispatch for all sweeps; the
// policies' calls below it stay static and inlined).
double relax(Rod &U) {
  using HeatConfig = Config<SMOOTHER, FixedEnds, 20>;
  Solver<HeatConfig>::solve(U);
  double Sum = 0;
  for (double V : U)
    Sum += V;
  std::printf("%s smoother, %d sweeps\n", SMOOTHER::kName, HeatConfig::kSweeps);
  return Sum / static_cast<double>(U.size());
}
