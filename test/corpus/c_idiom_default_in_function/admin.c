/* An admin command interpreter: the commands are a static table; one
 * large function runs them (a switch over the command's kind). */
#include <stdio.h>
#include <string.h>

enum cmd_kind { CMD_CHECK, CMD_COUNT, CMD_LIST, CMD_VACUUM };

struct command {
  const char *name;
  enum cmd_kind kind;
};

static const struct command commands[] = {
    {"check", CMD_CHECK},
    {"count", CMD_COUNT},
    {"list", CMD_LIST},
#ifndef ADMIN_OMIT_VACUUM
    {"vacuum", CMD_VACUUM},
#endif
};

#define NCOMMANDS ((int)(sizeof(commands) / sizeof(commands[0])))

static int run_command(const char *name, int arg) {
  const struct command *c = NULL;
  for (int i = 0; i < NCOMMANDS; i++)
    if (strcmp(commands[i].name, name) == 0)
      c = &commands[i];
  if (!c)
    return -1;
  int result = 0;
  switch (c->kind) {
  case CMD_LIST:
    for (int i = 0; i < NCOMMANDS; i++)
      printf("  command %s\n", commands[i].name);
    result = NCOMMANDS;
    break;

#ifndef CHECK_ERROR_MAX
#define CHECK_ERROR_MAX 100
#endif

  case CMD_CHECK: {
    int limit = arg > 0 && arg < CHECK_ERROR_MAX ? arg : CHECK_ERROR_MAX;
    result = limit / 3;
    break;
  }
  case CMD_COUNT:
    result = arg * 2;
    break;
  case CMD_VACUUM:
    result = arg + 1000;
    break;
  }
#ifdef ADMIN_VERBOSE
  printf("ran %s(%d) -> %d\n", c->name, arg, result);
#endif
  return result;
}

int main(void) {
  static const char *const script[] = {"list", "check", "count", "vacuum",
                                       "check"};
  int sum = 0;
  for (int i = 0; i < 5; i++) {
    int r = run_command(script[i], i * 70);
    printf("%s: %d\n", script[i], r);
    sum += r;
  }
  printf("limit=%d sum=%d\n", CHECK_ERROR_MAX, sum);
  return sum & 7;
}
