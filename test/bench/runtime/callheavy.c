/* A call-heavy program, built twice: instrumented (every function is a
 * region) and plain (VARSIM_PLAIN: the markers are empty). */
#ifdef VARSIM_PLAIN
#define VARSIM_REGION(id) (void)0
#else
#include "varsim_generated.h"
#endif

#include <stdio.h>
#include <stdlib.h>

/* Tiny calls: the instrumentation dominates. */
static long fib(int n) {
  VARSIM_REGION(1);
  return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

/* Calls with ~0.5 us of work each: a more usual function size. */
static unsigned work(unsigned seed) {
  VARSIM_REGION(2);
  unsigned i, h = seed;
  for (i = 0; i < 300; ++i)
    h = h * 2654435761u + i;
  return h;
}

int main(int argc, char **argv) {
  VARSIM_REGION(0);
  int mode = argc > 1 ? atoi(argv[1]) : 0;
  if (mode == 0) {
    printf("%ld\n", fib(argc > 2 ? atoi(argv[2]) : 34));
  } else {
    unsigned h = 0, i, n = argc > 2 ? (unsigned)atoi(argv[2]) : 2000000u;
    for (i = 0; i < n; ++i)
      h += work(h + i);
    printf("%u\n", h);
  }
  return 0;
}
