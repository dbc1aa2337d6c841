#include "store.h"

static int keys[STORE_SLOTS * 2];
static int values[STORE_SLOTS * 2];
static int used;

#if HAVE_CACHE
static int last_key = -1, last_value, hits;
int store_cache_hits(void) { return hits; }
#endif

#ifdef HAVE_STATS
static int lookups;
int store_lookups(void) { return lookups; }
#endif

void store_put(int key, int value) {
#if BUFSZ_LEVEL >= 2
  int cap = STORE_SLOTS * 2;
#else
  int cap = STORE_SLOTS;
#endif
  for (int i = 0; i < used; ++i)
    if (keys[i] == key) {
      values[i] = value;
      return;
    }
  if (used < cap) {
    keys[used] = key;
    values[used] = value;
    ++used;
  }
#if HAVE_CACHE
  if (key == last_key)
    last_value = value;
#endif
}

int store_get(int key) {
#ifdef HAVE_STATS
  ++lookups;
#endif
#if HAVE_CACHE
  if (key == last_key) {
    ++hits;
    return last_value;
  }
#endif
  for (int i = 0; i < used; ++i)
    if (keys[i] == key) {
#if HAVE_CACHE
      last_key = key;
      last_value = values[i];
#endif
      return values[i];
    }
  return -1;
}
