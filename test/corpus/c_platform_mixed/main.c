/* A timer whose code depends on features combined with platform and
   project macros: the platform/project part stays compile-time, the
   feature part becomes run-time. */
#include <stdio.h>

#define HAVE_FAST_PATH 1

#if defined(__linux__) && defined(VERBOSE)
#define BANNER "linux verbose"
#else
#define BANNER "plain"
#endif

static long work(int n) {
  long acc = 0;
  for (int i = 1; i <= n; ++i) {
#if defined(_WIN32) && defined(TURBO)
    acc += QueryPerformanceCounterStub(i);
#elif HAVE_FAST_PATH && defined(TURBO)
    acc += (long)i * i;
#else
    acc += i;
#endif
  }
#if defined(VERBOSE) && !defined(_WIN32)
  printf("work(%d) = %ld\n", n, acc);
#endif
  return acc;
}

int main(void) {
  long total = 0;
  for (int n = 1; n <= 4; ++n)
    total += work(n * 3);
  printf("%s total %ld line %d\n", BANNER, total, __LINE__);
  return (int)(total % 100);
}
