#include <cstdio>

// Cost of a step, per kind of unit; unit-free steps are cheap under an
// option of the program.
struct Plain {};
struct Heavy {
  int weight;
};

template <typename Unit> int StepCost(const Unit &) { return 3; }

#ifdef SCAN_FAST_SKIP
template <> int StepCost(const Plain &) { return 1; }
#endif

template <typename Unit> int Walk(const Unit &u, int steps) {
  int cost = 0;
  for (int i = 0; i < steps; ++i)
    cost += StepCost(u);
  return cost;
}

int main() {
  int total = Walk(Plain{}, 10) + Walk(Heavy{2}, 5);
  std::printf("cost %d\n", total);
#ifdef SCAN_STATS
  std::printf("stats on\n");
#endif
  return total % 5;
}

// REFUSAL: {{^.*}}/main.cpp:13:17: error: the explicit specialization 'StepCost<Plain>' is defined only where SCAN_FAST_SKIP holds;
// REFUSAL-SAME: but a parameter has no name: define the specialization in every configuration
// REFUSAL-NEXT: varsim: note: nothing was written
// REFUSAL-NOT: error:
