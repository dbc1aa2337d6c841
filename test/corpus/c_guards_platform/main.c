#include "units.h"
#include "units.h" /* twice: the guard must keep working */
#include <stdio.h>

#ifndef __GNUC__
#error "this sample needs a GNU-compatible compiler"
#endif

int main(void) {
  long elapsed = 7385;
#ifdef MONOTONIC
  elapsed += 15;
  printf("monotonic clock\n");
#endif
#ifdef HAVE_C11
  printf("c11 on %s\n", PLATFORM_NAME);
#endif
  printf("%ld %s\n", elapsed / UNIT_DIV, UNIT_NAME);
  return (int)(elapsed / UNIT_DIV % 100);
}
