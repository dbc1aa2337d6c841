/* The real clock: work() sleeps 20 ms three times. Regions: 0 main, 1 work. */
#include "varsim_generated.h"
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <time.h>

static void work(void) {
  VARSIM_REGION(1);
  struct timespec ts = {0, 20000000};
  nanosleep(&ts, NULL);
}

int main(void) {
  VARSIM_REGION(0);
  int i;
  for (i = 0; i < 3; ++i)
    work();
  printf("slept\n");
  return 0;
}
