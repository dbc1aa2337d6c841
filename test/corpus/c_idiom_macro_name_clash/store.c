#include "store.h"

long store_sum(int rounds) {
  long total = 0;
  for (int r = 0; r < rounds; ++r)
    for (int b = 0; b < 4096; b += BLOCK)
      total += b % 7;
  return total;
}
