/* Progress lines: a quiet build swaps the terminal writer for a local stub
   that only counts, the others call the writer of term.c. */
#include <stdio.h>

#include "frame.h"

int silenced;

#ifdef QUIET
static int emit_line(const char *line) {
  (void)line;
  ++silenced;
  return 0;
}
#else
extern int emit_line(const char *line);
#endif

void report(const char *what, unsigned long value) {
  char line[80];
  snprintf(line, sizeof line, "%-8s %08lx", what, value);
  if (emit_line(line) < 0)
    fputs("write failed\n", stderr);
}

/* The lowering, pinned (run_corpus.py checks these lines with FileCheck):
// REWRITE: static int emit_line__varsim_QUIET(const char *line) {
// REWRITE: extern int emit_line(const char *line);
// REWRITE: if ((!VARSIM_F_QUIET ? emit_line : emit_line__varsim_QUIET)(line) < 0)
*/
