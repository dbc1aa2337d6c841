#include <stdio.h>

#include "sortcfg.h"

int main(void) {
  printf("threadsafe %d, helpers %d (%s), sum %d\n", SORT_THREADSAFE,
         sort_helpers(), sort_option(1), sort_run(500));
  return 0;
}
