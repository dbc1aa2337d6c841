/* srvsim: simulates the load on each deployment preset. */
#include <stdio.h>
#include <string.h>

#include "server.h"

#define REQUESTS 6000

int main(int argc, char **argv) {
  unsigned long total_rejected = 0;
  for (size_t i = 0; i < server_preset_count; ++i) {
    const struct server_config *cfg = &server_presets[i];
    if (argc > 1 && strcmp(argv[1], cfg->name) != 0)
      continue;
    struct server_stats st;
    memset(&st, 0, sizeof st);
    server_simulate(cfg, REQUESTS, &st);
    server_print(cfg, &st);
    total_rejected += st.rejected;
  }
  const struct server_config *def = server_find_preset("default");
  if (!def)
    return 2;
#ifdef SRV_KEEPALIVE
  printf("default keepalive %d ms\n", def->keepalive_ms);
#endif
  printf("%zu presets, %lu rejected\n", server_preset_count, total_rejected);
  return (int)(total_rejected % 100);
}
