/* A checksum tool that logs according to LOG_LEVEL. */
#include <stdio.h>

#include "log.h"

static unsigned checksum(const char *s) {
  unsigned h = 5381;
  int steps = 0;
  for (; *s; ++s) {
    h = h * 33u + (unsigned char)*s;
    ++steps;
#if LOG_LEVEL >= LOG_DEBUG
    if (steps % 8 == 0)
      printf("debug: step %d h=%u\n", steps, h);
#endif
  }
#if LOG_LEVEL > LOG_ERROR && LOG_LEVEL < LOG_DEBUG
  printf("warn: %d steps\n", steps);
#endif
  return h;
}

int main(void) {
  const char *inputs[] = {"varsim", "configurable systems", ""};
  unsigned all = 0;
  for (int i = 0; i < 3; ++i) {
    unsigned h = checksum(inputs[i]);
    all ^= h;
#if INFO_ENABLED
    printf("info: '%s' -> %u\n", inputs[i], h);
#endif
#if LOG_LEVEL == LOG_ERROR
    if (h == 5381u)
      printf("error: empty input %d\n", i);
#endif
  }
#if defined(VERBOSE_SUMMARY) && LOG_LEVEL >= LOG_WARN
  printf("summary: %u\n", all);
#endif
  return (int)(all % 97u);
}
