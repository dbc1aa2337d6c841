/* A C main, a C++ TU and a static library, all instrumented.
 * Regions: 0 main, 1 cpp_part, 2 lib_part. */
#include "varsim_generated.h"

#include <stdio.h>

int cpp_part(int);
int lib_part(int);

int main(void) {
  VARSIM_REGION(0);
  int s = cpp_part(2) + lib_part(5);
  printf("s=%d\n", s);
  return 0;
}
