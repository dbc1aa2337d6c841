#include <stdio.h>

#include "store.h"
/* Both headers in one unit: net.h's BLOCK replaces the storage one here. */
#include "net.h"

int main(void) {
  printf("block %d sum %ld frames %d\n", BLOCK, store_sum(100),
         frames_for(40000));
  return 0;
}

/* The refusal, pinned (run_corpus.py checks these lines with FileCheck):
// REFUSAL: {{^.*}}/store.h:5:1: error: macro 'BLOCK' is defined per feature (FAST_IO) and tested by #if at {{.*}}net.h:5;
// REFUSAL-SAME: it is also defined at {{.*}}net.h:4, outside this conditional:
// REFUSAL-SAME: if that is another macro that shares the name (another header's meaning), rename the per-feature one
// REFUSAL-SAME: (a feature of the model cannot stand for both); if it is a default, define it in an #else of this
// REFUSAL-SAME: conditional instead{{$}}
// REFUSAL-NEXT: varsim: note: nothing was written
// REFUSAL-NOT: error:
*/
