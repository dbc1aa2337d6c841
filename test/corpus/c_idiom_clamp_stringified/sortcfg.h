/* The sorter's limits (SQLite style): a helper-thread limit that the
 * threading option clamps to zero, before its `#ifndef` default, and a
 * second clamp of the limit by a default count of helpers. */
#ifndef SORTCFG_H
#define SORTCFG_H

#ifndef SORT_THREADSAFE
#define SORT_THREADSAFE 1
#endif

#ifndef SORT_TEMP_STORE
#define SORT_TEMP_STORE 1
#endif

#if SORT_TEMP_STORE == 3 || SORT_THREADSAFE == 0
#undef SORT_MAX_HELPERS
#define SORT_MAX_HELPERS 0
#endif
#ifndef SORT_MAX_HELPERS
#define SORT_MAX_HELPERS 8
#endif
#ifndef SORT_DEFAULT_HELPERS
#define SORT_DEFAULT_HELPERS 0
#endif
#if SORT_DEFAULT_HELPERS > SORT_MAX_HELPERS
#undef SORT_MAX_HELPERS
#define SORT_MAX_HELPERS SORT_DEFAULT_HELPERS
#endif

#define STR_(x) #x
#define STR(x) STR_(x)

int sort_run(int n);
int sort_helpers(void);

#endif
