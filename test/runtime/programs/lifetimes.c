/* Thread lifetimes for the wall-time view: two workers of 20 and 40 ms
 * joined in main, then a phase of one 10 ms worker joined inside phase2().
 * Regions: 0 main, 1 worker, 4 phase2 (5 in phase2's worker). */
#include "varsim_generated.h"
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdio.h>
#include <time.h>

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static void spin(double ms) {
  double end = now_ms() + ms;
  while (now_ms() < end) {
  }
}

static void *worker(void *arg) {
  VARSIM_REGION(1);
  spin((double)(long)arg);
  return NULL;
}

static void *late_worker(void *arg) {
  VARSIM_REGION(5);
  spin((double)(long)arg);
  return NULL;
}

static void phase2(void) {
  VARSIM_REGION(4);
  pthread_t t;
  pthread_create(&t, NULL, late_worker, (void *)10L);
  pthread_join(t, NULL);
}

int main(void) {
  VARSIM_REGION(0);
  pthread_t threads[2];
  pthread_create(&threads[0], NULL, worker, (void *)20L);
  pthread_create(&threads[1], NULL, worker, (void *)40L);
  pthread_join(threads[0], NULL);
  pthread_join(threads[1], NULL);
  phase2();
  printf("joined\n");
  return 0;
}
