#include "log.h"

#include <stdarg.h>
#include <stdio.h>

static unsigned long lines_written;

void kv_log_emit(const char *level, const char *fmt, ...) {
  va_list ap;
  printf("[%s] ", level);
  va_start(ap, fmt);
  vprintf(fmt, ap);
  va_end(ap);
  putchar('\n');
  ++lines_written;
}

unsigned long kv_log_lines(void) { return lines_written; }
