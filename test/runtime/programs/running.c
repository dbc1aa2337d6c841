/* exit() while another thread is inside a region: its open scope is
 * counted up to the write. Regions: 0 main, 1 spinner. */
#include "varsim_generated.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static volatile int entered;

static void *spinner(void *arg) {
  VARSIM_REGION(1);
  (void)arg;
  __atomic_store_n(&entered, 1, __ATOMIC_SEQ_CST);
  for (;;)
    __atomic_load_n(&entered, __ATOMIC_SEQ_CST);
  return NULL;
}

int main(void) {
  VARSIM_REGION(0);
  pthread_t thread;
  pthread_create(&thread, NULL, spinner, NULL);
  while (!__atomic_load_n(&entered, __ATOMIC_SEQ_CST))
    ;
  printf("exiting\n");
  exit(0);
}
