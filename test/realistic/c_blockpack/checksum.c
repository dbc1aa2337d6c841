#include "checksum.h"

#ifdef BP_ADLER
#define MOD_ADLER 65521u
#endif

uint32_t bp_checksum(const uint8_t *data, size_t len) {
#ifdef BP_ADLER
  uint32_t a = 1, b = 0;
  size_t i = 0;
#if BP_UNROLL >= 4
  for (; i + 4 <= len; i += 4) {
    a += data[i];
    b += a;
    a += data[i + 1];
    b += a;
    a += data[i + 2];
    b += a;
    a += data[i + 3];
    b += a;
    a %= MOD_ADLER;
    b %= MOD_ADLER;
  }
#elif BP_UNROLL >= 2
  for (; i + 2 <= len; i += 2) {
    a += data[i];
    b += a;
    a += data[i + 1];
    b += a;
    a %= MOD_ADLER;
    b %= MOD_ADLER;
  }
#endif
  for (; i < len; ++i) {
    a = (a + data[i]) % MOD_ADLER;
    b = (b + a) % MOD_ADLER;
  }
  return (b << 16) | a;
#else
  uint32_t s1 = 0xffff, s2 = 0xffff;
  size_t i = 0;
  for (; i < len; ++i) {
    s1 += data[i];
    s2 += s1;
#if BP_UNROLL >= 2
    if ((i & 63u) != 63u)
      continue;
#endif
    s1 = (s1 & 0xffff) + (s1 >> 16);
    s2 = (s2 & 0xffff) + (s2 >> 16);
  }
  s1 = (s1 & 0xffff) + (s1 >> 16);
  s2 = (s2 & 0xffff) + (s2 >> 16);
  return (s2 << 16) | s1;
#endif
}
