/* A slab allocator for fixed-size objects.
 *   SLAB_DEBUG    guard words around each object, checked on free
 *   SLAB_STATS    allocation counters and a report
 *   SLAB_ALIGN16  16-byte object alignment (default 8)
 */
#ifndef SLAB_H
#define SLAB_H

#include <stddef.h>
#include <stdint.h>

#define SLAB_PAGE 1024

#ifdef SLAB_ALIGN16
#define SLAB_ALIGN(n) (((n) + 15u) & ~(size_t)15u)
#else
#define SLAB_ALIGN(n) (((n) + 7u) & ~(size_t)7u)
#endif

/* Header in front of every object slot. */
struct slab_slot {
  struct slab_slot *next_free;
#ifdef SLAB_DEBUG
  uint32_t guard_front;
  uint32_t owner_line;
#endif
};

struct slab_page {
  struct slab_page *next;
  unsigned char *memory;
  size_t slots;
  size_t used;
};

struct slab_cache {
  const char *name;
  size_t object_size;
  size_t slot_size;
  struct slab_page *pages;
  struct slab_slot *free_list;
#if defined(SLAB_STATS) || defined(SLAB_DEBUG)
  unsigned long allocs;
  unsigned long frees;
#endif
#ifdef SLAB_STATS
  unsigned long pages_added;
#endif
};

void slab_cache_init(struct slab_cache *c, const char *name, size_t size);
void slab_cache_destroy(struct slab_cache *c);
void *slab_alloc_at(struct slab_cache *c, int line);
int slab_free(struct slab_cache *c, void *p);
size_t slab_slots_per_page(const struct slab_cache *c);
void slab_report(const struct slab_cache *c);

#define slab_alloc(c) slab_alloc_at((c), __LINE__)

#endif
