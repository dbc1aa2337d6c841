/* Delta codec: each byte minus its predecessor. */
#if defined(CODEC_DELTA)
#include "codec.h"

static size_t delta_encode(const uint8_t *in, size_t n, uint8_t *out,
                           size_t cap) {
  uint8_t prev = 0;
  size_t i;
  if (n > cap)
    return 0;
  for (i = 0; i < n; ++i) {
    out[i] = (uint8_t)(in[i] - prev);
    prev = in[i];
  }
  return n;
}

static size_t delta_decode(const uint8_t *in, size_t n, uint8_t *out,
                           size_t cap) {
  uint8_t acc = 0;
  size_t i;
  if (n > cap)
    return 0;
  for (i = 0; i < n; ++i) {
    acc = (uint8_t)(acc + in[i]);
    out[i] = acc;
  }
  return n;
}

const struct codec codec_delta = {"delta",
                                  CODEC_F_LOSSLESS | CODEC_F_STATEFUL,
                                  delta_encode, delta_decode};
#endif
