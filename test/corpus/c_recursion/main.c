/* Recursive tree building and walking with feature code in the recursion. */
#include <stdio.h>

#ifdef COUNT_CALLS
static long calls;
#endif
#ifdef MEMO
static long memo[64];
#endif

static long ways(int n) {
#ifdef COUNT_CALLS
  calls++;
#endif
  if (n <= 1)
    return 1;
#ifdef MEMO
  if (memo[n])
    return memo[n];
#endif
  long total = 0;
  for (int left = 0; left < n; ++left) {
#ifdef BALANCE
    int diff = 2 * left - (n - 1);
    if (diff > 2 || diff < -2)
      continue;
#endif
    total += ways(left) * ways(n - 1 - left);
  }
#ifdef MEMO
  memo[n] = total;
#endif
  return total;
}

int main(void) {
  for (int n = 1; n <= 10; ++n)
    printf("trees(%d) = %ld\n", n, ways(n));
#ifdef COUNT_CALLS
  printf("%ld calls\n", calls);
#endif
  return (int)(ways(7) % 128);
}
