#include <stdio.h>
#include <string.h>

#include "applets.h"

#if ENABLE_LS
static const char *const files[] = {"bin", "etc", "README", "run.sh"};

int ls_main(int argc, char **argv) {
  int color = 0;
  for (int i = 1; i < argc; i++) {
    if (ENABLE_FEATURE_LS_COLOR && strcmp(argv[i], "--color") == 0)
      color = 1;
    else if (argv[i][0] == '-')
      return 2;
  }
  for (unsigned i = 0; i < sizeof files / sizeof files[0]; i++) {
    int is_dir = strchr(files[i], '.') == NULL && files[i][0] >= 'a';
    IF_FEATURE_LS_COLOR(if (color && is_dir) {
      printf("[dir]%s ", files[i]);
      continue;
    })
    printf("%s%s ", files[i], is_dir && !color ? "/" : "");
  }
  printf("\n");
  return 0;
}
#endif
