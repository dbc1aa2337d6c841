#ifndef CONFIG_H
#define CONFIG_H

#ifdef LIB_SHARED
#define LIB_KIND "shared"
#else
#define LIB_KIND "static"
#endif

#ifdef LIB_WIDE
typedef long long count_t;
#define COUNT_FMT "%lld"
#else
typedef int count_t;
#define COUNT_FMT "%d"
#endif

/* Concatenated inside its own expansion only: one literal per variant,
 * selected whole at run time (no copy of the caller needed). */
#ifdef LIB_SHARED
#define NOTE(msg) printf("[so] " msg "\n")
#else
#define NOTE(msg) printf("[a] " msg "\n")
#endif

#endif
