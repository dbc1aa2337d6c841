#include <stdio.h>
#include <string.h>

#include "options.h"

static unsigned work(unsigned n) {
  unsigned h = 7;
  for (unsigned i = 0; i < n; ++i) {
#ifdef OPT_CHECKSUM
    h = h * 31u + i;
#endif
    h ^= i << (LEVEL & 7);
  }
  return h;
}

int main(void) {
  int n = 0;
  const char **o = compile_options(&n);
  printf("%d options:", n);
  for (int i = 0; i < n; ++i)
    printf(" %s", o[i]);
  printf("\ncache %d, trace %d, level %d\n", option_used("CACHE"),
         option_used("TRACE"), option_used("LEVEL"));
  printf("%u\n", work(option_used("FAST") ? 1000u : 4000u));
  return 0;
}
