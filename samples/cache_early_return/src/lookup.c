#include "lookup.h"

#include "work.h"

int lookup_misses;

/* The cache's storage is always there (as in many programs, only its use
   is under the feature), so lookup() is one function in every variant. */
#define CACHE_SLOTS 64
static int cache_keys[CACHE_SLOTS];
static long cache_values[CACHE_SLOTS];
static int cache_used[CACHE_SLOTS];

static long compute(int key) {
  work_ms(2.0); /* The slow path: 2 ms per computed value. */
  return (long)key * 2654435761L % 1000003L;
}

long lookup(int key) {
#ifdef CACHE
  /* A hit returns early: everything below runs only on a miss. */
  int slot = key % CACHE_SLOTS;
  if (cache_used[slot] && cache_keys[slot] == key)
    return cache_values[slot];
#endif
  ++lookup_misses;
  long value = compute(key);
#ifdef CHECKSUM
  work_ms(0.5); /* Verifying a computed value: 0.5 ms per miss. */
  value ^= (value >> 7) & 0xff;
#endif
#ifdef CACHE
  cache_used[key % CACHE_SLOTS] = 1;
  cache_keys[key % CACHE_SLOTS] = key;
  cache_values[key % CACHE_SLOTS] = value;
#endif
  return value;
}
