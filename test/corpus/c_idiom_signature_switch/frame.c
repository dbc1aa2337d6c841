/* Frame checksums: a word-at-a-time sum with a lookup table when the build
   asks for speed (file-local, wide accumulator), a portable byte loop
   otherwise (exported for the self-test, 32-bit accumulator). */
#include "frame.h"

#ifdef FAST_SUM
static unsigned long sum_table[256];
static int sum_ready;

static unsigned long sum_step(unsigned long acc, const unsigned char *p,
                              size_t n) {
  if (!sum_ready) {
    for (unsigned i = 0; i < 256; ++i)
      sum_table[i] = (i * 2654435761UL) & 0xffffffUL;
    sum_ready = 1;
  }
  for (size_t i = 0; i < n; ++i)
    acc = (acc << 3) ^ (acc >> 29) ^ sum_table[p[i]];
  return acc;
}
#else
unsigned sum_step(unsigned acc, const unsigned char *p, int n) {
  for (int i = 0; i < n; ++i)
    acc = acc * 16777619u ^ p[i];
  return acc;
}
#endif

unsigned long frame_sum(const unsigned char *p, size_t n) {
#ifdef FAST_SUM
  return sum_step(7UL, p, n) & 0xffffffffUL;
#else
  return sum_step(2166136261u, p, (int)n);
#endif
}

/* The lowering, pinned (run_corpus.py checks these lines with FileCheck):
// REWRITE: static unsigned long sum_step__varsim_FAST_SUM(unsigned long acc,
// REWRITE: unsigned sum_step__varsim_not_FAST_SUM(unsigned acc,
// REWRITE: return sum_step__varsim_FAST_SUM(7UL, p, n) & 0xffffffffUL;
// REWRITE: return sum_step__varsim_not_FAST_SUM(2166136261u, p, (int)n);
*/
