/* A byte-substitution scrambler (block-cipher style): its tables are
 * either constants in read-only memory, written once as an X-macro list
 * and expanded per table with another byte order, or computed at the
 * first use; with fewer tables, the rotated ones are computed from T0 at
 * each lookup. */
#include "scramble.h"

#include <stdio.h>

#if defined(SCRAMBLE_ROM_TABLES)

#define TBL \
  V(63, 7C, 77, 7B), V(F2, 6B, 6F, C5), V(30, 01, 67, 2B), V(FE, D7, AB, 76), \
  V(CA, 82, C9, 7D), V(FA, 59, 47, F0), V(AD, D4, A2, AF), V(9C, A4, 72, C0), \
  V(B7, FD, 93, 26), V(36, 3F, F7, CC), V(34, A5, E5, F1), V(71, D8, 31, 15), \
  V(04, C7, 23, C3), V(18, 96, 05, 9A), V(07, 12, 80, E2), V(EB, 27, B2, 75)

#define V(a, b, c, d) 0x##a##b##c##d
static const uint32_t T0[16] = { TBL };
#undef V

#if !defined(SCRAMBLE_FEWER_TABLES)

#define V(a, b, c, d) 0x##b##c##d##a
static const uint32_t T1[16] = { TBL };
#undef V

#define V(a, b, c, d) 0x##c##d##a##b
static const uint32_t T2[16] = { TBL };
#undef V

#endif /* !SCRAMBLE_FEWER_TABLES */

#undef TBL

#else /* SCRAMBLE_ROM_TABLES */

static uint32_t T0[16];
#if !defined(SCRAMBLE_FEWER_TABLES)
static uint32_t T1[16];
static uint32_t T2[16];
#endif /* !SCRAMBLE_FEWER_TABLES */
static int tables_done = 0;

#define ROTL8(x) (((x) << 8) & 0xFFFFFFFF) | ((x) >> 24)

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
#if !defined(SCRAMBLE_FEWER_TABLES)
    T1[i] = ROTL8(T0[i]);
    T2[i] = ROTL8(T1[i]);
#endif /* !SCRAMBLE_FEWER_TABLES */
  }
  tables_done = 1;
}

#undef ROTL8

#endif /* SCRAMBLE_ROM_TABLES */

#if defined(SCRAMBLE_FEWER_TABLES)

#define ROTL8(x) ((uint32_t)((x) << 8) + (uint32_t)((x) >> 24))
#define ROTL16(x) ((uint32_t)((x) << 16) + (uint32_t)((x) >> 16))

#define S_T0(idx) T0[idx]
#define S_T1(idx) ROTL8(T0[idx])
#define S_T2(idx) ROTL16(T0[idx])

#else /* SCRAMBLE_FEWER_TABLES */

#define S_T0(idx) T0[idx]
#define S_T1(idx) T1[idx]
#define S_T2(idx) T2[idx]

#endif /* SCRAMBLE_FEWER_TABLES */

uint32_t scramble(uint32_t x, int rounds) {
#if !defined(SCRAMBLE_ROM_TABLES)
  if (!tables_done)
    gen_tables();
#endif
  for (int r = 0; r < rounds; r++)
    x = S_T0(x & 15) ^ S_T1((x >> 4) & 15) ^ S_T2((x >> 8) & 15) ^ (x >> 12);
  return x;
}

/* Where the tables live and how many there are: what the options change
 * besides the time. */
void scramble_describe(char *out, size_t size) {
  size_t words = sizeof T0 / sizeof T0[0];
#if !defined(SCRAMBLE_FEWER_TABLES)
  words += sizeof T1 / sizeof T1[0] + sizeof T2 / sizeof T2[0];
#endif
#if defined(SCRAMBLE_ROM_TABLES)
  snprintf(out, size, "%zu table words in read-only memory", words);
#else
  snprintf(out, size, "%zu table words computed at the first use", words);
#endif
}
