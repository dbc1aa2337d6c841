/* The pool's limits (SQLite style): the helper-thread limit is clamped to
 * zero by the threading option before its `#ifndef` default. */
#ifndef LIMITS_H
#define LIMITS_H

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

#define SORT_MAX_LENGTH 1000000 /* bytes */
#define SORT_MAX_DEPTH 100

int pool_limit(int id, int v);
#endif
