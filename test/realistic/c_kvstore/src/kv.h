#ifndef KV_KV_H
#define KV_KV_H

#include <stddef.h>
#include <stdint.h>

#include "config.h"

#ifdef STATS
struct kv_stats {
  unsigned long puts;
  unsigned long gets;
  unsigned long hits;
  unsigned long deletes;
  unsigned long resizes;
  unsigned long longest_chain;
};
#endif

typedef struct kv_entry {
  char *key;
  char *value;
  struct kv_entry *next;
#ifdef CHECKSUM
  uint32_t checksum;
#endif
} kv_entry;

typedef struct kv_store {
  kv_entry **buckets;
  size_t nbuckets;
  size_t count;
#ifdef STATS
  struct kv_stats stats;
#endif
} kv_store;

enum kv_status { KV_OK = 0, KV_NOT_FOUND = 1, KV_NO_MEMORY = 2, KV_CORRUPT = 3 };

kv_store *kv_open(void);
void kv_close(kv_store *kv);
enum kv_status kv_put(kv_store *kv, const char *key, const char *value);
enum kv_status kv_get(kv_store *kv, const char *key, const char **value);
enum kv_status kv_delete(kv_store *kv, const char *key);
size_t kv_count(const kv_store *kv);
typedef void (*kv_visit_fn)(const char *key, const char *value, void *ctx);
void kv_foreach(const kv_store *kv, kv_visit_fn fn, void *ctx);

#ifdef CHECKSUM
/* FNV-1a over key and value; cheap enough to verify on every read. */
static inline uint32_t kv_fnv1a(const char *s, uint32_t h) {
  while (*s) {
    h ^= (unsigned char)*s++;
    h *= 16777619u;
  }
  return h;
}
int kv_verify(const kv_store *kv);
void kv_corrupt_for_testing(kv_store *kv, const char *key);
#endif

#ifdef STATS
void kv_stats_report(const kv_store *kv);
#endif

#endif /* KV_KV_H */
