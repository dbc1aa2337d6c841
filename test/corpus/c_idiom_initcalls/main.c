#include <stdio.h>

#include "hooks.h"

#ifdef WITH_AUDIT
static int seen_before_main;

static int audit_init(void) { return 100 + seen_before_main; }

__attribute__((constructor(200))) static void audit_register(void) {
  seen_before_main = boot_stage;
  hook_add("audit", 10, audit_init);
}
#endif

int main(void) {
  printf("%d hook(s) registered before main\n", boot_stage);
  int sum = hooks_run();
  printf("sum %d\n", sum);
  return sum % 64;
}
