/* The options this build was compiled with, as SQLite's ctime.c lists
** them: one entry per option, most under #ifdef. */
#include <stddef.h>

#include "options.h"

#define OPTVAL_(x) #x
#define OPTVAL(x) OPTVAL_(x)

static const char *const opts_table[] = {
#ifdef OPT_CACHE
  "CACHE",
#endif
#ifdef OPT_CHECKSUM
  "CHECKSUM", /* verifies every block */
#endif
#if defined(OPT_COMPRESS) && !defined(OPT_FAST)
  "COMPRESS=best",
#elif defined(OPT_COMPRESS)
  "COMPRESS=fast",
#endif
#ifdef OPT_FAST
  "FAST",
#endif
  "LEVEL=" OPTVAL(LEVEL),
#ifdef OPT_TRACE
  "TRACE"
#endif
};

const char **compile_options(int *count) {
  *count = (int)(sizeof(opts_table) / sizeof(opts_table[0]));
  return (const char **)opts_table;
}

int option_used(const char *name) {
  size_t n = sizeof opts_table / sizeof *opts_table;
  for (size_t i = 0; i < n; ++i) {
    const char *o = opts_table[i];
    size_t k = 0;
    while (name[k] && o[k] == name[k])
      ++k;
    if (!name[k] && (!o[k] || o[k] == '='))
      return 1;
  }
  return 0;
}

// One array of the union's size, filled by a constructor whose #ifs the
// #if rewriter made run-time tests; the count read where sizeof was.
// REWRITE: static const char * opts_table[7]; static __typeof__(sizeof 0) opts_table__varsim_count; __attribute__((constructor(102))) static void opts_table__varsim_fill(void) {
// REWRITE: if (VARSIM_F_OPT_CACHE) {
// REWRITE-NEXT: opts_table[varsim_n++] = "CACHE";
// REWRITE: opts_table[varsim_n++] = "LEVEL=" OPTVAL(1);
// REWRITE: opts_table[varsim_n++] = "LEVEL=" OPTVAL(2);
// REWRITE: opts_table__varsim_count = varsim_n; }
// REWRITE: *count = (int)(((__typeof__(sizeof 0))opts_table__varsim_count));
// REWRITE: size_t n = ((__typeof__(sizeof 0))opts_table__varsim_count);
