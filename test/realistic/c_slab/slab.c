#include "slab.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GUARD_FRONT 0xfeedfaceu
#define GUARD_BACK 0xdeadbeefu

#ifdef SLAB_DEBUG
#define SLAB_BACK_GUARD sizeof(uint32_t)
#else
#define SLAB_BACK_GUARD 0
#endif

void slab_cache_init(struct slab_cache *c, const char *name, size_t size) {
  memset(c, 0, sizeof *c);
  c->name = name;
  c->object_size = size;
  c->slot_size = SLAB_ALIGN(sizeof(struct slab_slot) + size + SLAB_BACK_GUARD);
}

size_t slab_slots_per_page(const struct slab_cache *c) {
  return SLAB_PAGE / c->slot_size;
}

static int add_page(struct slab_cache *c) {
  struct slab_page *page = malloc(sizeof *page);
  if (!page)
    return -1;
  page->memory = calloc(SLAB_PAGE, 1);
  if (!page->memory) {
    free(page);
    return -1;
  }
  page->slots = slab_slots_per_page(c);
  page->used = 0;
  page->next = c->pages;
  c->pages = page;
  for (size_t i = page->slots; i-- > 0;) {
    struct slab_slot *slot =
        (struct slab_slot *)(page->memory + i * c->slot_size);
    slot->next_free = c->free_list;
    c->free_list = slot;
  }
#ifdef SLAB_STATS
  c->pages_added++;
#endif
  return 0;
}

void *slab_alloc_at(struct slab_cache *c, int line) {
  if (!c->free_list && add_page(c) != 0)
    return NULL;
  struct slab_slot *slot = c->free_list;
  c->free_list = slot->next_free;
  unsigned char *object = (unsigned char *)(slot + 1);
#ifdef SLAB_DEBUG
  uint32_t back = GUARD_BACK;
  slot->guard_front = GUARD_FRONT;
  slot->owner_line = (uint32_t)line;
  memcpy(object + c->object_size, &back, sizeof back);
#else
  (void)line;
#endif
#if defined(SLAB_STATS) || defined(SLAB_DEBUG)
  c->allocs++;
#endif
  return object;
}

int slab_free(struct slab_cache *c, void *p) {
  struct slab_slot *slot = (struct slab_slot *)p - 1;
#ifdef SLAB_DEBUG
  uint32_t back;
  memcpy(&back, (unsigned char *)p + c->object_size, sizeof back);
  if (slot->guard_front != GUARD_FRONT || back != GUARD_BACK) {
    printf("%s: corrupted object allocated at line %u\n", c->name,
           (unsigned)slot->owner_line);
    return -1;
  }
#endif
  slot->next_free = c->free_list;
  c->free_list = slot;
#if defined(SLAB_STATS) || defined(SLAB_DEBUG)
  c->frees++;
#endif
  return 0;
}

void slab_cache_destroy(struct slab_cache *c) {
  struct slab_page *page = c->pages;
  while (page) {
    struct slab_page *next = page->next;
    free(page->memory);
    free(page);
    page = next;
  }
  c->pages = NULL;
  c->free_list = NULL;
}

#ifdef SLAB_STATS
void slab_report(const struct slab_cache *c) {
  printf("%s: object %zu slot %zu (%zu per page), %lu pages, %lu allocs, "
         "%lu frees\n",
         c->name, c->object_size, c->slot_size, slab_slots_per_page(c),
         c->pages_added, c->allocs, c->frees);
}
#else
void slab_report(const struct slab_cache *c) {
  printf("%s: slot %zu\n", c->name, c->slot_size);
}
#endif
