#include "config.h"
#include <stdio.h>

void report(void) {
  printf("report: %s memstatus=%d size=%d\n", cacheConfig.name,
         cacheConfig.memstatus, cacheConfig.size);
}
