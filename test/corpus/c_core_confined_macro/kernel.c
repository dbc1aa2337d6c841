#include "kernel.h"

int kernel_sum(const int *v, int n) {
  int s = 0;
#ifdef BLOCKED
  int acc[TILE] = {0};
  for (int i = 0; i < n; ++i)
    acc[i % TILE] += v[i];
  for (int t = 0; t < TILE; ++t)
    s += acc[t] * TILE_WEIGHT(t);
#elif defined(STRIDED)
  for (int i = 0; i < n; i += STRIDE)
    s += v[i];
#else
  for (int i = 0; i < n; ++i)
    s += v[i];
#endif
  return s;
}
