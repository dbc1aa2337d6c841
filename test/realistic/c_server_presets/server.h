#ifndef SERVER_H
#define SERVER_H

#include <stddef.h>

/* One deployment preset of the server. Members only some builds have sit
 * where they belong logically, so the presets table initializes them under
 * the same #ifdef (positional initializers, as in most older C code). */
struct server_config {
  const char *name;
  int port;
#ifdef SRV_TLS
  int tls_port;
  int handshake_cost;
#endif
  int max_clients;
  int timeout_ms;
#ifdef SRV_KEEPALIVE
  int keepalive_ms;
#endif
  int backlog;
};

struct server_stats {
  unsigned long accepted;
  unsigned long rejected;
  unsigned long timed_out;
  unsigned long busy_ms;
#ifdef SRV_STATS
  unsigned long peak_clients;
  unsigned long reused;
#endif
};

extern const struct server_config server_presets[];
extern const size_t server_preset_count;

const struct server_config *server_find_preset(const char *name);
void server_simulate(const struct server_config *cfg, unsigned requests,
                     struct server_stats *st);
void server_print(const struct server_config *cfg,
                  const struct server_stats *st);

#endif
