#pragma once

#include <stddef.h>
#include <stdint.h>

/* Codec capability bits. */
#define CODEC_F_LOSSLESS 0x01u
#define CODEC_F_SHRINKS 0x02u
#define CODEC_F_STATEFUL 0x04u

typedef size_t (*codec_fn)(const uint8_t *in, size_t n, uint8_t *out,
                           size_t cap);

struct codec {
  const char *name;
  unsigned flags;
  codec_fn encode;
  codec_fn decode;
};

extern const struct codec codec_raw;
#ifdef CODEC_RLE
extern const struct codec codec_rle;
#endif
#ifdef CODEC_DELTA
extern const struct codec codec_delta;
#endif

/* NULL-terminated list of the codecs compiled into this build. */
const struct codec *const *codec_list(void);
const struct codec *codec_find(const char *name);
size_t codec_count(void);

/* One checksum backend per build (checksum_*.c). */
uint32_t checksum(const uint8_t *p, size_t n);
const char *checksum_name(void);

static inline int codec_has(const struct codec *c, unsigned flag) {
  return (c->flags & flag) != 0;
}
