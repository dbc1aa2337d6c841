#include <stdio.h>

#include "vmlimits.h"

/* The core does not read the auxiliary header (as Lua's core does not). */
int aux_sum(const int *v, int n);
int aux_checks(void);

static int core_checks;

static int scaled(int x) { return check_exp(++core_checks > 0, x * 3); }

int main(void) {
  int v[8];
  int total = 0;
  for (int i = 0; i < 8; i++)
    v[i] = scaled(i);
  for (int round = 0; round < 4; round++)
    total += aux_sum(v, 8);
  vm_assert(++core_checks > 0);
  printf("total %d core checks %d aux checks %d\n", total, core_checks,
         aux_checks());
  return 0;
}
