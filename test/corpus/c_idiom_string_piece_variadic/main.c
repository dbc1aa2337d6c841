#include <stdarg.h>
#include <stdio.h>

#ifdef LOG_VERBOSE
#define LOG_TAG "verbose"
#else
#define LOG_TAG "quiet"
#endif

static int log_line(const char *fmt, ...) {
  va_list ap;
  int n = printf("[" LOG_TAG "] ");
  va_start(ap, fmt);
  n += vprintf(fmt, ap);
  va_end(ap);
  return n;
}

int main(void) { return log_line("%d item(s)\n", 3); }

/* The refusal, pinned (run_corpus.py checks these lines with FileCheck).
// REFUSAL: {{^.*}}/main.c:12:22: error: the macro 'LOG_TAG' (defined per feature LOG_VERBOSE) is used in a string literal concatenation in 'log_line', which must be one literal in each variant;
// REFUSAL-SAME: duplicating 'log_line' per configuration is not supported for a variadic function: build the string in a function of its own
// REFUSAL-NEXT: varsim: note: nothing was written
// REFUSAL-NOT: error:
*/
