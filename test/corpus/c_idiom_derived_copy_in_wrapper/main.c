#include "acc/block.h"
#if defined(ACC_FAST_C)
#include "acc/fast.h"
#endif

#include <stdio.h>

int main(void) {
  uint32_t blocks[16];
  for (unsigned i = 0; i < 16; i++)
    blocks[i] = i * 0x01000193u;
  uint32_t digest = acc_chain(0x12345678u, blocks, 16);
  printf("digest %08x\n", (unsigned)digest);
  printf("software blocks %lu\n", acc_software_calls());
#if defined(ACC_FAST_HAVE_CODE)
  printf("fast blocks %lu\n", acc_fast_calls());
#endif
  return acc_software_calls() > 0 ? 2 : 0;
}
