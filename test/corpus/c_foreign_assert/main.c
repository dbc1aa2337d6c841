#include <assert.h>
#include <stdio.h>

#include "check.h"

static int checks;

/* Not static: with NDEBUG nothing calls it. */
int valid(int x) {
  ++checks;
  return x >= 0;
}

int main(void) {
  long sum = 0;
  for (int i = 0; i < 200000; ++i) {
    int v = step(i);
    assert(valid(v)); /* evaluated only without NDEBUG (M5) */
    sum += v;
  }
#ifndef NDEBUG
  printf("checked build\n");
#endif
#ifdef VERBOSE
  printf("valid() ran %d times, range checks %d\n", checks, range_checks);
#endif
  printf("sum %ld, checks %d, range checks %d\n", sum, checks, range_checks);
  return (checks + range_checks) % 251;
}
