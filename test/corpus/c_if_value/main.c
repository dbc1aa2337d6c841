/* Statistics over a data set; features tested by value (#if A). */
#include <stdio.h>

#ifndef MEAN
#define MEAN 0
#endif
#ifndef VARIANCE
#define VARIANCE 0
#endif
#ifndef MINMAX
#define MINMAX 0
#endif

int main(void) {
  const int data[] = {4, 8, 15, 16, 23, 42};
  const int n = 6;
  int result = 0;
  printf("%d values, first %d\n", n, data[0]);
#if MEAN
  double mean = 0;
  for (int i = 0; i < n; ++i)
    mean += data[i];
  mean /= n;
  printf("mean %.3f\n", mean);
  result += (int)mean;
#endif
#if MEAN && VARIANCE
  double var = 0;
  for (int i = 0; i < n; ++i)
    var += (data[i] - mean) * (data[i] - mean);
  printf("variance %.3f\n", var / n);
  result += 1;
#endif
#if MINMAX
  int lo = data[0], hi = data[0];
  for (int i = 1; i < n; ++i) {
    if (data[i] < lo)
      lo = data[i];
    if (data[i] > hi)
      hi = data[i];
  }
  printf("range %d..%d\n", lo, hi);
  result += hi - lo;
#endif
#if !MEAN && !MINMAX
  printf("count %d\n", n);
#endif
  return result & 0x7f;
}
