#ifndef MP_POOL_H
#define MP_POOL_H

#include <stddef.h>
#include <stdint.h>

#ifndef CACHE_LINE
#define CACHE_LINE 64
#endif

#if CACHE_LINE >= 128
#define POOL_ALIGN 128
#define POOL_CLASSES 4
#elif CACHE_LINE >= 64
#define POOL_ALIGN 64
#define POOL_CLASSES 5
#else
#define POOL_ALIGN CACHE_LINE
#define POOL_CLASSES 6
#endif

#define POOL_ARENA_SIZE (512u * CACHE_LINE)
#define POOL_POISON_BYTE 0xDBu

/* Soft assertions: counted and reported, never fatal. */
#ifdef POOL_NDEBUG
#define POOL_ASSERT(e) ((void)0)
#else
#define POOL_ASSERT(e)                                                         \
  ((e) ? (void)0 : pool_assert_fail(#e, __func__, __LINE__))
#endif

void pool_assert_fail(const char *expr, const char *func, int line);

struct pool_block {
  struct pool_block *next;
};

struct pool_class {
  size_t size;
  struct pool_block *free;
#ifdef POOL_STATS
  unsigned long allocs, frees, peak, live;
#endif
};

struct pool {
  unsigned char *arena;
  size_t used;
  struct pool_class classes[POOL_CLASSES];
#ifdef POOL_POISON
  unsigned long poison_hits;
#endif
  unsigned long failures;
};

static inline size_t pool_round(size_t n) {
  return (n + POOL_ALIGN - 1) & ~(size_t)(POOL_ALIGN - 1);
}

struct pool *pool_create(void);
void pool_destroy(struct pool *p);
void *pool_alloc(struct pool *p, size_t n);
void pool_free(struct pool *p, void *ptr, size_t n);
void pool_report(const struct pool *p);
unsigned long pool_assert_failures(void);

#endif
