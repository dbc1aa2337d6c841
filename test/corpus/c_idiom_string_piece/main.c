#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "config.h"

static const char *lib_version(void) {
  return "2.1-" LIB_KIND
#ifdef LIB_WIDE
         "+wide"
#endif
      ;
}

static void report(count_t n) { printf("items: " COUNT_FMT "\n", n); }

/* Variadic: it cannot be copied per configuration, and needs no copy. */
static int sum_all(int n, ...) {
  va_list ap;
  int sum = 0;
  NOTE("summing");
  va_start(ap, n);
  for (int i = 0; i < n; i++)
    sum += va_arg(ap, int);
  va_end(ap);
  return sum;
}

int main(void) {
  printf("sum %d\n", sum_all(3, 1, 2, 3));
  const char *v = lib_version();
  printf("version %s\n", v);
  report((count_t)strlen(v) * 1000);
  return (int)strlen(v);
}
