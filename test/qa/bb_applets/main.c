/* A multi-call binary: argv[0] picks the applet. */
#include <stdio.h>
#include <string.h>

#include "applets.h"

struct applet {
  const char *name;
  int (*main)(int argc, char **argv);
};

static const struct applet applets[] = {
    IF_CAT({"cat", cat_main},)
    IF_LS({"ls", ls_main},)
    {"true", true_main},
};

static int run_applet(int argc, char **argv) {
  for (unsigned i = 0; i < sizeof applets / sizeof applets[0]; i++)
    if (strcmp(applets[i].name, argv[0]) == 0)
      return applets[i].main(argc, argv);
  printf("%s: applet not found\n", argv[0]);
  return 127;
}

int main(void) {
  char *cmd1[] = {"ls", NULL};
  char *cmd2[] = {"ls", "--color", NULL};
  char *cmd3[] = {"cat", "hello", "world", NULL};
  char *cmd4[] = {"true", NULL};
  char **cmds[] = {cmd1, cmd2, cmd3, cmd4};
  int sum = 0;
  for (unsigned i = 0; i < 4; i++) {
    int argc = 0;
    while (cmds[i][argc])
      argc++;
    int rc = run_applet(argc, cmds[i]);
    printf("[%s exited %d]\n", cmds[i][0], rc);
    sum += rc;
  }
  printf("%u applets%s\n", (unsigned)(sizeof applets / sizeof applets[0]),
         IF_NOT_LS(", no ls") "");
  return sum % 100;
}
