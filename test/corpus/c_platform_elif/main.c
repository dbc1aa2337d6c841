/* A cache's set-up chosen first by a project macro the build does not
   define (USE_MEMORY_MANAGER), then by a feature: the way SQLite's
   pcache1Init tests SQLITE_ENABLE_MEMORY_MANAGEMENT before
   SQLITE_THREADSAFE. The later branches run in this build, so their
   regions' conditions must not read the first test as true. */
#include <stdio.h>

static int slots;

static void cache_init(int n) {
#if defined(USE_MEMORY_MANAGER)
  slots = n / 4;
#elif defined(TURBO)
  slots = n * 2;
  for (int i = 0; i < n; ++i)
    slots += i % 3;
#else
  slots = n;
#endif
}

static long work(int n) {
  long acc = 0;
  for (int i = 0; i < slots; ++i) {
#if defined(USE_MEMORY_MANAGER) && defined(VERBOSE)
    acc -= i;
#elif defined(VERBOSE)
    acc += 2 * i;
#else
    acc += i;
#endif
  }
  return acc + n;
}

/* A data-model test first (the target's ABI fixes it: 8 here). */
static int stride(void) {
#if __SIZEOF_POINTER__ == 4
  return 4;
#elif defined(VERBOSE)
  return 3;
#else
  return 1;
#endif
}

int main(void) {
  cache_init(40);
  long total = 0;
  for (int n = 1; n <= 4; ++n)
    total += work(n);
  printf("slots %d total %ld stride %d\n", slots, total, stride());
  return 0;
}
