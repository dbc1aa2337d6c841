#include "store.h"
#include <string.h>

#ifndef COMPRESS
int encode(const char *in, char *out) {
  strcpy(out, in);
  return (int)strlen(out);
}
#endif

unsigned digest(const char *s) {
  unsigned h = 5381;
#ifdef CHECKSUM
  while (*s)
    h = h * 33u ^ (unsigned char)*s++;
#else
  h += (unsigned)strlen(s);
#endif
  return h;
}
