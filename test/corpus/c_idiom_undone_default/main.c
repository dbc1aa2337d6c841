#include "tiny/checksum.h"

#include <stdio.h>
#include <string.h>

uint32_t tiny_scratch_digest(unsigned seed);

int main(void) {
  const char *text = "The quick brown fox jumps over the lazy dog";
  const unsigned char *p = (const unsigned char *)text;
  printf("%s\n", tiny_build_info());
  printf("crc32   %08x\n", (unsigned)tiny_crc32(p, strlen(text)));
  printf("adler32 %08x\n", (unsigned)tiny_adler32(p, strlen(text)));
  printf("scratch %08x\n", (unsigned)tiny_scratch_digest(3));
#ifdef TINY_CRC_IS_SLOW
  return 3;
#else
  return 0;
#endif
}
