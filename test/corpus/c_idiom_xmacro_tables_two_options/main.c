#include <inttypes.h>
#include <stdio.h>

#include "scramble.h"

int main(void) {
  uint32_t acc = 0;
  for (uint32_t i = 0; i < 5000; i++)
    acc += scramble(i * 2654435761u, 12);
  printf("scrambled sum %08" PRIx32 "\n", acc);
  char what[64];
  scramble_describe(what, sizeof what);
  printf("%s\n", what);
  return 0;
}
