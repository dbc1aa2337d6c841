#include "tiny/checksum.h"

#if defined(TINY_CRC_TABLE)
static uint32_t crc_table[256];
static int crc_table_ready;

static void crc_make_table(void) {
  for (uint32_t n = 0; n < 256; n++) {
    uint32_t c = n;
    for (int k = 0; k < 8; k++)
      c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
    crc_table[n] = c;
  }
  crc_table_ready = 1;
}
#endif

uint32_t tiny_crc32(const unsigned char *data, size_t len) {
  uint32_t crc = 0xFFFFFFFFu;
#if defined(TINY_CRC_TABLE)
  if (!crc_table_ready)
    crc_make_table();
  for (size_t i = 0; i < len; i++)
    crc = crc_table[(crc ^ data[i]) & 0xFF] ^ (crc >> 8);
#else
  for (size_t i = 0; i < len; i++) {
    crc ^= data[i];
    for (int k = 0; k < 8; k++)
      crc = (crc & 1) ? 0xEDB88320u ^ (crc >> 1) : crc >> 1;
  }
#endif
  return crc ^ 0xFFFFFFFFu;
}

uint32_t tiny_adler32(const unsigned char *data, size_t len) {
  uint32_t a = 1, b = 0;
  size_t i = 0;
#ifdef TINY_ADLER_UNROLL
  for (; i + 4 <= len; i += 4) {
    a = (a + data[i]) % 65521u;
    b = (b + a) % 65521u;
    a = (a + data[i + 1]) % 65521u;
    b = (b + a) % 65521u;
    a = (a + data[i + 2]) % 65521u;
    b = (b + a) % 65521u;
    a = (a + data[i + 3]) % 65521u;
    b = (b + a) % 65521u;
  }
#endif
  for (; i < len; i++) {
    a = (a + data[i]) % 65521u;
    b = (b + a) % 65521u;
  }
  return (b << 16) | a;
}

const char *tiny_build_info(void) {
  return "crc="
#if defined(TINY_CRC_TABLE)
         "table"
#else
         "bitwise"
#endif
#if defined(TINY_ADLER_UNROLL) && defined(TINY_CRC_TABLE)
         " adler=unrolled+table";
#elif defined(TINY_ADLER_UNROLL)
         " adler=unrolled";
#else
         " adler=plain";
#endif
}
