#include "sortcfg.h"

#include <stdlib.h>

/* One limit per kind of resource, in the order of the enum the library
 * exposes; the helper-thread limit follows the threading option. */
static const int hard_limits[] = {
    100,
    SORT_MAX_HELPERS,
    1000,
};

#if SORT_MAX_HELPERS > 0
static int merge_in_helper(int *a, int n) {
  int s = 0;
  for (int i = 0; i < n; i++)
    s += a[i] & 7;
  return s;
}
#endif

/* What the build was configured with, as the library reports it. */
static const char *const build_options[] = {
    "TEMP_STORE=" STR(SORT_TEMP_STORE),
    "MAX_HELPERS=" STR(SORT_MAX_HELPERS),
};

int sort_helpers(void) { return hard_limits[1]; }

const char *sort_option(int i) { return build_options[i]; }

int sort_run(int n) {
  int *a = malloc(sizeof(int) * (size_t)n);
  int sum = 0;
  for (int i = 0; i < n; i++)
    a[i] = (i * 7919) % 1009;
  for (int i = 1; i < n; i++) {
    int v = a[i], j = i - 1;
    while (j >= 0 && a[j] > v) {
      a[j + 1] = a[j];
      j--;
    }
    a[j + 1] = v;
  }
  if (SORT_MAX_HELPERS > 0 && n > 64) {
#if SORT_MAX_HELPERS > 0
    sum += merge_in_helper(a, n);
#endif
  } else {
    sum += a[0] + a[n - 1];
  }
  free(a);
  return sum;
}
