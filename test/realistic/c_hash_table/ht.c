/* ht.c - open addressing hash table with linear probing. */
#include "ht.h"

#include <stdlib.h>
#include <string.h>

#ifdef HT_FNV
uint32_t ht_hash(const char *key) {
  uint32_t h = 2166136261u;
  while (*key)
    h = (h ^ (unsigned char)*key++) * 16777619u;
  return h;
}
#else
uint32_t ht_hash(const char *key) {
  uint32_t h = 5381;
  while (*key)
    h = h * 33u + (unsigned char)*key++;
  return h;
}
#endif

int ht_init(struct ht *t) {
  memset(t, 0, sizeof *t);
  t->cap = HT_INITIAL_CAP;
  t->slots = calloc(t->cap, sizeof *t->slots);
  return t->slots ? 0 : -1;
}

void ht_free(struct ht *t) {
  free(t->slots);
  t->slots = NULL;
}

static struct ht_entry *find_slot(struct ht *t, const char *key) {
  size_t i = ht_hash(key) & (t->cap - 1);
  while (t->slots[i].key && strcmp(t->slots[i].key, key) != 0) {
    t->probes++;
    i = (i + 1) & (t->cap - 1);
  }
  return &t->slots[i];
}

static int grow(struct ht *t) {
  struct ht_entry *old = t->slots;
  size_t old_cap = t->cap, i;
  t->cap *= 2;
  t->slots = calloc(t->cap, sizeof *t->slots);
  if (!t->slots) {
    t->slots = old;
    t->cap = old_cap;
    return -1;
  }
  for (i = 0; i < old_cap; ++i)
    if (old[i].key)
      *find_slot(t, old[i].key) = old[i];
  free(old);
  t->resizes++;
  HT_LOG("grew to %zu slots", t->cap);
  return 0;
}

int ht_put(struct ht *t, const char *key, int value) {
  struct ht_entry *e;
  int rc = 0;
  if ((t->count + 1) * 100 > t->cap * HT_MAX_LOAD && grow(t) != 0)
    return -1;
  e = find_slot(t, key);
  if (e->key) {
#ifdef HT_NO_OVERWRITE
    HT_LOG("duplicate %s", key);
    rc = 1;
    goto done;
#endif
    e->value = value;
  } else {
    e->key = key;
    e->value = value;
    t->count++;
  }
#ifdef HT_NO_OVERWRITE
done:
#endif
  return rc;
}

int *ht_get(struct ht *t, const char *key) {
  struct ht_entry *e = find_slot(t, key);
  return e->key ? &e->value : NULL;
}
