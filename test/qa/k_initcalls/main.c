#include <stdio.h>

#include "subsys.h"

int main(void) {
  int failed = subsys_run_all();
  printf("%d initcall(s) failed\n", failed);
  return failed;
}
