/* A histogram whose bucket count (an array bound) depends on FINE. */
#include <stdio.h>

#ifdef FINE
#define BUCKETS 16
#else
#define BUCKETS 4
#endif

#ifdef WIDE_COUNTS
typedef unsigned long long count_t;
#define COUNT_FMT "%llu"
#else
typedef unsigned short count_t;
#define COUNT_FMT "%hu"
#endif

static count_t histogram[BUCKETS];

int main(void) {
  unsigned x = 12345;
  for (int i = 0; i < 300000; ++i) {
    x = x * 1103515245u + 12345u;
    histogram[(x >> 16) % BUCKETS]++;
  }
  int fullest = 0;
  for (int b = 0; b < BUCKETS; ++b) {
    printf("bucket %2d: " COUNT_FMT "\n", b, histogram[b]);
    if (histogram[b] > histogram[fullest])
      fullest = b;
  }
  printf("%d buckets, fullest %d\n", (int)(sizeof histogram / sizeof histogram[0]), fullest);
  return fullest;
}
