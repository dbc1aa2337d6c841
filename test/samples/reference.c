/* The reference program of the end-to-end tests (run_sample.py): it spins
   for the given number of milliseconds the way the samples' busy-work does,
   so that measuring it beside the variants gives the cost of launching a
   program and waiting for its exit on the machine at that moment (the launch
   overhead), which the model cannot and should not predict. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

int main(int argc, char **argv) {
  double ms = argc > 1 ? atof(argv[1]) : 50.0;
  /* The samples' schedule of many short pieces of work: 1 ms each. */
  double schedule = now_ms();
  for (double done = 0.0; done < ms; done += 1.0) {
    schedule += 1.0;
    while (now_ms() < schedule) {
    }
  }
  printf("%.0f ms\n", ms);
  return 0;
}
