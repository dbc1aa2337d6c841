/* smooth: denoises a sampled signal with repeated 3-tap box filter passes,
   as audio and sensor pipelines do; the number of passes is a build-time
   quality setting. */
#include <stdio.h>
#include <stdlib.h>

#ifdef HIGH_QUALITY
#define SMOOTH_PASSES 12
#else
#define SMOOTH_PASSES 4
#endif

struct signal {
  float *samples;
  size_t length;
};

static void box_pass(struct signal *s, float *scratch) {
  scratch[0] = s->samples[0];
  scratch[s->length - 1] = s->samples[s->length - 1];
  for (size_t i = 1; i + 1 < s->length; ++i)
    scratch[i] = (s->samples[i - 1] + s->samples[i] + s->samples[i + 1]) / 3.0f;
  for (size_t i = 0; i < s->length; ++i) {
    float v = scratch[i];
#ifdef CLAMP_OUTPUT
    if (v > 1.0f)
      v = 1.0f;
    else if (v < -1.0f)
      v = -1.0f;
#endif
    s->samples[i] = v;
  }
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: smooth WORKLOAD\n");
    return 2;
  }
  FILE *f = fopen(argv[1], "r");
  unsigned length, frames;
  if (!f || fscanf(f, "%u %u", &length, &frames) != 2 || length < 3) {
    fprintf(stderr, "%s: cannot read the workload\n", argv[1]);
    return 2;
  }
  fclose(f);
  struct signal s = {malloc(length * sizeof(float)), length};
  float *scratch = malloc(length * sizeof(float));
  double energy = 0;
  unsigned state = 99;
  for (unsigned frame = 0; frame < frames; ++frame) {
    for (size_t i = 0; i < s.length; ++i) {
      state = state * 1103515245u + 12345u;
      s.samples[i] = (float)((i % 64) < 32 ? 0.8 : -0.8) +
                     ((float)((state >> 16) & 1023) - 512.0f) / 1024.0f;
    }
    for (int pass = 0; pass < SMOOTH_PASSES; ++pass)
      box_pass(&s, scratch);
    for (size_t i = 0; i < s.length; ++i)
      energy += (double)s.samples[i] * s.samples[i];
  }
  printf("energy %.3f\n", energy);
  free(scratch);
  free(s.samples);
  return 0;
}
