#include <stdio.h>
#include <string.h>

#include "zlib_mini.h"

#define local static

local const char *const inputs[] = {"", "a", "varsim", "The quick brown fox"};

int main(void) {
  unsigned long acc = 0;
  for (unsigned i = 0; i < sizeof inputs / sizeof inputs[0]; i++) {
    unsigned long c = crc32_mini(0, inputs[i], strlen(inputs[i]));
    printf("crc32(\"%s\") = %08lx\n", inputs[i], c);
    acc ^= c;
  }
  printf("zlib_mini %s, %d table build(s)\n", zlib_mini_version(),
         table_builds());
  return (int)(acc & 0x3f) + table_builds();
}
