#include <stdio.h>

#include "mix.h"

int main(void) {
  short block[64];
  for (int i = 0; i < 64; ++i)
    block[i] = (short)((i * 37) % 200 - 100);
  long sum = 0;
  for (int r = 0; r < 1000; ++r)
    sum += mix_block(block, 64) % 1000;
#ifdef WIDE_SAMPLES
  printf("wide ");
#endif
  printf("sum %ld\n", sum);
  return 0;
}
