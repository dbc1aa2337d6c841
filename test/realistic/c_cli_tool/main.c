/* txt: a tiny multi-command text tool in the style of busybox applets.
 * Usage: txt COMMAND [ARGS...]; with no command, runs a built-in demo
 * session so that the output is deterministic. */
#include <stdio.h>
#include <string.h>

#include "cli.h"

static const struct cli_command commands[] = {
    {"count", "count lines, words and bytes", cmd_count, 0},
    {"upper", "print the input in upper case [N bytes]", cmd_upper, 0},
    {"find", "count occurrences of a string", cmd_find, 1},
#ifdef CMD_HASH
    {"hash", "CRC-32 of the input", cmd_hash, 0},
#endif
#ifdef CMD_STATS
    {"stats", "letter statistics", cmd_stats, 0},
    {"histogram", "letter histogram [WIDTH]", cmd_histogram, 0},
#endif
};

#define NCOMMANDS (sizeof commands / sizeof commands[0])

static const char sample_text[] =
    "The quick brown fox jumps over the lazy dog.\n"
    "Pack my box with five dozen liquor jugs.\n"
    "Sphinx of black quartz, judge my vow.\n";

static const struct cli_command *lookup(const char *name) {
  for (size_t i = 0; i < NCOMMANDS; ++i)
    if (strcmp(commands[i].name, name) == 0)
      return &commands[i];
  return NULL;
}

static void usage(void) {
  printf("usage: txt COMMAND [ARGS]\ncommands:\n");
  for (size_t i = 0; i < NCOMMANDS; ++i)
    printf("  %-10s %s\n", commands[i].name, commands[i].help);
}

static int dispatch(struct cli_context *ctx, int argc, const char **argv) {
  const struct cli_command *cmd = lookup(argv[0]);
  if (!cmd) {
    printf("txt: unknown command '%s'\n", argv[0]);
    return 127;
  }
  if (argc - 1 < cmd->min_args) {
    printf("txt: %s needs %d argument(s)\n", cmd->name, cmd->min_args);
    return 2;
  }
  CLI_TRACE(ctx, "running %s\n", cmd->name);
  return cmd->run(ctx, argc - 1, argv + 1);
}

int main(int argc, char **argv) {
  struct cli_context ctx = {sample_text, sizeof sample_text - 1, 0};
#ifdef VERBOSE
  ctx.verbose = 1;
#endif
  if (argc > 1)
    return dispatch(&ctx, argc - 1, (const char **)argv + 1);

  static const char *session[][3] = {
      {"count", NULL, NULL}, {"find", "ju", NULL}, {"upper", "19", NULL},
      {"hash", NULL, NULL},  {"stats", NULL, NULL}, {"histogram", "2", NULL},
      {"find", "zebra", NULL},
  };
  int worst = 0;
  usage();
  for (size_t s = 0; s < sizeof session / sizeof session[0]; ++s) {
    const char *args[CLI_MAX_ARGS] = {0};
    int n = 0;
    while (n < 3 && session[s][n]) {
      args[n] = session[s][n];
      ++n;
    }
    printf("$ txt %s\n", args[0]);
    int rc = dispatch(&ctx, n, args);
    if (rc > worst)
      worst = rc;
  }
  return worst == 127 ? 3 : worst;
}
