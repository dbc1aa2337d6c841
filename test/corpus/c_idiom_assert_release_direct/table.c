#include <assert.h>
#include <stdio.h>

#include "kvdebug.h"

#define SLOTS 16

int kv_checks;

static int keys[SLOTS], values[SLOTS];

static unsigned slot_of(int key) {
  return kv_checked(++kv_checks > 0 && key >= 0, (unsigned)key * 7u % SLOTS);
}

void kv_put(int key, int value) {
  unsigned s = slot_of(key);
  while (keys[s] != 0 && keys[s] != key + 1)
    s = (s + 1) % SLOTS;
  keys[s] = key + 1;
  values[s] = value;
  kv_assert(++kv_checks > 0 && values[s] == value);
}

int kv_get(int key) {
  /* A plain assert after the store's header: on in every build with
   * KV_DEBUG, off in the others (NDEBUG). */
  assert(++kv_checks > 0 && key < 1000);
  for (unsigned s = slot_of(key), n = 0; n < SLOTS; s = (s + 1) % SLOTS, n++)
    if (keys[s] == key + 1)
      return values[s];
  return -1;
}

// The count differs per configuration: with KV_DEBUG the assert counts each
// lookup; without it the variant's release assert evaluates nothing, and so
// does the simulator's conditional one.
