#ifndef QA_PROTO_H
#define QA_PROTO_H

#include <stdint.h>

#ifdef CONFIG_PROTO_V2
typedef struct hdr_v2 {
  uint8_t version;
  uint8_t flags;
  uint32_t length;
  uint32_t stream;
} hdr_t;
#define HDR_STREAM(h) ((h)->stream)
#else
typedef struct hdr_v1 {
  uint8_t version;
  uint16_t length;
} hdr_t;
#define HDR_STREAM(h) 0u
#endif

#ifdef CONFIG_WIDE_SEQ
typedef uint32_t seq_t;
#else
typedef uint16_t seq_t;
#endif

#ifdef CONFIG_SIGNED_DELTA
typedef int delta_t;
#else
typedef unsigned delta_t;
#endif

int hdr_decode(const unsigned char *buf, unsigned len, hdr_t *out);

#endif

