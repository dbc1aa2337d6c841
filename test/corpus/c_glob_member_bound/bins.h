#ifndef BINS_H
#define BINS_H

#include <stddef.h>

#ifndef CACHE
#define CACHE 64
#endif

#if CACHE >= 128
#define NBINS 3
#elif CACHE >= 64
#define NBINS 4
#else
#define NBINS 6
#endif

struct bin {
  size_t limit;
  unsigned long count;
};

struct bins {
  const char *name;
  struct bin bin[NBINS];
#ifdef BIN_STATS
  unsigned long overflow;
#endif
  unsigned long total;
};

struct bins *bins_new(const char *name);
void bins_add(struct bins *b, size_t value);
void bins_print(const struct bins *b);

#endif
