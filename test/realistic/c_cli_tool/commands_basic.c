#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"

int cmd_count(struct cli_context *ctx, int argc, const char **argv) {
  (void)argc;
  (void)argv;
  size_t words = 0, lines = 0;
  int in_word = 0;
  for (size_t i = 0; i < ctx->length; ++i) {
    unsigned char c = (unsigned char)ctx->input[i];
    if (c == '\n')
      ++lines;
    if (isspace(c)) {
      in_word = 0;
    } else if (!in_word) {
      in_word = 1;
      ++words;
    }
  }
  CLI_TRACE(ctx, "scanned %zu bytes\n", ctx->length);
  printf("%zu lines, %zu words, %zu bytes\n", lines, words, ctx->length);
  return 0;
}

int cmd_upper(struct cli_context *ctx, int argc, const char **argv) {
  size_t limit = ctx->length;
  if (argc > 0) {
    int n = 0;
    if (sscanf(argv[0], "%d", &n) != 1 || n < 0)
      return 2;
    limit = (size_t)n < limit ? (size_t)n : limit;
  }
  for (size_t i = 0; i < limit; ++i)
    putchar(toupper((unsigned char)ctx->input[i]));
  putchar('\n');
  return 0;
}

int cmd_find(struct cli_context *ctx, int argc, const char **argv) {
  (void)argc;
  const char *needle = argv[0];
  size_t n = strlen(needle), hits = 0;
  for (size_t i = 0; i + n <= ctx->length; ++i) {
    if (memcmp(ctx->input + i, needle, n) == 0) {
      CLI_TRACE(ctx, "match at %zu\n", i);
      ++hits;
    }
  }
  printf("'%s': %zu match%s\n", needle, hits, hits == 1 ? "" : "es");
  return hits ? 0 : 1;
}
