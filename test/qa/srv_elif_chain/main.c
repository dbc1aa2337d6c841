#include <stdio.h>

#include "hash.h"

#define NBUCKETS 7

int main(void) {
  static const char *const keys[] = {"GET", "PUT", "HEAD", "OPTIONS",
                                     "TRACE", "DELETE", "PATCH"};
  int buckets[NBUCKETS] = {0};
  int collisions = 0;
  for (unsigned i = 0; i < sizeof keys / sizeof keys[0]; i++) {
    unsigned long h = hash_str(keys[i]);
#ifdef HASH_SEED
    h ^= HASH_SEED;
#endif
    unsigned b = (unsigned)(h % NBUCKETS);
    if (buckets[b]++)
      collisions++;
    printf("%-8s %08lx -> %u\n", keys[i], h, b);
  }
  printf("%s: %d collision(s)\n", HASH_NAME, collisions);
  return collisions;
}
