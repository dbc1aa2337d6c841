/* Adler-32. */
#if defined(CK_ADLER) && !defined(CK_CRC32)
#include "codec.h"

#define ADLER_MOD 65521u

uint32_t checksum(const uint8_t *p, size_t n) {
  uint32_t a = 1, b = 0;
  size_t i;
  for (i = 0; i < n; ++i) {
    a = (a + p[i]) % ADLER_MOD;
    b = (b + a) % ADLER_MOD;
  }
  return (b << 16) | a;
}

const char *checksum_name(void) { return "adler32"; }
#endif
