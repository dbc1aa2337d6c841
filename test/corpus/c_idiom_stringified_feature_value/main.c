#include <stdio.h>
#include <string.h>

#include "zconf.h"

static unsigned checksum(const char *s) {
  unsigned h = 0, window = WINDOW_SIZE;
  for (size_t i = 0; s[i]; ++i)
    h = (h * 31u + (unsigned char)s[i]) % window;
#ifdef ZLIB_HEADER
  h ^= 0x78u;
#endif
  return h;
}

static const char *banner(void) {
  return "tinyz 1.0 (window=" ZSTR(WINDOW_LOG) ")";
}

static void describe(const char *what) {
  printf("%s: %u-byte window, " ZSTR(WINDOW_BITS) " bits\n", what,
         WINDOW_SIZE);
}

int main(void) {
  puts(banner());
  describe("stream");
  printf("%u\n", checksum("the quick brown fox jumps over the lazy dog"));
  return 0;
}
