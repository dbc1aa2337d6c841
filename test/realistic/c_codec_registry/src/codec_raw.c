#include "codec.h"

#include <string.h>

static size_t raw_copy(const uint8_t *in, size_t n, uint8_t *out,
                       size_t cap) {
  if (n > cap)
    return 0;
  memcpy(out, in, n);
  return n;
}

const struct codec codec_raw = {"raw", CODEC_F_LOSSLESS, raw_copy, raw_copy};
