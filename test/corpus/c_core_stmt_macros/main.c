/* A job runner whose trace and statistics macros are statements. */
#include <stdio.h>

static unsigned long steps, failures;

#ifdef TRACE
#define TRACE_MSG(fmt, ...)                                                    \
  do {                                                                         \
    printf("trace: " fmt "\n", __VA_ARGS__);                                   \
  } while (0)
#define TRACE_MARK() do { printf("--\n"); } while (0)
#else
#define TRACE_MSG(fmt, ...) do { } while (0)
#define TRACE_MARK() ((void)0)
#endif

#ifdef STATS
#define COUNT_STEP() { ++steps; }
#define COUNT_FAIL(n) do { failures += (unsigned long)(n); } while (0)
#else
#define COUNT_STEP() { }
#define COUNT_FAIL(n)
#endif

static int run_job(int id) {
  int rc = id % 3 == 0 ? 1 : 0;
  for (int i = 0; i < id; ++i)
    COUNT_STEP();
  if (rc)
    COUNT_FAIL(1);
  else
    TRACE_MSG("job %d ok", id);
  return rc;
}

int main(void) {
  int bad = 0;
  for (int id = 1; id <= 6; ++id) {
    if (run_job(id)) {
      TRACE_MSG("job %d failed", id);
      ++bad;
    }
    TRACE_MARK();
  }
  printf("bad=%d steps=%lu failures=%lu\n", bad, steps, failures);
  return bad + (int)(steps % 7);
}
