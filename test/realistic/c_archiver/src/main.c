#include <stdio.h>
#include <string.h>

#include "archive.h"
#include "config.h"
#include "platform.h"

static void print_features(void) {
  printf("packr %s on %s (sep '%c'), features:", PACKR_VERSION,
         platform_name(), PACKR_PATH_SEP);
#if HAVE_COMPRESS
  printf(" compress");
#endif
#ifdef HAVE_ENCRYPT
  printf(" encrypt");
#endif
#ifdef HAVE_JSON
  printf(" json");
#endif
  printf("\n");
}

int main(void) {
  static const char readme[] = "packr packs blobs. aaaaaaaaaaaaaaaaaaaaaaa!";
  static uint8_t zeros[200];
  static const char config[] = "mode=fast\nlevel=3\nlevel=3\nlevel=3\n";
  struct archive a;
  if (archive_init(&a, 256 + platform_page_size() / 64) != 0)
    return 1;
  print_features();

  int failures = 0;
  if (archive_add(&a, "README", (const uint8_t *)readme, strlen(readme)) < 0)
    ++failures;
  if (archive_add(&a, "zeros.bin", zeros, sizeof zeros) < 0)
    ++failures;
  if (archive_add(&a, "packr.conf", (const uint8_t *)config, strlen(config)) <
      0)
    ++failures;

#ifdef HAVE_JSON
  archive_list_json(&a);
#else
  for (int i = 0; i < a.count; ++i)
    printf("%-12s %4zu -> %4zu\n", a.entries[i].name, a.entries[i].original,
           a.entries[i].stored);
#endif

  for (int i = 0; i < a.count; ++i) {
    uint8_t out[512];
    size_t n = 0;
    if (archive_extract(&a, i, out, sizeof out, &n) != 0) {
      printf("extract %d failed\n", i);
      ++failures;
      continue;
    }
    unsigned sum = 0;
    for (size_t k = 0; k < n; ++k)
      sum = (sum * 131u + out[k]) & 0xffffu;
    printf("%s: %zu bytes, sum %04x\n", a.entries[i].name, n, sum);
  }
  printf("archive size %zu\n", a.size);
  archive_free(&a);
  return failures * 10 + (int)(a.size % 10);
}
