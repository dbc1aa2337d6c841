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
  for (unsigned s = slot_of(key), n = 0; n < SLOTS; s = (s + 1) % SLOTS, n++)
    if (keys[s] == key + 1)
      return values[s];
  return -1;
}
