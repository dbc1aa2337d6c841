/* A command table whose entries exist per feature, the way small C tools
 * register their subcommands; the table is not static, its size is taken
 * through a macro and by a file-scope constant, and the help command walks
 * the table that points to it. */
#include <stdio.h>
#include <string.h>

struct command {
  const char *name;
  int (*run)(int arg);
  struct {
    int min, max;
  } range;
};

static int do_help(int arg);
static int do_add(int arg) { return arg + 1; }
#ifdef CMD_DOUBLE
static int do_double(int arg) { return arg * 2; }
#endif
#ifdef CMD_SQUARE
static int do_square(int arg) { return arg * arg; }
#endif

const struct command commands[] = {
    {"help", do_help, {0, 0}},
    {"add", do_add, {0, 100}},
#ifdef CMD_DOUBLE
    {"double", do_double, {0, 50}},
#endif
#ifdef CMD_SQUARE
    {"square", do_square, {0, 10}},
#if defined(CMD_DOUBLE)
    {"quad", do_square, {0, 3}},
#endif
#endif
    {NULL, NULL, {0, 0}},
};

#define NCOMMANDS (sizeof commands / sizeof commands[0] - 1)
static const size_t ncommands = sizeof commands / sizeof *commands - 1;

static const char *const aliases[] = {
    "h",
#ifdef CMD_DOUBLE
    "d",
#endif
    "a",
};

static int do_help(int arg) {
  (void)arg;
  for (const struct command *c = commands; c->name; ++c)
    printf("  %s [%d..%d]\n", c->name, c->range.min, c->range.max);
  return (int)NCOMMANDS;
}

static const struct command *find(const char *name) {
  for (size_t i = 0; i < ncommands; ++i)
    if (strcmp(commands[i].name, name) == 0)
      return &commands[i];
  return NULL;
}

int main(void) {
  const char *script[] = {"help", "add", "double", "square", "quad", "nope"};
  int total = 0;
  for (size_t i = 0; i < sizeof script / sizeof script[0]; ++i) {
    const struct command *c = find(script[i]);
    if (!c) {
      printf("%s: unknown\n", script[i]);
      continue;
    }
    int r = c->run(3);
    printf("%s(3) = %d\n", script[i], r);
    total += r;
  }
  printf("%u commands, %u aliases\n", (unsigned)NCOMMANDS,
         (unsigned)(sizeof aliases / sizeof aliases[0]));
  return total % 64;
}
