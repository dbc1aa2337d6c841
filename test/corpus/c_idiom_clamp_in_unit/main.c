/* One source file holding the whole library (an amalgamation, SQLite
 * style): no include guard, no file includes it. The helper limit is
 * clamped per threading mode before its default, and compared with a
 * constant defined later. */
#include <stdio.h>
#include <stdlib.h>

#ifndef SORT_THREADSAFE
#define SORT_THREADSAFE 1
#endif

#if SORT_THREADSAFE == 0
#undef SORT_MAX_HELPERS
#define SORT_MAX_HELPERS 0
#endif
#ifndef SORT_MAX_HELPERS
#define SORT_MAX_HELPERS 8
#endif

#define SORT_MERGE_COUNT 16

static int helpers_for(int n) {
  int helpers = n / 100;
#if SORT_MAX_HELPERS >= SORT_MERGE_COUNT
  if (helpers >= SORT_MERGE_COUNT)
    helpers = SORT_MERGE_COUNT - 1;
#endif
  if (helpers > SORT_MAX_HELPERS)
    helpers = SORT_MAX_HELPERS;
  return helpers;
}

int main(void) {
  int total = 0;
  for (int n = 0; n < 2000; n += 37)
    total += helpers_for(n);
  printf("threadsafe %d, helpers total %d\n", SORT_THREADSAFE, total);
  return 0;
}
