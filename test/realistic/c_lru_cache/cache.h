#ifndef CACHE_H
#define CACHE_H

#include <assert.h>
#include <stdint.h>

#include "cache_config.h"

struct cache_entry {
  uint32_t key;
  uint32_t value;
  int16_t next_in_bucket; /* -1: end of chain */
#if CACHE_POLICY == CACHE_POLICY_CLOCK
  uint8_t referenced;
#else
  int16_t prev, next; /* recency or insertion order */
#endif
  uint8_t used;
};

struct cache {
  struct cache_entry slots[CACHE_SLOTS];
  int16_t buckets[CACHE_BUCKETS];
#if CACHE_POLICY == CACHE_POLICY_CLOCK
  unsigned hand;
#else
  int16_t head, tail; /* head: next victim */
#endif
  unsigned count;
  unsigned long hits, misses;
#ifdef CACHE_STATS
  unsigned long evictions;
  unsigned long probe_steps;
#endif
};

void cache_init(struct cache *c);
/* Returns 1 and stores the value on a hit; 0 on a miss. */
int cache_get(struct cache *c, uint32_t key, uint32_t *value);
void cache_put(struct cache *c, uint32_t key, uint32_t value);
const char *cache_policy_name(void);

static inline unsigned cache_bucket(uint32_t key) {
  uint32_t h = key * 2654435761u;
  unsigned b = (unsigned)(h >> 26);
  assert(b < CACHE_BUCKETS);
  return b;
}

static inline double cache_hit_rate(const struct cache *c) {
  unsigned long total = c->hits + c->misses;
  return total ? (double)c->hits / (double)total : 0.0;
}

#endif
