#include "symtab.h"

#include <stdlib.h>
#include <string.h>

void symtab_init(struct symtab *t, int capacity) {
  t->entries = calloc((size_t)capacity, sizeof *t->entries);
  t->count = 0;
  t->capacity = capacity;
}

void symtab_add(struct symtab *t, const char *name, long address) {
  if (t->count == t->capacity)
    return;
  strncpy(t->entries[t->count].name, name, SYM_NAME_MAX - 1);
  t->entries[t->count].address = address;
  ++t->count;
}

int symtab_find(const struct symtab *t, const char *name) {
  int found = -1;
  for (int i = 0; i < t->count; ++i) {
    if (strcmp(t->entries[i].name, name) == 0) {
      found = i;
#ifdef FIRST_DEFINITION
      break; /* the first definition wins: stop searching */
#endif
      /* otherwise the last definition wins: the whole table is scanned */
    }
  }
  return found;
}

void symtab_free(struct symtab *t) { free(t->entries); }
