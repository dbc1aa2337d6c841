/* A codec table built from an X-macro list, and a report that reads the
   same list a second time. */
#include <stdio.h>

#define CODEC_STR_(x) #x
#define CODEC_STR(x) CODEC_STR_(x)

#ifdef TURBO
#define MODE_NAME turbo
#endif

struct codec {
  const char *name;
  int ratio;
};

#define CODEC(n, r) {#n, r},
static const struct codec codecs[] = {
#include "codecs.def"
};
#undef CODEC

static int total_ratio(void) {
  int sum = 0;
  for (unsigned i = 0; i < sizeof codecs / sizeof codecs[0]; ++i)
    sum += codecs[i].ratio;
  return sum;
}

#define CODEC_REPORT
static void report(void) {
#define CODEC(n, r) printf("%s:%d\n", #n, (r) * 10);
#include "codecs.def"
#undef CODEC
}
#undef CODEC_REPORT

int main(void) {
  report();
  int sum = total_ratio();
#ifdef TURBO
  sum *= 2;
#endif
#ifdef CHECKSUM
  sum += codecs[2].ratio;
  puts("checksummed");
#endif
  printf("total %d\n", sum);
  return sum;
}

/* The refusal, pinned (run_corpus.py checks these lines with FileCheck).
   Before issue 18's fix, the report line of codecs.def, skipped by its
   first inclusion and read by its second, counted as text no
   configuration expands: MODE_NAME's definition was kept in every
   configuration and the simulator printed "mode turbo" in every variant.
// REFUSAL: {{^.*}}/codec.c:9:1: error: macro 'MODE_NAME' is defined only in some branches of the conditional on feature TURBO;
// REFUSAL-SAME: cannot select it at run time: its name is used at codecs.def:8, where no defining branch is present
// REFUSAL-SAME: (an X-macro list included more than once counts in every inclusion); define it in every branch (an #else),
// REFUSAL-SAME: or use its name only where it is defined{{$}}
// REFUSAL-NEXT: varsim: note: nothing was written
// REFUSAL-NOT: error:
*/
