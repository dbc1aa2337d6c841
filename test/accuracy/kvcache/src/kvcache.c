#include "kvcache.h"

#include <string.h>

/* Stretches a key the way a password hash does: many rounds of mixing. */
static uint64_t derive(uint32_t key) {
  uint64_t h = 0x9e3779b97f4a7c15ull ^ key;
  for (int round = 0; round < 1200; ++round) {
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdull;
    h ^= h >> 29;
  }
  return h;
}

void kv_init(struct kvcache *c) { memset(c, 0, sizeof *c); }

uint64_t kv_lookup(struct kvcache *c, uint32_t key) {
#ifdef USE_CACHE
  struct kv_slot *slot = &c->slots[key % KV_SLOTS];
  if (slot->valid && slot->key == key) {
    ++c->hits;
    return slot->value; /* the early return: no derivation on a hit */
  }
#endif
  ++c->misses;
  uint64_t value = derive(key);
#ifdef USE_CACHE
  slot->key = key;
  slot->value = value;
  slot->valid = 1;
#endif
  return value;
}
