/* A tiny leaf function in a hot loop, as RapidJSON's SkipWhitespace_SIMD:
 * region 1, whose own code calls nothing. Regions (tables in
 * RuntimeHarness.cpp): 0 main, 1 skip_spaces. */
#include "varsim_generated.h"

#include <stdio.h>

const char *skip_spaces(const char *p);

__attribute__((noinline)) const char *skip_spaces(const char *p) {
  VARSIM_REGION(1);
  while (*p == ' ' || *p == '\t')
    ++p;
  return p;
}

int main(void) {
  VARSIM_REGION(0);
  static const char text[] = "  a \t b   c d";
  unsigned long words = 0;
  int i;
  for (i = 0; i < 1000; ++i) {
    const char *p = text;
    while (*p) {
      p = skip_spaces(p);
      if (*p) {
        ++words;
        ++p;
      }
    }
  }
  printf("%lu\n", words);
  return 0;
}
