#ifndef QA_CONN_H
#define QA_CONN_H

#include <stddef.h>

/* zlib-style allocator hooks: the pool decides where memory comes from. */
typedef void *(*alloc_func)(void *opaque, size_t items, size_t size);
typedef void (*free_func)(void *opaque, void *address);

struct pool {
  alloc_func zalloc;
  free_func zfree;
  void *opaque;
  size_t bytes_out;
};

#define POOL_ALLOC(p, items, size) ((p)->zalloc((p)->opaque, (items), (size)))
#define POOL_FREE(p, addr) ((p)->zfree((p)->opaque, (addr)))

struct conn {
  int fd;
  unsigned timeout_s;
#ifdef CONFIG_KEEPALIVE
  unsigned keepalive_ms;
  unsigned requests_left;
#endif
#ifdef CONFIG_TLS
  const char *cipher;
  int handshake_done;
#endif
  unsigned long bytes_in;
#ifdef CONFIG_STATS
  unsigned long nreq;
#endif
};

struct conn *conn_new(struct pool *p, int fd);
void conn_free(struct pool *p, struct conn *c);
int conn_serve(struct conn *c, unsigned long len);

#endif /* QA_CONN_H */
