#include <stdio.h>

static int early_value = 1;

#ifdef WITH_EARLY
__attribute__((constructor(101))) static void very_early(void) {
  early_value = 42;
}
#endif

int main(void) {
  printf("early value %d\n", early_value);
  return early_value;
}

/* The refusal, pinned (run_corpus.py checks these lines with FileCheck).
// REFUSAL: {{^.*}}/main.c:6:47: error: the function 'very_early' under WITH_EARLY runs before main without being called
// REFUSAL-SAME: and varsim cannot test WITH_EARLY before it runs (its priority 101 runs it no later than varsim's runtime
// REFUSAL-NEXT: varsim: note: nothing was written
// REFUSAL-NOT: error:
*/
