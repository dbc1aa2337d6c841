#include <stdarg.h>
#include <stdio.h>

#include "zconf.h"

static void logf_(const char *fmt, ...) {
  va_list ap;
  fputs("[w" ZSTR(WINDOW_LOG) "] ", stdout);
  va_start(ap, fmt);
  vprintf(fmt, ap);
  va_end(ap);
}

int main(void) {
  unsigned h = 0;
  for (unsigned i = 0; i < 1000; ++i)
    h = (h * 33u + i) % WINDOW_SIZE;
#ifdef ZLIB_HEADER
  logf_("header %u\n", 0x78u);
#endif
  logf_("hash %u\n", h);
  return 0;
}

// REFUSAL: {{^.*}}/main.c:8:14: error: the feature macro 'WINDOW_LOG' is stringified here; the variant's string holds the feature's value, which differs per variant, and a string literal cannot be selected at run time
