#include "pack.h"

#include <string.h>

#include "checksum.h"

/* Format of a block: 2-byte length, 2-byte folded checksum, then tokens:
 *   0x00..0x7f  n+1 literal bytes follow
 *   0x80..0xff  the next byte repeated (n & 0x7f) + 3 times */
#define MIN_RUN 3
#define MAX_RUN (0x7f + MIN_RUN)

static size_t run_length(const uint8_t *p, size_t left) {
  size_t n = 1;
  while (n < left && n < MAX_RUN && p[n] == p[0])
    ++n;
  return n;
}

size_t bp_encode_block(const uint8_t *in, size_t len, uint8_t *out, size_t cap,
                       struct bp_stats *st) {
  size_t o = 4, i = 0, lit_start = 0;
  if (cap < 4 || len > BP_BLOCK_SIZE)
    return 0;
  while (i < len) {
    size_t run = run_length(in + i, len - i);
    if (run >= MIN_RUN || i - lit_start == 0x80 || i + run >= len) {
      size_t lits = i - lit_start;
      if (run < MIN_RUN && i + run >= len) {
        lits += run;
        i += run;
        run = 0;
      }
      while (lits > 0) {
        size_t chunk = lits > 0x80 ? 0x80 : lits;
        if (o + 1 + chunk > cap)
          return 0;
        out[o++] = (uint8_t)(chunk - 1);
        memcpy(out + o, in + lit_start, chunk);
        o += chunk;
        lit_start += chunk;
        lits -= chunk;
        BP_COUNT(st, literals, chunk);
      }
      if (run >= MIN_RUN) {
        if (o + 2 > cap)
          return 0;
        out[o++] = (uint8_t)(0x80 | (run - MIN_RUN));
        out[o++] = in[i];
        i += run;
        lit_start = i;
        BP_COUNT(st, runs, 1);
#ifdef BP_STATS
        if (run > st->longest_run)
          st->longest_run = run;
#endif
      }
    } else {
      ++i;
    }
  }
  out[0] = (uint8_t)(len >> 8);
  out[1] = (uint8_t)len;
  uint16_t folded = bp_fold16(bp_checksum(in, len));
  out[2] = (uint8_t)(folded >> 8);
  out[3] = (uint8_t)folded;
  st->blocks++;
  st->bytes_in += len;
  st->bytes_out += o;
  return o;
}

size_t bp_decode_block(const uint8_t *in, size_t len, uint8_t *out, size_t cap) {
  size_t want, o = 0, i = 4;
  if (len < 4)
    return 0;
  want = ((size_t)in[0] << 8) | in[1];
  if (want > cap)
    return 0;
  while (i < len) {
    uint8_t tok = in[i++];
    if (tok & 0x80) {
      size_t n = (size_t)(tok & 0x7f) + MIN_RUN;
      if (i >= len || o + n > want)
        return 0;
      memset(out + o, in[i++], n);
      o += n;
    } else {
      size_t n = (size_t)tok + 1;
      if (i + n > len || o + n > want)
        return 0;
      memcpy(out + o, in + i, n);
      i += n;
      o += n;
    }
  }
  if (o != want)
    return 0;
  uint16_t folded = bp_fold16(bp_checksum(out, o));
  if (((folded >> 8) & 0xff) != in[2] || (folded & 0xff) != in[3])
    return 0;
  return o;
}
