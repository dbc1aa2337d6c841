#ifndef POOL_H
#define POOL_H

#include <stddef.h>
#include <stdint.h>

#define POOL_BLOCK_SIZE 64
#define POOL_BLOCKS 16

struct pool_block {
  struct pool_block *next;
};

typedef struct pool {
  uint8_t arena[POOL_BLOCK_SIZE * POOL_BLOCKS];
  struct pool_block *free_list;
  size_t in_use;
#if defined(RB_DEBUG) && !defined(RB_POISON)
  size_t high_water;
#elif defined(RB_POISON)
  size_t high_water;
  size_t poison_checks;
#endif
} pool;

void pool_init(pool *p);
void *pool_alloc(pool *p);
int pool_free(pool *p, void *block);
size_t pool_in_use(const pool *p);
#ifdef RB_DEBUG
size_t pool_high_water(const pool *p);
#endif

#endif
