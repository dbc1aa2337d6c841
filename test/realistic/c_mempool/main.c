/* mpbench: a deterministic allocation trace through the pool. */
#include "log.h"
#include "pool.h"

#include <stdio.h>
#include <string.h>

#define SLOTS 256

int main(void) {
  struct pool *p = pool_create();
  void *slot[SLOTS];
  size_t size[SLOTS];
  unsigned seed = 12345u;
  unsigned long sum = 0;
  int i, step;

  if (!p)
    return 1;
  memset(slot, 0, sizeof slot);
  for (step = 0; step < 60000; ++step) {
    seed = seed * 1664525u + 1013904223u;
    i = (int)((seed >> 8) % SLOTS);
    if (slot[i]) {
      /* A deliberate bug in the client: every 997th free scribbles on the
       * block after handing it back (the pool owns the memory). */
      unsigned char *keep = slot[i];
      pool_free(p, slot[i], size[i]);
      if (step % 997 == 0)
        keep[sizeof(void *) + 1] = 0x42;
      slot[i] = NULL;
    } else {
      size[i] = 8 + (seed >> 20) % 600;
      slot[i] = pool_alloc(p, size[i]);
      if (slot[i]) {
        memset((unsigned char *)slot[i] + sizeof(void *), (int)(i & 0x7F),
               8);
        sum += (unsigned long)i * size[i];
      }
    }
  }
  pool_free(p, NULL, 16);
  pool_report(p);
  printf("checksum %lu, asserts failed %lu, warnings %u\n", sum,
         pool_assert_failures(), mp_log_count(MP_WARN));
  pool_destroy(p);
  return (int)(p == NULL) + (int)(pool_assert_failures() > 0 ? 2 : 0);
}
