/* Threads: each worker's tree is its own; workers exit before the trace is
 * written. _GNU_SOURCE after the runtime header must still take effect.
 * Regions: 0 main, 1 worker, 2 step. */
#include "varsim_generated.h"
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>

static void step(void) { VARSIM_REGION(2); }

static void *worker(void *arg) {
  long n = (long)arg, i;
  pthread_setname_np(pthread_self(), "worker");
  {
    VARSIM_REGION(1);
    for (i = 0; i < n; ++i)
      step();
  }
  return NULL;
}

int main(void) {
  VARSIM_REGION(0);
  pthread_t threads[4];
  long i;
  for (i = 0; i < 4; ++i)
    pthread_create(&threads[i], NULL, worker, (void *)(100 + i));
  for (i = 0; i < 4; ++i)
    pthread_join(threads[i], NULL);
  step();
  printf("joined\n");
  return 0;
}
