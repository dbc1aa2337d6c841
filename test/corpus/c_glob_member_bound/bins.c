#include "bins.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct bins *bins_new(const char *name) {
  struct bins *b = calloc(1, sizeof *b);
  size_t limit = CACHE / 4;
  int i;
  if (!b)
    return NULL;
  memset(b, 0, sizeof *b);
  b->name = name;
  for (i = 0; i < NBINS; ++i, limit *= 2)
    b->bin[i].limit = limit;
  return b;
}

void bins_add(struct bins *b, size_t value) {
  int i;
  b->total++;
  for (i = 0; i < NBINS; ++i)
    if (value < b->bin[i].limit) {
      b->bin[i].count++;
      return;
    }
#ifdef BIN_STATS
  b->overflow++;
#endif
}

void bins_print(const struct bins *b) {
  const struct bin *p = b->bin;
  int i;
  printf("%s: %lu values in %d bins\n", b->name, b->total, NBINS);
  for (i = 0; i < NBINS; ++i, ++p)
    printf("  < %4zu: %lu\n", p->limit, p->count);
#ifdef BIN_STATS
  printf("  overflow: %lu\n", b->overflow);
#endif
}
