/* Control flow out of scopes in C: early return, break, continue, goto.
 * Regions (tables in RuntimeHarness.cpp): 0 main, 1 leaf, 2 early,
 * 3 early's #if block, 4 loop body, 5 jumper, 6 jumper's block. */
#include "varsim_generated.h"

#include <stdio.h>

static int leaf(int x) {
  VARSIM_REGION(1);
  return x + 1;
}

static int early(int x) {
  VARSIM_REGION(2);
  if (x > 0) {
    VARSIM_REGION(3);
    if (x > 1)
      return leaf(x);
  }
  return 0;
}

static int loops(void) {
  int s = 0, i;
  for (i = 0; i < 6; ++i) {
    VARSIM_REGION(4);
    if (i == 1)
      continue;
    if (i == 4)
      break;
    s += leaf(i);
  }
  return s;
}

static int jumper(int x) {
  VARSIM_REGION(5);
  {
    VARSIM_REGION(6);
    if (x)
      goto out;
    leaf(0);
  }
out:
  return x;
}

int main(void) {
  VARSIM_REGION(0);
  int s = early(0) + early(1) + early(2) + loops() + jumper(1) + jumper(0);
  printf("s=%d\n", s);
  return 0;
}
