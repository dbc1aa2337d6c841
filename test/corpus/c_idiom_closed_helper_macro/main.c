#include <stdio.h>

#include "mix.h"

int main(void) {
  uint32_t h = 1;
  mix_init();
  for (int i = 0; i < 100000; i++)
    h = mix_word(h + (uint32_t)i);
  printf("%08x with %d table(s)\n", (unsigned)h, mix_tables());
  return 0;
}
