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

/* The refusal, pinned (run_corpus.py checks these lines with FileCheck):
// REFUSAL: {{^.*}}/lib/block.c:22:1: error: this #if tests 'ACC_FAST_HAVE_CODE', which include/acc/fast.h:22 defines
// REFUSAL-SAME: only where !NO_ACC_FAST_C; the rewrite could not read the test over the features, and the simulator,
// REFUSAL-SAME: which compiles every configuration's branches, would define 'ACC_FAST_HAVE_CODE' in all of them
// REFUSAL-SAME: (configuration 'NO_ACC_FAST_C' reaches this test without it); test the feature itself here, or report
// REFUSAL-SAME: the idiom{{$}}
// REFUSAL-NEXT: varsim: note: nothing was written
// REFUSAL-NOT: error:
*/
