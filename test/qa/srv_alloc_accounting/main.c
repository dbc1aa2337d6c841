#include <stdio.h>
#include <stdlib.h>

#include "conn.h"

static void *counting_alloc(void *opaque, size_t items, size_t size) {
  struct pool *p = opaque;
  p->bytes_out += items * size;
  return calloc(items, size);
}

static void counting_free(void *opaque, void *address) {
  (void)opaque;
  free(address);
}

int main(void) {
  struct pool pool = {counting_alloc, counting_free, NULL, 0};
  pool.opaque = &pool;
  unsigned long total = 0;
  int served = 0;
  for (int fd = 3; fd < 6; fd++) {
    struct conn *c = conn_new(&pool, fd);
    if (!c)
      return 1;
    unsigned long len = 100u * (unsigned long)fd;
    while (conn_serve(c, len))
      len /= 2;
    total += c->bytes_in;
#ifdef CONFIG_STATS
    printf("fd %d: %lu requests, %lu bytes\n", c->fd, c->nreq, c->bytes_in);
    served += (int)c->nreq;
#else
    printf("fd %d: %lu bytes\n", c->fd, c->bytes_in);
    served++;
#endif
#ifdef CONFIG_TLS
    printf("  cipher %s\n", c->cipher);
#endif
    conn_free(&pool, c);
  }
  /* memory accounting, as servers report it (INFO memory, stats pages) */
  printf("total %lu bytes, %d served, pool handed out %zu bytes\n", total,
         served, pool.bytes_out);
  return served;
}

// REFUSAL: {{^.*}}/main.c:8:3: error: the allocator 'counting_alloc' uses its size parameter 'size' for more than allocating ('p->bytes_out += items * size'),
// REFUSAL-SAME: and it is asked for 'sizeof(struct conn)' (in conn.c), which depends on the configuration:
// REFUSAL-SAME: members 'keepalive_ms' under CONFIG_KEEPALIVE at conn.h:24,
// REFUSAL-SAME: let the allocator pass sizes only to malloc/calloc/realloc (count the allocations, not the bytes), or declare the members in every configuration{{$}}
// REFUSAL-NEXT: varsim: note: nothing was written
// REFUSAL-NOT: error:
