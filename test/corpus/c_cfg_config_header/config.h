/* The build's configuration header: user-facing FEATURE_* switches mapped
 * to the HAVE_* and level macros that the sources test. Included by both
 * translation units (and by store.h). */
#ifndef CFG_CONFIG_H
#define CFG_CONFIG_H

#ifdef FEATURE_CACHE
#define HAVE_CACHE 1
#else
#define HAVE_CACHE 0
#endif

#if defined(FEATURE_STATS)
#define HAVE_STATS 1
#endif

#if defined(FEATURE_BIG)
#define BUFSZ_LEVEL 2
#else
#define BUFSZ_LEVEL 1
#endif

/* Statistics about the cache only make sense with both. */
#if HAVE_CACHE && defined(HAVE_STATS)
#define HAVE_CACHE_STATS 1
#endif

#define STORE_SLOTS 8

#endif /* CFG_CONFIG_H */
