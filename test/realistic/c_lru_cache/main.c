/* cachesim: replays a synthetic key trace (a hot working set plus scans)
 * through a small fixed-size cache and reports the hit rate. */
#include <assert.h>
#include <stdio.h>

#include "cache.h"

unsigned long cache_debug_checks(void);

#define TRACE_LENGTH 60000

static uint32_t expensive_lookup(uint32_t key) {
  uint32_t v = key;
  for (int i = 0; i < 8; ++i)
    v = v * 1103515245u + 12345u;
  return v;
}

int main(void) {
  static struct cache c;
  uint32_t x = 88172645u, checksum = 0;

  cache_init(&c);
  for (unsigned long n = 0; n < TRACE_LENGTH; ++n) {
    uint32_t key, value;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    if ((n / 2000) % 5 == 4)
      key = 1000 + (uint32_t)(n % 97); /* a scan through cold keys */
    else
      key = x % 40; /* the hot set, a bit larger than the cache */
    if (!cache_get(&c, key, &value)) {
      value = expensive_lookup(key);
      cache_put(&c, key, value);
    }
    assert(value == expensive_lookup(key));
    checksum = checksum * 33u + value;
  }

  printf("policy %s, %d slots\n", cache_policy_name(), CACHE_SLOTS);
  printf("hits %lu, misses %lu, hit rate %.3f\n", c.hits, c.misses,
         cache_hit_rate(&c));
  printf("checksum %08x\n", (unsigned)checksum);
#ifdef CACHE_STATS
  printf("evictions %lu, probe steps %lu\n", c.evictions, c.probe_steps);
#endif
  printf("consistency checks %lu\n", cache_debug_checks());
  return (int)(c.misses % 64);
}
