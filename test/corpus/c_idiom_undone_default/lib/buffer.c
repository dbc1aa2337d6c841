#include "tiny/checksum.h"

#include <string.h>

/* Fills the scratch buffer with a pattern and returns a digest of it. */
uint32_t tiny_scratch_digest(unsigned seed) {
  unsigned char scratch[TINY_SCRATCH_SIZE];
  for (size_t i = 0; i < sizeof scratch; i++)
    scratch[i] = (unsigned char)(seed * 31u + i * 7u);
#ifdef TINY_CRC_IS_SLOW
  /* The slow CRC over half the buffer only. */
  return tiny_crc32(scratch, sizeof scratch / 2);
#else
  return tiny_crc32(scratch, sizeof scratch);
#endif
}
