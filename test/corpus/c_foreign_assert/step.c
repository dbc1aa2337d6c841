#include "check.h"

int range_checks;

int step(int i) {
  int v = i % 7;
#ifdef STRICT
  /* A value the checks reject: without NDEBUG the variant aborts. */
  if (i == 150000)
    v = -1;
#endif
  CHECK_RANGE(v, 100);
  return v;
}
