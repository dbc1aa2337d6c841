/* Counts primes below a bound, quickly or plainly. */
#include <stdio.h>

#include "config.h"

static int is_prime(int n) {
  if (n < 2)
    return 0;
#if HAVE_FAST
  if (n % 2 == 0)
    return n == 2;
  for (int d = 3; d * d <= n; d += 2)
    if (n % d == 0)
      return 0;
#else
  for (int d = 2; d < n; ++d)
    if (n % d == 0)
      return 0;
#endif
  return 1;
}

int main(void) {
  int count = 0;
  for (int n = 0; n < 200; ++n)
    count += is_prime(n);
  printf("%d primes\n", count);
#if HAVE_FAST_LOG
  printf("fast path with log\n");
#elif !HAVE_FAST && defined(FEATURE_LOG)
  printf("plain path with log\n");
#endif
  return count % 7;
}
