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
