/* A page cache whose recycling policy depends on the threading mode and on
 * an option this build never turns on (POOL_ENABLE_MEMORY_RELEASE: no file
 * of the project defines it and no compile command passes it). */
#ifndef PAGECACHE_H
#define PAGECACHE_H

#ifndef POOL_THREADING
#define POOL_THREADING 1
#endif

int cache_fetch(int key);
int cache_recycled(void);
const char *cache_policy(void);

#endif
