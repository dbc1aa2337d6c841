#include <stdio.h>

#include "hooks.h"

struct hook {
  const char *name;
  int order;
  hook_fn fn;
};

static struct hook table[8];
static int count;
int boot_stage;

void hook_add(const char *name, int order, hook_fn fn) {
  int i = count++;
  /* Sorted by order: registration order must not show. */
  while (i > 0 && table[i - 1].order > order) {
    table[i] = table[i - 1];
    --i;
  }
  table[i].name = name;
  table[i].order = order;
  table[i].fn = fn;
  boot_stage++;
}

int hooks_run(void) {
  int sum = 0;
  for (int i = 0; i < count; ++i) {
    int rc = table[i].fn();
    printf("hook %s (%d) -> %d\n", table[i].name, table[i].order, rc);
    sum += rc;
  }
  return sum;
}
