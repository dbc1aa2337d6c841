/* An external sorter that splits its input among helper tasks when the
 * build allows helpers; otherwise the count of helpers is the constant 0. */
#include <stdio.h>

#ifndef SORT_THREADSAFE
#define SORT_THREADSAFE 1
#endif

#if SORT_THREADSAFE == 0
#undef SORT_MAX_HELPERS
#define SORT_MAX_HELPERS 0
#endif
#ifndef SORT_MAX_HELPERS
#define SORT_MAX_HELPERS 4
#endif

struct Sorter {
  int nTask;
  int chunk;
  int runs;
};

int sorter_init(struct Sorter *p, int n, int limit) {
#if SORT_MAX_HELPERS == 0
#define nHelper 0
#else
  int nHelper;
#endif

#if SORT_MAX_HELPERS > 0
  if (n < 16) {
    nHelper = 0;
  } else {
    nHelper = limit;
  }
#endif
  (void)limit;
  /* Do not ask for more helpers than the build allows. */
#if SORT_MAX_HELPERS >= 2
  if (nHelper > SORT_MAX_HELPERS)
    nHelper = SORT_MAX_HELPERS;
#endif
  p->nTask = nHelper + 1;
  p->chunk = n / (nHelper + 1);
  p->runs = nHelper == 0 ? 1 : (unsigned char)(nHelper - 1) + 2;
  return (int)sizeof(nHelper) + nHelper * 10;
}
#undef nHelper /* defined at the top of sorter_init */

int sorter_merge(const struct Sorter *p) {
  int nHelper = p->nTask - 1;
  return nHelper * p->chunk + p->runs;
}
