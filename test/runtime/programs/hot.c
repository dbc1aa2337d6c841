/* A hot region inside a loop: region 1 (leaf) is visited HOT_VISITS times
 * and does a fixed amount of work each time, short enough for the runtime
 * to sample it; region 2 (early) is visited a few times only.
 * Regions (tables in RuntimeHarness.cpp): 0 main, 1 leaf, 2 early, 4 inner
 * (with -DHOT_NESTED), 3 a block in main's loop (with -DHOT_CONTEXTS). */
#include "varsim_generated.h"

#include <stdio.h>

#ifndef HOT_VISITS
#define HOT_VISITS 20000
#endif
#ifndef HOT_WORK
#define HOT_WORK 40
#endif

static volatile unsigned sink;

#ifdef HOT_NESTED
/* -DHOT_NESTED: leaf calls inner (region 4) on every visit. */
static void inner(unsigned i) {
  VARSIM_REGION(4);
  sink = sink ^ i;
}
#endif

static void leaf(unsigned i) {
  VARSIM_REGION(1);
  unsigned k, x = i;
#ifdef HOT_NESTED
  inner(i);
#endif
  for (k = 0; k < HOT_WORK; ++k)
    x = x * 1103515245u + 12345u;
  sink = x;
}

static void early(void) {
  VARSIM_REGION(2);
  sink = sink + 1;
}

int main(void) {
  VARSIM_REGION(0);
  unsigned i;
  for (i = 0; i < HOT_VISITS; ++i) {
#ifdef HOT_CONTEXTS
    /* -DHOT_CONTEXTS: one visit in 4 of leaf from inside block region 3
     * (a block never folds): two contexts with known counts. */
    if (i % 4 == 0) {
      VARSIM_REGION(3);
      leaf(i);
      continue;
    }
#endif
    leaf(i);
  }
  for (i = 0; i < 5; ++i)
    early();
  printf("sink=%u\n", sink);
  return 0;
}
