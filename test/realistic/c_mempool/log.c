#include "log.h"

#include <stdio.h>

static unsigned counts[MP_DEBUG + 1];

static const char *level_name(enum mp_level l) {
  static const char *const names[] = {"error", "warn", "info", "debug"};
  return names[l];
}

void mp_vlog(enum mp_level level, const char *func, int line, const char *fmt,
             va_list ap) {
  char msg[160];
  counts[level]++;
  if ((int)level > MP_LOG_LEVEL)
    return;
  vsnprintf(msg, sizeof msg, fmt, ap);
  printf("[%s] %s:%d: %s\n", level_name(level), func, line, msg);
}

void mp_log(enum mp_level level, const char *func, int line, const char *fmt,
            ...) {
  va_list ap;
  va_start(ap, fmt);
  mp_vlog(level, func, line, fmt, ap);
  va_end(ap);
}

unsigned mp_log_count(enum mp_level level) { return counts[level]; }
