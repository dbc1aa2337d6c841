/* A small key/value store configured through config.h. */
#include <stdio.h>

#include "config.h"
#include "store.h"

int main(void) {
  for (int k = 0; k < 12; ++k)
    store_put(k, k * k);
  int sum = 0;
  for (int round = 0; round < 3; ++round)
    for (int k = 0; k < 12; k += 3)
      sum += store_get(k) > 0 ? store_get(k) : 0;
  printf("sum %d\n", sum);
#if HAVE_CACHE
  printf("cache hits %d\n", store_cache_hits());
#endif
#ifdef HAVE_STATS
  printf("lookups %d\n", store_lookups());
#endif
#if defined(HAVE_CACHE_STATS)
  printf("hit ratio %d%%\n", 100 * store_cache_hits() / store_lookups());
#endif
#if BUFSZ_LEVEL > 1 && !HAVE_CACHE
  printf("big store without cache\n");
#endif
  return sum % 100;
}
