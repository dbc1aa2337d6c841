#include <stdio.h>

#include "server.h"

/* A discrete simulation: requests arrive on a pseudo-random schedule, each
 * holds a client slot for a while; a full server rejects, a slow request
 * times out. */
void server_simulate(const struct server_config *cfg, unsigned requests,
                     struct server_stats *st) {
  int busy_until[256];
  int clients = cfg->max_clients < 256 ? cfg->max_clients : 256;
  unsigned x = 0x9e3779b9u ^ (unsigned)cfg->port;
  int now = 0;
#ifdef SRV_KEEPALIVE
  int last_client = -1;
#endif

  for (int i = 0; i < clients; ++i)
    busy_until[i] = 0;
  for (unsigned r = 0; r < requests; ++r) {
    x = x * 1664525u + 1013904223u;
    now += (int)(x >> 28); /* 0..15 ms between arrivals */
    int work = 5 + (int)((x >> 8) % 400);
#ifdef SRV_TLS
    work += cfg->handshake_cost;
#endif
    int slot = -1;
    for (int i = 0; i < clients; ++i) {
      if (busy_until[i] <= now) {
        slot = i;
        break;
      }
    }
#ifdef SRV_KEEPALIVE
    if (last_client >= 0 && busy_until[last_client] <= now &&
        now - busy_until[last_client] < cfg->keepalive_ms / 100) {
      slot = last_client;
#ifdef SRV_STATS
      st->reused++;
#endif
    }
#endif
    if (slot < 0) {
      st->rejected++;
      continue;
    }
    if (work > cfg->timeout_ms) {
      st->timed_out++;
      work = cfg->timeout_ms;
    }
    busy_until[slot] = now + work;
    st->accepted++;
    st->busy_ms += (unsigned long)work;
#ifdef SRV_KEEPALIVE
    last_client = slot;
#endif
#ifdef SRV_STATS
    unsigned long in_use = 0;
    for (int i = 0; i < clients; ++i)
      in_use += busy_until[i] > now;
    if (in_use > st->peak_clients)
      st->peak_clients = in_use;
#endif
  }
}

void server_print(const struct server_config *cfg,
                  const struct server_stats *st) {
  printf("%-8s port %d", cfg->name, cfg->port);
#ifdef SRV_TLS
  printf(" tls %d", cfg->tls_port);
#endif
  printf(" clients %d timeout %d backlog %d\n", cfg->max_clients,
         cfg->timeout_ms, cfg->backlog);
  printf("         accepted %lu rejected %lu timed out %lu busy %lu ms\n",
         st->accepted, st->rejected, st->timed_out, st->busy_ms);
#ifdef SRV_STATS
  printf("         peak %lu clients, %lu reused\n", st->peak_clients,
         st->reused);
#endif
}
