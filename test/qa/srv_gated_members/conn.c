#include <string.h>

#include "conn.h"

static const struct conn conn_defaults = {
    .fd = -1,
    .timeout_s = 30,
#ifdef CONFIG_KEEPALIVE
    .keepalive_ms = 5000,
    .requests_left = 3,
#endif
#ifdef CONFIG_TLS
    .cipher = "TLS_AES_128_GCM_SHA256",
#endif
};

struct conn *conn_new(struct pool *p, int fd) {
  struct conn *c = POOL_ALLOC(p, 1, sizeof(struct conn));
  if (!c)
    return NULL;
  memcpy(c, &conn_defaults, sizeof *c);
  c->fd = fd;
  return c;
}

void conn_free(struct pool *p, struct conn *c) { POOL_FREE(p, c); }

/* Returns 1 to keep the connection open, 0 to close it. */
int conn_serve(struct conn *c, unsigned long len) {
#ifdef CONFIG_TLS
  if (!c->handshake_done) {
    c->handshake_done = 1;
    len += 512;
  }
#endif
  c->bytes_in += len;
#ifdef CONFIG_STATS
  c->nreq++;
#endif
#ifdef CONFIG_KEEPALIVE
  if (c->requests_left > 0) {
    c->requests_left--;
    return 1;
  }
#endif
  return 0;
}
