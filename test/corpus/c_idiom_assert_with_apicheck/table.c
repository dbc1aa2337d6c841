#include <stdio.h>

#include "kvdebug.h"

#define SLOTS 16

int kv_checks;

static int keys[SLOTS], values[SLOTS];

void kv_put(int key, int value) {
  unsigned s = (unsigned)key * 7u % SLOTS;
  while (keys[s] != 0 && keys[s] != key + 1)
    s = (s + 1) % SLOTS;
  keys[s] = key + 1;
  values[s] = value;
  kv_assert(++kv_checks > 0 && values[s] == value);
}

/* A negative key is API misuse that release builds tolerate (-1). */
int kv_get(int key) {
  kv_apicheck(key >= 0);
  for (unsigned s = (unsigned)key * 7u % SLOTS, n = 0; n < SLOTS;
       s = (s + 1) % SLOTS, n++)
    if (keys[s] == key + 1)
      return values[s];
  return -1;
}

// With KV_APICHECK alone the variant's assert is the release no-op and
// kv_get(-1) returns -1; with KV_DEBUG too the check aborts. The simulator's
// `assert`, after the kept #undef, checks only where KV_DEBUG is on.
