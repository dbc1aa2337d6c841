#include <stdio.h>
#include <string.h>

#include "zconf.h"

local int rounds(void) {
#ifdef FAST_TABLES
  return 300;
#else
  return 200;
#endif
}

int main(void) {
  const char *text = "the quick brown fox jumps over the lazy dog";
  unsigned long total = 0;
  for (int r = 0; r < rounds(); ++r)
    total += checksum((const unsigned char *)text, (int)strlen(text)) % 1000u;
  printf("table %d total %lu\n", table_size(), total);
  return 0;
}
