#include "store.h"
#include <stdio.h>

#ifdef COMPRESS
int encode(const char *in, char *out) {
  int n = 0;
  while (*in) {
    char c = *in;
    int run = 0;
    while (*in == c && run < 9) {
      in++;
      run++;
    }
    n += sprintf(out + n, "%d%c", run, c);
  }
  return n;
}
#endif
