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

// The refusal protects equivalence: kept unconditionally, the #undef would
// turn `assert` on for kv_apicheck in the configuration with KV_APICHECK
// alone, where the variant's assert is the release no-op and kv_get(-1)
// returns -1; the simulator would abort.
// REFUSAL: {{^.*}}/kvdebug.h:9:1: error: #undef NDEBUG inside a conditional on feature KV_DEBUG cannot be kept unconditionally:
// REFUSAL-SAME: 'assert' is used at kvconf.h:8, where the feature's branch may be off
// REFUSAL-NEXT: varsim: note: nothing was written
