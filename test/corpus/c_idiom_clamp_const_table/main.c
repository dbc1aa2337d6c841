#include <stdio.h>

#include "limits.h"

int main(void) {
  printf("threadsafe %d: %d %d %d %d\n", SORT_THREADSAFE, pool_limit(0, 5),
         pool_limit(1, 500), pool_limit(2, 4), pool_limit(2, 100));
  return 0;
}
