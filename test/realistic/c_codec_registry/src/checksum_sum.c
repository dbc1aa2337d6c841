/* Fallback: a rotating byte sum, when no real checksum is configured. */
#if !defined(CK_CRC32) && !defined(CK_ADLER)
#include "codec.h"

uint32_t checksum(const uint8_t *p, size_t n) {
  uint32_t s = 0;
  while (n--)
    s = ((s << 5) | (s >> 27)) + *p++;
  return s;
}

const char *checksum_name(void) { return "rotsum"; }
#endif
