/* kvcache: derives the values of a stream of keys read from a workload file
   (a key space and a request count), skewed so that some keys repeat. */
#include "kvcache.h"

#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: kvcache WORKLOAD\n");
    return 2;
  }
  FILE *f = fopen(argv[1], "r");
  unsigned keyspace, requests, seed;
  if (!f || fscanf(f, "%u %u %u", &keyspace, &requests, &seed) != 3) {
    fprintf(stderr, "%s: cannot read the workload\n", argv[1]);
    return 2;
  }
  fclose(f);
  static struct kvcache cache;
  kv_init(&cache);
  uint64_t digest = 0;
  uint32_t state = seed;
  for (unsigned i = 0; i < requests; ++i) {
    state = state * 1103515245u + 12345u;
    uint32_t r = (state >> 8) % keyspace;
    uint32_t key = (i & 1) ? r % (keyspace / 8 + 1) : r; /* a hot subset */
    digest ^= kv_lookup(&cache, key) + i;
  }
#ifdef CACHE_STATS
  printf("hits %lu misses %lu\n", cache.hits, cache.misses);
#endif
  printf("digest %016llx\n", (unsigned long long)digest);
  return 0;
}
