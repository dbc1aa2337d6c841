#include "pagecache.h"

#include <stdio.h>

/* Pages are kept in a free list and reused, unless the memory release
 * option asks for them to go back to the allocator in threaded builds. */
#if !defined(POOL_ENABLE_MEMORY_RELEASE) || POOL_THREADING == 0
#define RECYCLE_PAGES 1
#else
#define RECYCLE_PAGES 0
#endif

static int slots[16];
static int recycled;

int cache_fetch(int key) {
  int slot = key % 16;
  if (slots[slot] == key + 1) {
#if RECYCLE_PAGES
    recycled++;
#endif
    return slot;
  }
  slots[slot] = key + 1;
  return -1;
}

int cache_recycled(void) { return recycled; }

const char *cache_policy(void) {
#if !defined(POOL_ENABLE_MEMORY_RELEASE) || POOL_THREADING == 0
  return POOL_THREADING == 2 ? "recycle, serialized" : "recycle";
#else
  return "release";
#endif
}
