/* A lookup with nested cache policies. */
#include <stdio.h>

static int lookups, evictions;

static int lookup(int key) {
  int cost = 10;
#ifdef CACHE
#ifdef LRU
  if (key % 2 == 0)
    cost = 1;
  else
    ++evictions;
#else
#ifdef STATS
  ++lookups;
#endif
  if (key % 3 == 0)
    cost = 2;
#endif
  cost += 1;
#else
#ifdef STATS
  ++lookups;
#endif
  cost += key % 4;
#endif
  return cost;
}

int main(void) {
  int total = 0;
  for (int k = 0; k < 9; ++k)
    total += lookup(k);
  printf("total=%d lookups=%d evictions=%d\n", total, lookups, evictions);
  return total % 50;
}
