/* A sampling meter: a high-resolution build keeps 64-bit ticks. */
#include <stdio.h>

#ifdef HIRES
long long ticks_of(long long raw) { return raw * 1000; }
#else
static int ticks_of(int raw) { return raw / 4; }
#endif

int main(void) {
  long long total = 0;
  for (int i = 1; i <= 100; ++i)
    total += ticks_of(i * 3);
  printf("ticks %lld\n", total);
  return (int)(total % 5);
}

/* The refusal, pinned (run_corpus.py checks these lines with FileCheck):
   definitions of different return types, so the call cannot be chosen per
   configuration (rewrite/passes/SignatureSwitches.cpp).
// REFUSAL: {{^.*}}/meter.c:13:14: error: 'ticks_of' is defined per feature with another type or linkage, and this use
// REFUSAL-SAME: may name more than one of its definitions: the one when !HIRES (meter.c:7) and the one when HIRES (meter.c:5)
// REFUSAL-NEXT: varsim: note: nothing was written
// REFUSAL-NOT: error:
*/
