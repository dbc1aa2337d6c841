/* A STATIC macro (empty when testing, `static` otherwise) on file-scope
   definitions, and locals declared alike per feature (hoisted) next to a
   global they do not shadow. */
#include <stdio.h>

#ifdef TESTING
#define STATIC
#else
#define STATIC static
#endif

STATIC int counter;
STATIC int bump(int by) {
  counter += by;
  return counter;
}

static int limit = 6;

static int below(const int *v, int n) {
#ifdef STRICT
  int cut = 3;
#else
  int cut = 5;
#endif
  int c = 0;
  for (int i = 0; i < n; ++i)
    if (v[i] < cut && v[i] < limit)
      ++c;
  return c;
}

int main(void) {
  int v[] = {1, 2, 3, 4, 5, 6, 7};
  int total = 0;
  for (int r = 0; r < 2000; ++r)
    total += below(v, 7) + bump(1) % 3;
#ifdef TESTING
  printf("testing: counter %d\n", counter);
#endif
  printf("total %d\n", total);
  return total % 7;
}
