#include "kv.h"

#include <stdlib.h>
#include <string.h>

#include "log.h"

static char *kv_strdup(const char *s) {
  size_t n = strlen(s) + 1;
  char *copy = malloc(n);
  if (copy)
    memcpy(copy, s, n);
  return copy;
}

static size_t hash_key(const char *key) {
  size_t h = 5381;
  while (*key)
    h = h * 33 + (unsigned char)*key++;
  return h;
}

#ifdef CHECKSUM
static uint32_t entry_checksum(const kv_entry *e) {
  return kv_fnv1a(e->value, kv_fnv1a(e->key, 2166136261u));
}
#endif

kv_store *kv_open(void) {
  kv_store *kv = calloc(1, sizeof *kv);
  if (!kv)
    return NULL;
  kv->nbuckets = KV_INITIAL_BUCKETS;
  kv->buckets = calloc(kv->nbuckets, sizeof *kv->buckets);
  if (!kv->buckets) {
    free(kv);
    return NULL;
  }
  kv_debug("opened store with %zu buckets", kv->nbuckets);
  return kv;
}

void kv_close(kv_store *kv) {
  if (!kv)
    return;
  for (size_t i = 0; i < kv->nbuckets; ++i) {
    kv_entry *e = kv->buckets[i];
    while (e) {
      kv_entry *next = e->next;
      free(e->key);
      free(e->value);
      free(e);
      e = next;
    }
  }
  free(kv->buckets);
  free(kv);
}

static int grow(kv_store *kv) {
  size_t n = kv->nbuckets * 2;
  kv_entry **fresh = calloc(n, sizeof *fresh);
  if (!fresh)
    return -1;
  for (size_t i = 0; i < kv->nbuckets; ++i) {
    kv_entry *e = kv->buckets[i];
    while (e) {
      kv_entry *next = e->next;
      size_t b = hash_key(e->key) % n;
      e->next = fresh[b];
      fresh[b] = e;
      e = next;
    }
  }
  free(kv->buckets);
  kv->buckets = fresh;
  kv->nbuckets = n;
#ifdef STATS
  kv->stats.resizes++;
#endif
  kv_info("resized to %zu buckets", n);
  return 0;
}

static kv_entry **find_slot(kv_store *kv, const char *key) {
  kv_entry **slot = &kv->buckets[hash_key(key) % kv->nbuckets];
#ifdef STATS
  unsigned long chain = 0;
#endif
  while (*slot && strcmp((*slot)->key, key) != 0) {
    slot = &(*slot)->next;
#ifdef STATS
    ++chain;
#endif
  }
#ifdef STATS
  if (chain > kv->stats.longest_chain)
    kv->stats.longest_chain = chain;
#endif
  return slot;
}

enum kv_status kv_put(kv_store *kv, const char *key, const char *value) {
#ifdef STATS
  kv->stats.puts++;
#endif
  if ((kv->count + 1) * 100 > kv->nbuckets * KV_MAX_LOAD_PERCENT &&
      grow(kv) != 0)
    return KV_NO_MEMORY;
  kv_entry **slot = find_slot(kv, key);
  kv_entry *e = *slot;
  if (e) {
    char *v = kv_strdup(value);
    if (!v)
      return KV_NO_MEMORY;
    free(e->value);
    e->value = v;
    kv_debug("replaced '%s'", key);
  } else {
    e = calloc(1, sizeof *e);
    if (!e)
      return KV_NO_MEMORY;
    e->key = kv_strdup(key);
    e->value = kv_strdup(value);
    if (!e->key || !e->value) {
      free(e->key);
      free(e->value);
      free(e);
      return KV_NO_MEMORY;
    }
    *slot = e;
    kv->count++;
    kv_debug("inserted '%s'", key);
  }
#ifdef CHECKSUM
  e->checksum = entry_checksum(e);
#endif
  return KV_OK;
}

enum kv_status kv_get(kv_store *kv, const char *key, const char **value) {
#ifdef STATS
  kv->stats.gets++;
#endif
  kv_entry *e = *find_slot(kv, key);
  if (!e)
    return KV_NOT_FOUND;
#ifdef CHECKSUM
  if (e->checksum != entry_checksum(e)) {
    kv_error("checksum mismatch for '%s'", key);
    return KV_CORRUPT;
  }
#endif
#ifdef STATS
  kv->stats.hits++;
#endif
  *value = e->value;
  return KV_OK;
}

enum kv_status kv_delete(kv_store *kv, const char *key) {
  kv_entry **slot = find_slot(kv, key);
  kv_entry *e = *slot;
  if (!e)
    return KV_NOT_FOUND;
  *slot = e->next;
  free(e->key);
  free(e->value);
  free(e);
  kv->count--;
#ifdef STATS
  kv->stats.deletes++;
#endif
  return KV_OK;
}

size_t kv_count(const kv_store *kv) { return kv->count; }

void kv_foreach(const kv_store *kv, kv_visit_fn fn, void *ctx) {
  for (size_t i = 0; i < kv->nbuckets; ++i)
    for (const kv_entry *e = kv->buckets[i]; e; e = e->next)
      fn(e->key, e->value, ctx);
}

#ifdef CHECKSUM
int kv_verify(const kv_store *kv) {
  int bad = 0;
  for (size_t i = 0; i < kv->nbuckets; ++i)
    for (const kv_entry *e = kv->buckets[i]; e; e = e->next)
      if (e->checksum != entry_checksum(e))
        ++bad;
  return bad;
}

void kv_corrupt_for_testing(kv_store *kv, const char *key) {
  kv_entry *e = *find_slot(kv, key);
  if (e && e->value[0])
    e->value[0] ^= 0x20;
}
#endif
