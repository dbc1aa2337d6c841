/* Mixing of audio samples: 16-bit by default, wide accumulators when the
   build asks for them (another signature and external linkage). */
#include "mix.h"

#ifdef WIDE_SAMPLES
long mix_gain(long sample, int shift) { return (sample * 3) >> shift; }
#else
static int mix_gain(int sample) { return (sample * 3) / 2; }
#endif

long mix_block(const short *in, int n) {
  long total = 0;
  for (int i = 0; i < n; ++i)
#ifdef WIDE_SAMPLES
    total += mix_gain((long)in[i] << 8, 9);
#else
    total += mix_gain(in[i]);
#endif
  return total;
}

/* The refusal, pinned (run_corpus.py checks these lines with FileCheck):
// REFUSAL: {{^.*}}/mix.c:6:6: error: the function 'mix_gain' is defined per feature with another type or linkage:
// REFUSAL-SAME: 'static int mix_gain(int sample)' when !WIDE_SAMPLES ({{.*}}mix.c:8)
// REFUSAL-SAME: and 'long mix_gain(long sample, int shift)' when WIDE_SAMPLES ({{.*}}mix.c:6);
// REFUSAL-SAME: the simulator holds every variant's definitions, and one C name cannot be two functions:
// REFUSAL-SAME: give each variant its own name (the callers already choose per feature) or the same signature{{$}}
// REFUSAL-NEXT: varsim: note: nothing was written
// REFUSAL-NOT: error:
*/
