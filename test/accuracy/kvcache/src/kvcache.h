/* A direct-mapped memo cache in front of a costly key derivation. */
#ifndef KVCACHE_H
#define KVCACHE_H
#include <stdint.h>

#define KV_SLOTS 1024

struct kv_slot {
  uint32_t key;
  uint64_t value;
  int valid;
};

struct kvcache {
  struct kv_slot slots[KV_SLOTS];
  unsigned long hits, misses;
};

void kv_init(struct kvcache *c);
uint64_t kv_lookup(struct kvcache *c, uint32_t key);

#endif
