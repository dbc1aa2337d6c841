#include "pool.h"

#include <stdio.h>
#include <string.h>

#include "ringbuf.h"

void pool_init(pool *p) {
  memset(p, 0, sizeof *p);
  for (int i = POOL_BLOCKS - 1; i >= 0; --i) {
    struct pool_block *b = (struct pool_block *)(p->arena + i * POOL_BLOCK_SIZE);
    b->next = p->free_list;
    p->free_list = b;
  }
}

#ifdef RB_POISON
static int poison_intact(const uint8_t *block) {
  for (size_t i = sizeof(struct pool_block); i < POOL_BLOCK_SIZE; ++i)
    if (block[i] != RB_POISON_BYTE)
      return 0;
  return 1;
}
#endif

void *pool_alloc(pool *p) {
  struct pool_block *b = p->free_list;
  if (!b)
    return NULL;
#ifdef RB_POISON
  p->poison_checks++;
  if (p->in_use > 0 && !poison_intact((const uint8_t *)b)) {
    printf("pool: use after free detected in block %td\n",
           ((uint8_t *)b - p->arena) / POOL_BLOCK_SIZE);
    return NULL;
  }
#endif
  p->free_list = b->next;
  p->in_use++;
#ifdef RB_DEBUG
  if (p->in_use > p->high_water)
    p->high_water = p->in_use;
#endif
  return b;
}

int pool_free(pool *p, void *block) {
  uint8_t *raw = block;
  if (raw < p->arena || raw >= p->arena + sizeof p->arena)
    return -1;
#ifdef RB_DEBUG
  if ((size_t)(raw - p->arena) % POOL_BLOCK_SIZE != 0) {
    printf("pool: misaligned free at offset %td\n", raw - p->arena);
    return -1;
  }
#endif
#ifdef RB_POISON
  memset(raw, RB_POISON_BYTE, POOL_BLOCK_SIZE);
#endif
  struct pool_block *b = block;
  b->next = p->free_list;
  p->free_list = b;
  p->in_use--;
  return 0;
}

size_t pool_in_use(const pool *p) { return p->in_use; }

#ifdef RB_DEBUG
size_t pool_high_water(const pool *p) { return p->high_water; }
#endif
