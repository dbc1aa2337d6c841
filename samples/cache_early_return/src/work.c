#include "work.h"

#include <time.h>

/* Falling further behind than this (the process was stopped) restarts the
   schedule instead of shortening the work that follows for long. On a
   loaded machine the lag stays far below it. */
#define MAX_LAG_MS 1000.0

/* A macro, not a function: the spin loop below must call nothing of the
   program's own, or the simulator would instrument every turn of it. */
#define NOW_MS(ts)                                                             \
  (clock_gettime(CLOCK_MONOTONIC, &(ts)),                                      \
   (double)(ts).tv_sec * 1e3 + (double)(ts).tv_nsec / 1e6)

static double schedule_ms = -1.0; /* the deadline of the previous call */

void work_ms(double ms) {
  struct timespec ts;
  double now = NOW_MS(ts);
  if (schedule_ms < 0.0 || now - schedule_ms > MAX_LAG_MS)
    schedule_ms = now;
  schedule_ms += ms;
  while (NOW_MS(ts) < schedule_ms) {
  }
}
