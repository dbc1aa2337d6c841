/* Shared declarations of the `txt` multi-command tool. */
#pragma once

#include <stddef.h>

#define CLI_MAX_ARGS 8

struct cli_context {
  const char *input;
  size_t length;
  int verbose;
};

typedef int (*cli_handler)(struct cli_context *ctx, int argc,
                           const char **argv);

struct cli_command {
  const char *name;
  const char *help;
  cli_handler run;
  int min_args;
};

int cmd_count(struct cli_context *ctx, int argc, const char **argv);
int cmd_upper(struct cli_context *ctx, int argc, const char **argv);
int cmd_find(struct cli_context *ctx, int argc, const char **argv);
#ifdef CMD_HASH
int cmd_hash(struct cli_context *ctx, int argc, const char **argv);
#endif
#ifdef CMD_STATS
int cmd_stats(struct cli_context *ctx, int argc, const char **argv);
int cmd_histogram(struct cli_context *ctx, int argc, const char **argv);
#endif

#ifdef VERBOSE
#define CLI_TRACE(ctx, ...)                                                    \
  do {                                                                         \
    if ((ctx)->verbose)                                                        \
      printf("  trace: " __VA_ARGS__);                                         \
  } while (0)
#else
#define CLI_TRACE(ctx, ...) ((void)(ctx))
#endif
