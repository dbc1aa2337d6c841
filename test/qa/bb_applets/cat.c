#include <stdio.h>

#include "applets.h"

#ifdef CONFIG_CAT
int cat_main(int argc, char **argv) {
  int lines = 0;
  for (int i = 1; i < argc; i++) {
    printf("%d: %s\n", ++lines, argv[i]);
  }
  return lines == 0;
}
#endif

int true_main(int argc, char **argv) {
  (void)argc;
  (void)argv;
  return 0;
}
