#include "cache.h"

#include <string.h>

#ifndef NDEBUG
static unsigned long consistency_checks;
#define CHECK_INVARIANTS(c) check_invariants(c)
#else
#define CHECK_INVARIANTS(c) ((void)0)
#endif

const char *cache_policy_name(void) {
#if CACHE_POLICY == CACHE_POLICY_LRU
  return "lru";
#elif CACHE_POLICY == CACHE_POLICY_FIFO
  return "fifo";
#else
  return "clock";
#endif
}

#ifndef NDEBUG
static void check_invariants(const struct cache *c) {
  unsigned used = 0;
  for (unsigned i = 0; i < CACHE_SLOTS; ++i)
    used += c->slots[i].used;
  assert(used == c->count);
  ++consistency_checks;
}
#endif

void cache_init(struct cache *c) {
  memset(c, 0, sizeof *c);
  for (unsigned b = 0; b < CACHE_BUCKETS; ++b)
    c->buckets[b] = -1;
#if CACHE_POLICY != CACHE_POLICY_CLOCK
  c->head = c->tail = -1;
#endif
}

static int find(struct cache *c, uint32_t key) {
  int i = c->buckets[cache_bucket(key)];
  while (i >= 0) {
#ifdef CACHE_STATS
    c->probe_steps++;
#endif
    if (c->slots[i].key == key)
      return i;
    i = c->slots[i].next_in_bucket;
  }
  return -1;
}

#if CACHE_POLICY != CACHE_POLICY_CLOCK
static void unlink_entry(struct cache *c, int i) {
  struct cache_entry *e = &c->slots[i];
  if (e->prev >= 0)
    c->slots[e->prev].next = e->next;
  else
    c->head = e->next;
  if (e->next >= 0)
    c->slots[e->next].prev = e->prev;
  else
    c->tail = e->prev;
}

static void append(struct cache *c, int i) {
  struct cache_entry *e = &c->slots[i];
  e->prev = c->tail;
  e->next = -1;
  if (c->tail >= 0)
    c->slots[c->tail].next = (int16_t)i;
  else
    c->head = (int16_t)i;
  c->tail = (int16_t)i;
}
#endif

static void remove_from_bucket(struct cache *c, int i) {
  int16_t *link = &c->buckets[cache_bucket(c->slots[i].key)];
  while (*link != i)
    link = &c->slots[*link].next_in_bucket;
  *link = c->slots[i].next_in_bucket;
}

static int choose_victim(struct cache *c) {
#if CACHE_POLICY == CACHE_POLICY_CLOCK
  for (;;) {
    struct cache_entry *e = &c->slots[c->hand];
    int i = (int)c->hand;
    c->hand = (c->hand + 1) % CACHE_SLOTS;
    if (!e->referenced)
      return i;
    e->referenced = 0;
  }
#else
  int victim = c->head;
  assert(victim >= 0);
  unlink_entry(c, victim);
  return victim;
#endif
}

int cache_get(struct cache *c, uint32_t key, uint32_t *value) {
  int i = find(c, key);
  if (i < 0) {
    c->misses++;
    return 0;
  }
  c->hits++;
#if CACHE_POLICY == CACHE_POLICY_LRU
  unlink_entry(c, i);
  append(c, i);
#elif CACHE_POLICY == CACHE_POLICY_CLOCK
  c->slots[i].referenced = 1;
#endif
  *value = c->slots[i].value;
  return 1;
}

void cache_put(struct cache *c, uint32_t key, uint32_t value) {
  int i = find(c, key);
  if (i >= 0) {
    c->slots[i].value = value;
    return;
  }
  if (c->count < CACHE_SLOTS) {
    i = (int)c->count++;
  } else {
    i = choose_victim(c);
    remove_from_bucket(c, i);
    c->slots[i].used = 0;
    c->count--;
    c->count++;
#ifdef CACHE_STATS
    c->evictions++;
#endif
  }
  struct cache_entry *e = &c->slots[i];
  unsigned b = cache_bucket(key);
  e->key = key;
  e->value = value;
  e->used = 1;
  e->next_in_bucket = c->buckets[b];
  c->buckets[b] = (int16_t)i;
#if CACHE_POLICY == CACHE_POLICY_CLOCK
  e->referenced = 1;
#else
  append(c, i);
#endif
  CHECK_INVARIANTS(c);
}

unsigned long cache_debug_checks(void) {
#ifndef NDEBUG
  return consistency_checks;
#else
  return 0;
#endif
}
