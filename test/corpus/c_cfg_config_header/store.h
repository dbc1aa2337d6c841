#ifndef CFG_STORE_H
#define CFG_STORE_H

#include "config.h"

void store_put(int key, int value);
int store_get(int key);

#if HAVE_CACHE
int store_cache_hits(void);
#endif

#ifdef HAVE_STATS
int store_lookups(void);
#endif

#endif /* CFG_STORE_H */
