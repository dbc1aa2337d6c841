/* A small LRU-ish cache whose defaults come from compile-time options and
 * live in a global configuration the program may change later. */
#include <stdio.h>
#include <string.h>

#ifndef CACHE_DEFAULT_SIZE
#define CACHE_DEFAULT_SIZE 4
#endif
#ifndef CACHE_MEMSTATUS
#define CACHE_MEMSTATUS 1
#endif

#include "config.h"

struct CacheConfig cacheConfig = {CACHE_MEMSTATUS, CACHE_DEFAULT_SIZE,
#ifdef CACHE_LONG_NAMES /* a platform choice, not a feature */
                                  "least-recently-used",
#else
                                  "lru",
#endif
                                  0, 0};
#define theConfig cacheConfig
int slotWeights[3] = {1, CACHE_DEFAULT_SIZE * 2, 3};

static int keys[16];
static int used;

static int lookup(int key) {
  for (int i = 0; i < used; i++)
    if (keys[i] == key) {
      theConfig.hits++;
      return 1;
    }
  theConfig.misses++;
  if (used < theConfig.size)
    keys[used++] = key;
  else {
    memmove(keys, keys + 1, sizeof(int) * (size_t)(used - 1));
    keys[used - 1] = key;
  }
#ifdef CACHE_STATS
  printf("miss %d (used %d)\n", key, used);
#endif
  return 0;
}

int main(void) {
  int pattern[] = {1, 2, 3, 1, 4, 5, 1, 2, 6, 2, 3, 1, 7, 1};
  int found = 0;
  for (size_t i = 0; i < sizeof pattern / sizeof pattern[0]; i++)
    found += lookup(pattern[i]);
  if (theConfig.memstatus)
    printf("memstatus on: %zu bytes of keys\n", sizeof(int) * (size_t)used);
  theConfig.size = 1; /* written at run time, as sqlite3_config does */
  found += lookup(9) + lookup(9);
  report();
  printf("%s size=%d hits=%d misses=%d found=%d weight=%d\n",
         theConfig.name, theConfig.size, theConfig.hits,
         theConfig.misses, found, slotWeights[1]);
  return found;
}
