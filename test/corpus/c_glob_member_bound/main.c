/* binbench: histogram of a pseudo-random sequence. */
#include "bins.h"

#include <stdio.h>
#include <stdlib.h>

int main(void) {
  struct bins *b = bins_new("sizes");
  unsigned seed = 7u;
  int i;
  if (!b)
    return 1;
  for (i = 0; i < 300000; ++i) {
    seed = seed * 1103515245u + 12345u;
    bins_add(b, (seed >> 16) % 700);
  }
  bins_print(b);
  free(b);
  return 0;
}
