#include "proto.h"

int hdr_decode(const unsigned char *buf, unsigned len, hdr_t *out) {
  if (len < 4)
    return -1;
  out->version = buf[0];
#ifdef CONFIG_PROTO_V2
  if (len < 10)
    return -1;
  out->flags = buf[1];
  out->length = (uint32_t)buf[2] << 24 | (uint32_t)buf[3] << 16 |
                (uint32_t)buf[4] << 8 | buf[5];
  out->stream = (uint32_t)buf[6] << 8 | buf[9];
  return 10;
#else
  out->length = (uint16_t)(buf[1] << 8 | buf[2]);
  return 4;
#endif
}
