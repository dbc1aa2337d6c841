/* CRC-32 (IEEE), table built on first use. */
#if defined(CK_CRC32) && !defined(CK_ADLER)
#include "codec.h"

static uint32_t crc_table[256];

static void crc_init(void) {
  uint32_t i, k, c;
  for (i = 0; i < 256; ++i) {
    c = i;
    for (k = 0; k < 8; ++k)
      c = (c & 1u) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
    crc_table[i] = c;
  }
}

uint32_t checksum(const uint8_t *p, size_t n) {
  static int ready;
  uint32_t c = 0xFFFFFFFFu;
  if (!ready) {
    crc_init();
    ready = 1;
  }
  while (n--)
    c = crc_table[(c ^ *p++) & 0xFFu] ^ (c >> 8);
  return c ^ 0xFFFFFFFFu;
}

const char *checksum_name(void) { return "crc32"; }
#endif
