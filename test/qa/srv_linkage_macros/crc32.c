#include "zlib_mini.h"

#define local static

local int builds;

#ifdef CONFIG_FAST_CRC
local unsigned long crc_table[256];
local int table_ready;

local void make_crc_table(void) {
  for (unsigned n = 0; n < 256; n++) {
    unsigned long c = n;
    for (int k = 0; k < 8; k++)
      c = c & 1 ? 0xedb88320UL ^ (c >> 1) : c >> 1;
    crc_table[n] = c;
  }
  table_ready = 1;
  builds++;
}
#endif

HELPER unsigned long crc_byte(unsigned long crc, unsigned char b) {
#ifdef CONFIG_FAST_CRC
  return crc_table[(crc ^ b) & 0xff] ^ (crc >> 8);
#else
  crc ^= b;
  for (int k = 0; k < 8; k++)
    crc = crc & 1 ? 0xedb88320UL ^ (crc >> 1) : crc >> 1;
  return crc;
#endif
}

unsigned long ZEXPORT crc32_mini(unsigned long crc, const char *buf,
                                 size_t len) {
#ifdef CONFIG_FAST_CRC
  if (!table_ready)
    make_crc_table();
#endif
  crc = crc ^ 0xffffffffUL;
  while (len--)
    crc = crc_byte(crc, (unsigned char)*buf++);
  return crc ^ 0xffffffffUL;
}

ZEXPORT const char *zlib_mini_version(void) {
  return "1.0-" ZLIB_FLAVOR
#ifdef CONFIG_FAST_CRC
         "+table"
#endif
      ;
}

int ZEXPORT table_builds(void) { return builds; }
