/* A report whose formatting and functions come from optional headers. */
#include <stdio.h>
#ifdef MATH
#include <math.h>
#endif
#ifdef COLUMNS
#include "columns.h"
#endif

int main(void) {
  const char *names[] = {"alpha", "beta", "gamma"};
  const double values[] = {2.0, 10.0, 0.5};
  double total = 0;
  for (int i = 0; i < 3; ++i) {
    double v = values[i];
#ifdef MATH
    v = sqrt(v) + log10(v + 1.0);
#endif
#ifdef COLUMNS
    print_row(names[i], v);
#else
    printf("%s=%.3f\n", names[i], v);
#endif
    total += v;
  }
  printf("total %.3f\n", total);
  return (int)total;
}
