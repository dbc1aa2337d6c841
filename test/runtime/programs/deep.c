/* A recursion deeper than the runtime's depth limit (2048 open scopes).
 * Regions: 0 main, 1 down. */
#include "varsim_generated.h"

#include <stdio.h>
#include <stdlib.h>

static int down(int n) {
  VARSIM_REGION(1);
  return n ? down(n - 1) + 1 : 0;
}

int main(int argc, char **argv) {
  VARSIM_REGION(0);
  printf("%d\n", down(argc > 1 ? atoi(argv[1]) : 10));
  return 0;
}
