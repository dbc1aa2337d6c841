#include "vmaux.h"

static int checks;

int aux_sum(const int *v, int n) {
  int s = 0;
  for (int i = 0; i < n; i++) {
    /* The check counts itself: only builds with assertions count. */
    vm_assert(++checks > 0 && v[i] >= 0);
    s += v[i];
  }
  return s;
}

int aux_checks(void) { return checks; }
