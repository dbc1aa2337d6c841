/* A checksum whose lookup table and folding step depend on the build. */
#include "zconf.h"

local const unsigned short weights[] = {
    3, 5, 7,
#ifdef FAST_TABLES
    11, 13, 17, 19,
#endif
    23};

enum fold_kind {
  FOLD_PLAIN,
#ifdef LONG_CHECKSUM
  FOLD_WIDE,
#endif
  FOLD_LAST
};

local unsigned long fold(unsigned long acc, unsigned char c, int i) {
  int n = (int)(sizeof(weights) / sizeof(weights[0]));
  acc = acc * 31u + (unsigned long)c * weights[i % n];
  if (FOLD_LAST > 1)
    acc ^= acc >> 7;
  return acc;
}

ZEXTERN unsigned long ZEXPORT checksum(const unsigned char *buf, int len) {
  unsigned long acc = 1;
  for (int i = 0; i < len; ++i)
    acc = fold(acc, buf[i], i);
#ifdef LONG_CHECKSUM
  return acc & 0xffffffffUL;
#else
  return acc & 0xffffUL;
#endif
}

int ZEXPORT table_size(void) {
  return (int)(sizeof(weights) / sizeof(weights[0])) * 10 + FOLD_LAST;
}
