/* A table-driven mixing function: four rotated tables built at start-up,
 * or (COMPACT_TABLES) one table and the rotations computed where a value
 * is read. The rotation helper is defined, used and #undef'd while the
 * tables are built, then defined again only for the compact lookups. */
#include <stdint.h>

#include "mix.h"

static uint32_t T0[64];
#if !defined(COMPACT_TABLES)
static uint32_t T1[64];
static uint32_t T2[64];
static uint32_t T3[64];
#endif

#define ROT8(x) ((((x) << 8) & 0xFFFFFFFFu) | ((x) >> 24))

void mix_init(void) {
  for (uint32_t i = 0; i < 64; i++) {
    T0[i] = (i * 2654435761u) ^ 0x9e3779b9u;
#if !defined(COMPACT_TABLES)
    T1[i] = ROT8(T0[i]);
    T2[i] = ROT8(T1[i]);
    T3[i] = ROT8(T2[i]);
#endif
  }
}

#undef ROT8

#if defined(COMPACT_TABLES)
#define ROT8(x) ((uint32_t)((x) << 8) + (uint32_t)((x) >> 24))
#define ROT16(x) ((uint32_t)((x) << 16) + (uint32_t)((x) >> 16))
#define ROT24(x) ((uint32_t)((x) << 24) + (uint32_t)((x) >> 8))
#define MIX_T0(i) T0[i]
#define MIX_T1(i) ROT8(T0[i])
#define MIX_T2(i) ROT16(T0[i])
#define MIX_T3(i) ROT24(T0[i])
#else
#define MIX_T0(i) T0[i]
#define MIX_T1(i) T1[i]
#define MIX_T2(i) T2[i]
#define MIX_T3(i) T3[i]
#endif

uint32_t mix_word(uint32_t w) {
  return MIX_T0(w & 63) ^ MIX_T1((w >> 8) & 63) ^ MIX_T2((w >> 16) & 63) ^
         MIX_T3((w >> 24) & 63);
}

int mix_tables(void) {
#if defined(COMPACT_TABLES)
  return 1;
#else
  return 4;
#endif
}
