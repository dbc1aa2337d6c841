// A subset-sum solver: recursion, early returns and a goto in features.
#include <cstdio>

static long visited;

static bool solve(const int *v, int n, int target) {
  ++visited;
  if (target == 0)
    return true;
  if (n == 0)
    return false;
#ifdef PRUNE
  if (target < 0)
    return false;
#endif
#ifdef LIMIT
  if (visited > 200)
    return false;
#endif
  return solve(v + 1, n - 1, target - v[0]) || solve(v + 1, n - 1, target);
}

int main() {
  const int values[] = {3, 34, 4, 12, 5, 2, 9, 21, 8, 1};
  int found = 0;
  for (int target = 1; target <= 60; target += 7) {
    visited = 0;
    bool ok = solve(values, 10, target);
#ifdef REPORT
    for (int t = 0; t < 3; ++t) {
      if (!ok) {
        std::printf("target %d unreachable\n", target);
        goto next;
      }
    }
#endif
    found += ok;
    std::printf("target %d: %s (%ld nodes)\n", target, ok ? "yes" : "no", visited);
#ifdef REPORT
  next:;
#endif
  }
  return found;
}
