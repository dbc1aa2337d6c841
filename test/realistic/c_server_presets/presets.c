#include <string.h>

#include "server.h"

const struct server_config server_presets[] = {
    {"tiny", 8080,
#ifdef SRV_TLS
     8443, 9,
#endif
     8, 200,
#ifdef SRV_KEEPALIVE
     1000,
#endif
     4},
    {"default", 80,
#ifdef SRV_TLS
     443, 6,
#endif
     64, 1500,
#ifdef SRV_KEEPALIVE
     5000,
#endif
     128},
    {"batch", 9000,
#ifdef SRV_TLS
     9443, 4,
#endif
     16, 30000,
#ifdef SRV_KEEPALIVE
     60000,
#endif
     512},
};

const size_t server_preset_count =
    sizeof server_presets / sizeof server_presets[0];

const struct server_config *server_find_preset(const char *name) {
  for (size_t i = 0; i < server_preset_count; ++i)
    if (strcmp(server_presets[i].name, name) == 0)
      return &server_presets[i];
  return NULL;
}
