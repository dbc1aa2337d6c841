/* SIGTERM inside a region: the trace is written, then the default action.
 * With argument "own", the program's own handler (installed in main, after
 * the runtime's) wins; it calls exit(5), which writes the trace.
 * Regions: 0 main, 1 work. */
#include "varsim_generated.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void own_handler(int sig) {
  (void)sig;
  exit(5);
}

static void work(int i) {
  VARSIM_REGION(1);
  if (i == 2)
    raise(SIGTERM);
}

int main(int argc, char **argv) {
  VARSIM_REGION(0);
  int i;
  if (argc > 1 && strcmp(argv[1], "own") == 0)
    signal(SIGTERM, own_handler);
  for (i = 0; i < 5; ++i)
    work(i);
  printf("not reached\n");
  return 0;
}
