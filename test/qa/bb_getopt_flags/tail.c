#include <stdio.h>
#include <stdlib.h>

#include "getopt_mini.h"
#include "tail_config.h"

#define OPTSTR "n:v" IF_FEATURE_TAIL_FOLLOW("f") IF_FEATURE_TAIL_BYTES("c:")

enum {
  OPT_n = 1 << 0,
  OPT_v = 1 << 1,
  OPT_f = (1 << 2) * ENABLE_FEATURE_TAIL_FOLLOW,
  OPT_c = (1 << (2 + ENABLE_FEATURE_TAIL_FOLLOW)) * ENABLE_FEATURE_TAIL_BYTES,
};

static const char *const lines[] = {"alpha", "beta", "gamma", "delta",
                                    "epsilon"};

static int tail_main(int argc, char **argv) {
  const char *arg = "2";
  int optind = 0;
  unsigned opt = getopt_mini(argc, argv, OPTSTR, &arg, &optind);
  if (opt == GETOPT_ERROR) {
    printf("tail: invalid option\n");
    return 1;
  }
  int n = atoi(arg);
  if (n > 5)
    n = 5;
  if ((opt & OPT_v) && !ENABLE_FEATURE_TAIL_QUIET)
    printf("==> %s <==\n", optind < argc ? argv[optind] : "-");
  if (opt & OPT_c) {
    /* bytes from the end of the last line */
    const char *last = lines[4];
    int len = 0;
    while (last[len])
      len++;
    printf("%s\n", last + (n < len ? len - n : 0));
  } else {
    for (int i = 5 - n; i < 5; i++)
      printf("%s\n", lines[i]);
  }
  if (opt & OPT_f)
    printf("(following)\n");
  return (int)opt;
}

int main(void) {
  char *a1[] = {"tail", "-n", "3", "file", NULL};
  char *a2[] = {"tail", "-vf", "file", NULL};
  char *a3[] = {"tail", "-c2", "-v", NULL};
  char **runs[] = {a1, a2, a3};
  int sum = 0;
  for (int r = 0; r < 3; r++) {
    int argc = 0;
    while (runs[r][argc])
      argc++;
    int rc = tail_main(argc, runs[r]);
    printf("-- rc %d\n", rc);
    sum = sum * 3 + rc;
  }
  return sum % 64;
}
