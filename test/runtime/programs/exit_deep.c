/* exit() from three regions deep. Regions: 0 main, 1 a, 2 b. */
#include "varsim_generated.h"

#include <stdio.h>
#include <stdlib.h>

static void b(void) {
  VARSIM_REGION(2);
  printf("leaving\n");
  exit(3);
}

static void a(void) {
  VARSIM_REGION(1);
  b();
}

int main(void) {
  VARSIM_REGION(0);
  a();
  return 0;
}
