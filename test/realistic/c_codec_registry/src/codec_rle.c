/* Run-length codec: (count, byte) pairs, count 1..255. */
#ifdef CODEC_RLE
#include "codec.h"

static size_t rle_encode(const uint8_t *in, size_t n, uint8_t *out,
                         size_t cap) {
  size_t i = 0, o = 0;
  while (i < n) {
    uint8_t b = in[i];
    size_t run = 1;
    while (i + run < n && in[i + run] == b && run < 255)
      ++run;
    if (o + 2 > cap)
      return 0;
    out[o++] = (uint8_t)run;
    out[o++] = b;
    i += run;
  }
  return o;
}

static size_t rle_decode(const uint8_t *in, size_t n, uint8_t *out,
                         size_t cap) {
  size_t i, o = 0;
  for (i = 0; i + 1 < n; i += 2) {
    size_t k;
    if (o + in[i] > cap)
      return 0;
    for (k = 0; k < in[i]; ++k)
      out[o++] = in[i + 1];
  }
  return o;
}

const struct codec codec_rle = {"rle", CODEC_F_LOSSLESS | CODEC_F_SHRINKS,
                                rle_encode, rle_decode};
#endif /* CODEC_RLE */
