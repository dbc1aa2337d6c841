#include <stdio.h>
#include <string.h>

#include "config.h"

struct listener {
  char addr[ADDR_MAX_LEN];
  int port;
};

static void listener_init(struct listener *l) {
#ifdef ANY_ADDR
  strcpy(l->addr, ANY_ADDR);
#else
  strcpy(l->addr, "0.0.0.0");
#endif
  l->port = DEFAULT_PORT;
}

static int describe(const struct listener *l, char *out, size_t n) {
  int w = snprintf(out, n, "%s://[%s]:%d", SCHEME, l->addr, l->port);
#ifdef TLS_CIPHERS
  w += snprintf(out + w, n - (size_t)w, " ciphers=%s", TLS_CIPHERS);
#endif
#if defined(VIA_HEADER)
  w += snprintf(out + w, n - (size_t)w, " (%s)", VIA_HEADER);
#endif
  return w;
}

int main(void) {
  struct listener l;
  char buf[128];
  listener_init(&l);
  int w = describe(&l, buf, sizeof buf);
  printf("%s\n", buf);
#if DEFAULT_PORT != 80
  printf("non-default port %d, buffer of %d\n", DEFAULT_PORT, ADDR_MAX_LEN);
#endif
  return w % 64;
}
