#include "codec.h"

#include <string.h>

static const struct codec *const registry[] = {
    &codec_raw,
#ifdef CODEC_RLE
    &codec_rle,
#endif
#ifdef CODEC_DELTA
    &codec_delta,
#endif
    NULL,
};

const struct codec *const *codec_list(void) { return registry; }

size_t codec_count(void) {
  return sizeof registry / sizeof registry[0] - 1;
}

const struct codec *codec_find(const char *name) {
  const struct codec *const *c;
  for (c = registry; *c; ++c)
    if (strcmp((*c)->name, name) == 0)
      return *c;
  return NULL;
}
