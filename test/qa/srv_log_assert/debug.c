#include <stdlib.h>

#include "debug.h"

void assert_failed(const char *expr, const char *func) {
  printf("assertion \"%s\" failed in %s\n", expr, func);
  fflush(stdout);
  exit(70);
}
