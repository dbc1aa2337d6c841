/* The optional per-block checksum: a fixed cost per block (finalizing and
   storing the block's checksum) plus a cost per KiB. */
#include "codec.h"
#include "work.h"

#ifdef CHECKSUM
unsigned long checksum_block(const unsigned char *in, size_t n,
                             unsigned long sum) {
  work_ms(1.0 + 0.1 * (double)n / 1024.0);
  unsigned long a = sum & 0xffff, b = (sum >> 16) & 0xffff;
  for (size_t i = 0; i < n; ++i) {
    a = (a + in[i]) % 65521;
    b = (b + a) % 65521;
  }
  return (b << 16) | a;
}
#endif
