/* An accumulator whose type changes with features: overflow differs. */
#include <stdio.h>
#include <stdint.h>

#if defined(WIDE) && defined(UNSIGNED_ACC)
typedef uint64_t acc_t;
#define ACC_FMT "%llu"
#define ACC_CAST(x) ((unsigned long long)(x))
#elif defined(WIDE)
typedef int64_t acc_t;
#define ACC_FMT "%lld"
#define ACC_CAST(x) ((long long)(x))
#elif defined(UNSIGNED_ACC)
typedef uint16_t acc_t;
#define ACC_FMT "%u"
#define ACC_CAST(x) ((unsigned)(x))
#else
typedef int16_t acc_t;
#define ACC_FMT "%d"
#define ACC_CAST(x) ((int)(x))
#endif

/* Computed in uint64_t: wrapping is defined, and converting back to acc_t
   truncates (implementation-defined, modulo on gcc and clang). */
static acc_t step(acc_t acc, int i) {
  return (acc_t)((uint64_t)acc * 3u + (uint64_t)i);
}

int main(void) {
  acc_t acc = 1;
  for (int i = 0; i < 45; ++i)
    acc = step(acc, i);
  printf("sizeof %zu value " ACC_FMT "\n", sizeof(acc_t), ACC_CAST(acc));
  return (int)(ACC_CAST(acc) % 100);
}
