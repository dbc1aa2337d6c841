/* debug.h: logging, assertion and checking macros, per build option. */
#ifndef QA_DEBUG_H
#define QA_DEBUG_H

#include <stdio.h>

void assert_failed(const char *expr, const char *func);

#ifdef CONFIG_DEBUG
#define DBG(fmt, ...)                                                          \
  do {                                                                         \
    printf("debug %s: " fmt "\n", __func__, __VA_ARGS__);                      \
  } while (0)
#define ASSERT(c) ((c) ? (void)0 : assert_failed(#c, __func__))
#else
#define DBG(fmt, ...)                                                          \
  do {                                                                         \
  } while (0)
#define ASSERT(c) ((void)0)
#endif

#ifdef CONFIG_STRICT
#define CHECK_OR_RETURN(cond, rv)                                              \
  do {                                                                         \
    if (!(cond)) {                                                             \
      rejected++;                                                              \
      return (rv);                                                             \
    }                                                                          \
  } while (0)
#else
#define CHECK_OR_RETURN(cond, rv) ((void)0)
#endif

#ifdef CONFIG_STATS
#define STAT_INC(x) ((x)++)
#else
#define STAT_INC(x)
#endif

#endif
