#include <stdio.h>

#ifdef LIB_SHARED
#define LIB_KIND "shared"
#else
#define LIB_KIND "static-only"
#endif

static const char banner[] = "mylib " LIB_KIND;

int main(void) {
  puts(banner);
  return (int)sizeof banner;
}
