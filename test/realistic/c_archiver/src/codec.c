#include "codec.h"

#if HAVE_COMPRESS
size_t rle_encode(const uint8_t *in, size_t n, uint8_t *out, size_t cap) {
  size_t o = 0;
  for (size_t i = 0; i < n;) {
    size_t run = 1;
    while (i + run < n && in[i + run] == in[i] && run < 255)
      ++run;
    if (o + 2 > cap)
      return 0;
    out[o++] = (uint8_t)run;
    out[o++] = in[i];
    i += run;
  }
  return o;
}

size_t rle_decode(const uint8_t *in, size_t n, uint8_t *out, size_t cap) {
  size_t o = 0;
  for (size_t i = 0; i + 1 < n; i += 2) {
    if (o + in[i] > cap)
      return 0;
    for (unsigned k = 0; k < in[i]; ++k)
      out[o++] = in[i + 1];
  }
  return o;
}
#endif

#ifdef HAVE_ENCRYPT
void xor_stream(uint8_t *buf, size_t n, uint32_t key) {
  uint32_t state = key;
  for (size_t i = 0; i < n; ++i) {
    state ^= state << 13;
    state ^= state >> 17;
    state ^= state << 5;
    buf[i] ^= (uint8_t)state;
  }
}
#endif
