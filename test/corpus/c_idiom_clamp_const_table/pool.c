#include "limits.h"

#include <string.h>

/* Hard upper bounds of the limits, in the order of their ids (a
 * read-only table whose last entry follows the threading option). */
static const int aHardLimit[] = {
    SORT_MAX_LENGTH, // the largest string
    SORT_MAX_DEPTH,  /* the deepest tree */
    SORT_MAX_HELPERS,
};

/* A scalar bound too, with the option's own value. */
static const int nHelperCap = SORT_MAX_HELPERS * 2 + SORT_THREADSAFE;

int pool_limit(int id, int v) {
  int aLimit[3];
#define LIMIT_COUNT ((int)(sizeof(aHardLimit) / sizeof(aHardLimit[0])))
  memcpy(aLimit, aHardLimit, sizeof(aLimit));
  if (id < 0 || id >= LIMIT_COUNT)
    return -1;
  if (v > aHardLimit[id])
    v = aHardLimit[id];
#undef LIMIT_COUNT
  return v + aLimit[id] * 0 + nHelperCap;
}
