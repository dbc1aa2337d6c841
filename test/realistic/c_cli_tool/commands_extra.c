/* Optional commands. Each is compiled only when its feature is on. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"

#ifdef CMD_HASH
static uint32_t crc32_update(uint32_t crc, const unsigned char *p, size_t n) {
  crc = ~crc;
  while (n--) {
    crc ^= *p++;
    for (int k = 0; k < 8; ++k)
      crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
  }
  return ~crc;
}

int cmd_hash(struct cli_context *ctx, int argc, const char **argv) {
  (void)argc;
  (void)argv;
  uint32_t crc = crc32_update(0, (const unsigned char *)ctx->input,
                              ctx->length);
  printf("crc32 %08x\n", (unsigned)crc);
  return 0;
}
#endif

#ifdef CMD_STATS
static void letter_counts(const struct cli_context *ctx, unsigned counts[26]) {
  memset(counts, 0, 26 * sizeof counts[0]);
  for (size_t i = 0; i < ctx->length; ++i) {
    char c = ctx->input[i];
    if (c >= 'a' && c <= 'z')
      counts[c - 'a']++;
    else if (c >= 'A' && c <= 'Z')
      counts[c - 'A']++;
  }
}

int cmd_stats(struct cli_context *ctx, int argc, const char **argv) {
  (void)argc;
  (void)argv;
  unsigned counts[26];
  letter_counts(ctx, counts);
  int best = 0;
  for (int i = 1; i < 26; ++i)
    if (counts[i] > counts[best])
      best = i;
  printf("most frequent letter: %c (%u)\n", 'a' + best, counts[best]);
  return 0;
}

int cmd_histogram(struct cli_context *ctx, int argc, const char **argv) {
  unsigned counts[26];
  unsigned width = 1;
  if (argc > 0 && sscanf(argv[0], "%u", &width) != 1)
    return 2;
  letter_counts(ctx, counts);
  for (int i = 0; i < 26; ++i) {
    if (counts[i] < 3)
      continue;
    printf("%c ", 'a' + i);
    for (unsigned k = 0; k < counts[i] / width; ++k)
      putchar('#');
    putchar('\n');
  }
  return 0;
}
#endif
