/* A small allocator with an optional scratch area in front of malloc. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct Pool {
  char scratch[256];
  size_t used;
  int nScratch, nHeap, nFreed;
} Pool;

#ifndef OMIT_SCRATCH
/* Whether p lies in the pool's scratch area. */
static int inScratch(const Pool *pool, const void *p) {
  const char *c = (const char *)p;
  return c >= pool->scratch && c < pool->scratch + sizeof(pool->scratch);
}
static void noteFree(Pool *pool, int scratch) {
  pool->nFreed += scratch ? 10 : 1;
}
#else
#define inScratch(A, B) 0
#define noteFree(A, S) ((void)0)
#endif

static void *poolAlloc(Pool *pool, size_t n) {
#ifndef OMIT_SCRATCH
  if (pool->used + n <= sizeof(pool->scratch)) {
    void *p = pool->scratch + pool->used;
    pool->used += n;
    pool->nScratch++;
    return p;
  }
#endif
  pool->nHeap++;
  return malloc(n);
}

static void poolFree(Pool *pool, void *p) {
  int s = inScratch(pool, p);
#ifdef TRACE_FREES
  printf("free %s\n", s ? "scratch" : "heap");
#endif
  noteFree(pool, s);
  if (!s)
    free(p);
}

int main(void) {
  Pool pool;
  memset(&pool, 0, sizeof(pool));
  void *blocks[12];
  unsigned long sum = 0;
  for (int i = 0; i < 12; i++) {
    blocks[i] = poolAlloc(&pool, 24 + (size_t)i * 8);
    memset(blocks[i], i, 24);
    sum += ((unsigned char *)blocks[i])[3];
  }
  for (int i = 11; i >= 0; i--)
    poolFree(&pool, blocks[i]);
  printf("scratch=%d heap=%d freed=%d sum=%lu in=%d\n", pool.nScratch,
         pool.nHeap, pool.nFreed, sum, inScratch(&pool, pool.scratch));
  return 0;
}
