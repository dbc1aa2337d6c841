/* A block pool with debug counters declared per alternative. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct pool {
  int in_use;
  int capacity;
#if defined(DEBUG) && !defined(POISON)
  size_t high_water;
#elif defined(POISON)
  size_t high_water;
  unsigned poison_checks;
#endif
} pool;

static pool *pool_new(int capacity) {
  pool *p = malloc(sizeof *p);
  if (!p)
    return NULL;
  memset(p, 0, sizeof *p);
  p->capacity = capacity;
  return p;
}

static int pool_take(pool *p) {
  if (p->in_use == p->capacity)
    return 0;
  ++p->in_use;
#if defined(DEBUG) || defined(POISON)
  if ((size_t)p->in_use > p->high_water)
    p->high_water = (size_t)p->in_use;
#endif
#ifdef POISON
  p->poison_checks += 2;
#endif
  return 1;
}

static void pool_give(pool *p) {
  if (p->in_use > 0)
    --p->in_use;
}

int main(void) {
  pool *p = pool_new(4);
  if (!p)
    return 1;
  int ok = 0;
  for (int i = 0; i < 7; ++i) {
    ok += pool_take(p);
    if (i % 3 == 2)
      pool_give(p);
  }
  printf("taken %d, in use %d\n", ok, p->in_use);
#if defined(DEBUG) || defined(POISON)
  printf("high water %zu\n", p->high_water);
#endif
#ifdef POISON
  printf("poison checks %u\n", p->poison_checks);
#endif
  int rc = ok + p->in_use;
  free(p);
  return rc;
}
