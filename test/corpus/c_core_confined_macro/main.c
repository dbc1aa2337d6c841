/* A summation kernel with per-alternative tuning macros. */
#include <stdio.h>
#include "kernel.h"

int main(void) {
  int v[11];
  for (int i = 0; i < 11; ++i)
    v[i] = i * i - 3;
  int s = kernel_sum(v, 11);
#ifdef BLOCKED
  printf("blocked by %d: ", TILE);
#endif
  printf("%d\n", s);
  return s % 64;
}
