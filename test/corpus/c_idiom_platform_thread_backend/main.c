#include "taskint.h"

#include <stdio.h>

static int collatz_steps(int n) {
  int steps = 0;
  while (n != 1) {
    n = n % 2 ? 3 * n + 1 : n / 2;
    steps++;
  }
  return steps;
}

int main(void) {
  int total = 0, threads = 0;
  for (int n = 1; n <= 30; n++) {
    int steps = 0;
    threads += task_run(collatz_steps, n, &steps);
    total += steps;
  }
  printf("backend: %s\n", task_backend());
  printf("steps: %d, threads used: %d\n", total, threads);
  return threads % 7;
}
