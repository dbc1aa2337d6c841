/* fork: the child writes <trace>.<pid>.json with its own work only.
 * Regions: 0 main, 1 before, 2 child, 3 parent. */
#include "varsim_generated.h"

#include <stdio.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

static void before(void) { VARSIM_REGION(1); }
static void in_child(void) { VARSIM_REGION(2); }
static void in_parent(void) { VARSIM_REGION(3); }

int main(void) {
  VARSIM_REGION(0);
  pid_t pid;
  int i, status = 0;
  before();
  fflush(stdout);
  pid = fork();
  if (pid == 0) {
    for (i = 0; i < 3; ++i)
      in_child();
    return 0;
  }
  waitpid(pid, &status, 0);
  in_parent();
  printf("child=%ld\n", (long)pid);
  return 0;
}
