/* A symbol table kept as an unsorted array of entries, as small assemblers
   and linkers keep their local symbols. */
#ifndef SYMTAB_H
#define SYMTAB_H

#define SYM_NAME_MAX 24

struct symbol {
  char name[SYM_NAME_MAX];
  long address;
};

struct symtab {
  struct symbol *entries;
  int count, capacity;
};

void symtab_init(struct symtab *t, int capacity);
void symtab_add(struct symtab *t, const char *name, long address);
/* The index of the symbol NAME, or -1. */
int symtab_find(const struct symtab *t, const char *name);
void symtab_free(struct symtab *t);

#endif
