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

int main(void) {
  const char *v = lib_version();
  printf("version %s\n", v);
  report((count_t)strlen(v) * 1000);
  return (int)strlen(v);
}
