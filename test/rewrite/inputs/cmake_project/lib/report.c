#include <stdio.h>
#include "shapes.h"

void report(const char *what, double value) {
#ifdef VERBOSE
  printf("%s = %.4f (rounded %d)\n", what, value, rounded(value));
#else
  printf("%s %d\n", what, rounded(value));
#endif
}
