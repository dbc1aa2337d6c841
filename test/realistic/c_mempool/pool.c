/* pool.c - size-class memory pool carved from one static arena. */
#include "pool.h"

#include "log.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static _Alignas(POOL_ALIGN) unsigned char arena_storage[POOL_ARENA_SIZE];
static unsigned long assert_failures;

void pool_assert_fail(const char *expr, const char *func, int line) {
  if (assert_failures++ < 3)
    mp_log(MP_WARN, func, line, "assertion '%s' failed", expr);
}

unsigned long pool_assert_failures(void) { return assert_failures; }

struct pool *pool_create(void) {
  struct pool *p = calloc(1, sizeof *p);
  size_t size = POOL_ALIGN;
  int i;
  if (!p)
    return NULL;
  p->arena = arena_storage;
  for (i = 0; i < POOL_CLASSES; ++i, size *= 2)
    p->classes[i].size = size;
  size /= 2;
  MP_LOG(MP_INFO, "arena %u bytes, %d classes up to %zu", (unsigned)POOL_ARENA_SIZE, POOL_CLASSES, size);
  return p;
}

void pool_destroy(struct pool *p) { free(p); }

static struct pool_class *class_for(struct pool *p, size_t n) {
  int i;
  for (i = 0; i < POOL_CLASSES; ++i)
    if (n <= p->classes[i].size)
      return &p->classes[i];
  return NULL;
}

#ifdef POOL_POISON
static int check_poison(const struct pool_block *b, size_t size) {
  const unsigned char *q = (const unsigned char *)b + sizeof(*b);
  size_t i;
  for (i = 0; i + sizeof(*b) < size; ++i)
    if (q[i] != POOL_POISON_BYTE)
      return 0;
  return 1;
}
#endif

void *pool_alloc(struct pool *p, size_t n) {
  struct pool_class *c = class_for(p, n);
  struct pool_block *b;

  if (!c) {
    p->failures++;
    MP_LOG(MP_DEBUG, "no class for %zu bytes", n);
    return NULL;
  }
  if (c->free) {
    b = c->free;
    c->free = b->next;
#ifdef POOL_POISON
    if (!check_poison(b, c->size)) {
      p->poison_hits++;
      if (p->poison_hits <= 2)
        MP_LOG(MP_WARN, "block at %zu written after free", (size_t)((unsigned char *)b - p->arena));
    }
#endif
  } else {
    if (p->used + c->size > POOL_ARENA_SIZE) {
      p->failures++;
      return NULL;
    }
    b = (struct pool_block *)(p->arena + p->used);
    p->used += c->size;
  }
#ifdef POOL_STATS
  c->allocs++;
  if (++c->live > c->peak)
    c->peak = c->live;
#endif
  POOL_ASSERT(((uintptr_t)b - (uintptr_t)p->arena) % POOL_ALIGN == 0);
  return b;
}

void pool_free(struct pool *p, void *ptr, size_t n) {
  struct pool_class *c = class_for(p, n);
  struct pool_block *b = ptr;
  POOL_ASSERT(c != NULL);
  POOL_ASSERT(ptr != NULL);
  if (!c || !ptr)
    return;
#ifdef POOL_POISON
  memset(b, POOL_POISON_BYTE, c->size);
#endif
  b->next = c->free;
  c->free = b;
#ifdef POOL_STATS
  c->frees++;
  c->live--;
#endif
}

void pool_report(const struct pool *p) {
  int i;
  printf("pool: %zu of %u arena bytes used, %lu failures\n", p->used,
         (unsigned)POOL_ARENA_SIZE, p->failures);
  for (i = 0; i < POOL_CLASSES; ++i) {
    const struct pool_class *c = &p->classes[i];
#ifdef POOL_STATS
    printf("  class %5zu: %lu allocs, %lu frees, peak %lu\n", c->size,
           c->allocs, c->frees, c->peak);
#else
    printf("  class %5zu\n", c->size);
#endif
  }
#ifdef POOL_POISON
  printf("  use-after-free detected %lu times\n", p->poison_hits);
#endif
}
