/* Feature tests inside a loop that stores bytes: a compiler may keep the
 * values in registers (with Clang they are read through a const view of the
 * runtime's array), but they must be the configured ones. */
#include "varsim_generated.h"

#include <stdio.h>

static char Buffer[64];

__attribute__((noinline)) static int fill(char *Out, int N) {
  int Counted = 0, I;
  for (I = 0; I < N; ++I) {
    Out[I] = (char)('a' + I % 26);
    if (VARSIM_F_GZIP)
      ++Counted;
    if (VARSIM_F_LEVEL > 2)
      ++Counted;
  }
  return Counted;
}

int main(void) {
  int Counted;
  VARSIM_REGION(0);
  Counted = fill(Buffer, 64);
  printf("%d %c\n", Counted, Buffer[63]);
  return 0;
}
