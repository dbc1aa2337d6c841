/* A byte-substitution scrambler (block-cipher style): its tables are
 * either constants in read-only memory, written once as an X-macro list
 * and expanded per table with another byte order, or computed at the
 * first use. */
#include "scramble.h"

#if defined(SCRAMBLE_ROM_TABLES)

#define TBL \
  V(63, 7C, 77, 7B), V(F2, 6B, 6F, C5), V(30, 01, 67, 2B), V(FE, D7, AB, 76), \
  V(CA, 82, C9, 7D), V(FA, 59, 47, F0), V(AD, D4, A2, AF), V(9C, A4, 72, C0), \
  V(B7, FD, 93, 26), V(36, 3F, F7, CC), V(34, A5, E5, F1), V(71, D8, 31, 15), \
  V(04, C7, 23, C3), V(18, 96, 05, 9A), V(07, 12, 80, E2), V(EB, 27, B2, 75)

#define V(a, b, c, d) 0x##a##b##c##d
static const uint32_t T0[16] = { TBL };
#undef V

#define V(a, b, c, d) 0x##b##c##d##a
static const uint32_t T1[16] = { TBL };
#undef V

#undef TBL

#else /* SCRAMBLE_ROM_TABLES */

static uint32_t T0[16];
static uint32_t T1[16];
static int tables_done = 0;

static void gen_tables(void) {
  static const uint8_t bytes[64] = {
      0x63, 0x7C, 0x77, 0x7B, 0xF2, 0x6B, 0x6F, 0xC5, 0x30, 0x01, 0x67,
      0x2B, 0xFE, 0xD7, 0xAB, 0x76, 0xCA, 0x82, 0xC9, 0x7D, 0xFA, 0x59,
      0x47, 0xF0, 0xAD, 0xD4, 0xA2, 0xAF, 0x9C, 0xA4, 0x72, 0xC0, 0xB7,
      0xFD, 0x93, 0x26, 0x36, 0x3F, 0xF7, 0xCC, 0x34, 0xA5, 0xE5, 0xF1,
      0x71, 0xD8, 0x31, 0x15, 0x04, 0xC7, 0x23, 0xC3, 0x18, 0x96, 0x05,
      0x9A, 0x07, 0x12, 0x80, 0xE2, 0xEB, 0x27, 0xB2, 0x75};
  for (int i = 0; i < 16; i++) {
    const uint8_t *p = bytes + 4 * i;
    T0[i] = (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 |
            p[3];
    T1[i] = T0[i] << 8 | T0[i] >> 24;
  }
  tables_done = 1;
}

#endif /* SCRAMBLE_ROM_TABLES */

uint32_t scramble(uint32_t x, int rounds) {
#if !defined(SCRAMBLE_ROM_TABLES)
  if (!tables_done)
    gen_tables();
#endif
  for (int r = 0; r < rounds; r++)
    x = T0[x & 15] ^ T1[(x >> 4) & 15] ^ (x >> 8);
  return x;
}
