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
// REFUSAL: {{^.*}}/meter.c:13:14: error: 'ticks_of' resolves to 'ticks_of(long long)' ({{.*}}meter.c:5, under HIRES) in configuration 'HIRES'
// REFUSAL-SAME: and to 'ticks_of(int)' ({{.*}}meter.c:7, under !HIRES) in configuration '';
// REFUSAL-SAME: the simulator compiles the declarations of every variant together
// REFUSAL-NEXT: varsim: note: nothing was written
// REFUSAL-NOT: error:
*/
