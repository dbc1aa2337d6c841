#include <stdio.h>

#include "proto.h"

static seq_t next_seq(seq_t s, unsigned step) { return (seq_t)(s + step); }

int main(void) {
  static const unsigned char frames[][10] = {
      {1, 0x01, 0x02, 0x03, 0x04, 0x05, 0x00, 0x07, 0x08, 0x09},
      {2, 0x80, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0x03},
      {3, 0xff, 0xff, 0x00, 0x00, 0x10, 0x02, 0x00, 0x00, 0x00},
  };
  seq_t seq = 65000;
  delta_t delta = 0;
  unsigned long total = 0;
  for (unsigned i = 0; i < 3; i++) {
    hdr_t h;
    int used = hdr_decode(frames[i], sizeof frames[i], &h);
    seq = next_seq(seq, 300);
    delta = delta - (delta_t)h.length / 64;
    total += h.length;
    printf("frame v%u len %lu stream %lu used %d seq %lu\n",
           (unsigned)h.version, (unsigned long)h.length,
           (unsigned long)HDR_STREAM(&h), used, (unsigned long)seq);
  }
  printf("total %lu delta %s %lld\n", total, delta > (delta_t)1000 ? "big" : "small",
         (long long)delta);
  return (int)(seq % 128);
}
