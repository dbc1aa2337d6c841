/* lens: a project built with -Wall -Wextra -Werror, as many are. The
   simulator is compiled with the project's flags, so it must build where
   the variants do:
   - a numeric feature compared with an unsigned value (Lua's
     `size_t l <= LUAI_MAXSHORTLEN`): the variant compares a non-negative
     literal, the simulator a run-time value (a sign-compare warning the
     variants do not have; docs/runtime.md, "Flags");
   - a static helper reading features, called from two hot loops: the
     rewrite versions it and its callers per feature value, and every copy
     it does not call must not warn as unused. */
#include <stddef.h>
#include <stdio.h>

#ifndef LIMIT
#define LIMIT 40
#endif

static inline int is_short(size_t l) {
#ifdef STRICT
  if (l == 0)
    return 0;
#endif
  return l <= LIMIT;
}

static int count_short(const size_t *lens, int n) {
  int c = 0;
  for (int i = 0; i < n; ++i)
    c += is_short(lens[i]);
  return c;
}

static int count_long(const size_t *lens, int n) {
  int c = 0;
  for (int i = 0; i < n; ++i)
    c += !is_short(lens[i]);
  return c;
}

int main(void) {
  size_t lens[64];
  int s = 0, l = 0;
  for (int i = 0; i < 64; ++i)
    lens[i] = (size_t)(i * 7 % 61);
  for (int r = 0; r < 1000; ++r) {
    s += count_short(lens, 64);
    l += count_long(lens, 64);
  }
  printf("short %d long %d\n", s, l);
  return 0;
}
