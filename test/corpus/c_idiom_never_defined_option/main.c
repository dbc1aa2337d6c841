#include <stdio.h>

#include "pagecache.h"

int main(void) {
  int hits = 0;
  for (int i = 0; i < 4000; i++)
    if (cache_fetch((i * 7) % 40) >= 0)
      hits++;
  printf("policy %s, threading %d, hits %d, recycled %d\n", cache_policy(),
         POOL_THREADING, hits, cache_recycled());
  return 0;
}
