/* symtab: fills a symbol table with generated labels (some defined twice)
   and resolves a stream of references, as a one-pass assembler does. */
#include "symtab.h"

#include <stdio.h>

static void label(char *out, unsigned n) {
  sprintf(out, "L%u_%s", n, n % 3 ? "loop" : "end");
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: symtab WORKLOAD\n");
    return 2;
  }
  FILE *f = fopen(argv[1], "r");
  unsigned symbols, lookups;
  if (!f || fscanf(f, "%u %u", &symbols, &lookups) != 2) {
    fprintf(stderr, "%s: cannot read the workload\n", argv[1]);
    return 2;
  }
  fclose(f);
  struct symtab table;
  symtab_init(&table, (int)(symbols + symbols / 4));
  char name[SYM_NAME_MAX];
  for (unsigned i = 0; i < symbols; ++i) {
    label(name, i);
    symtab_add(&table, name, 0x1000 + 16 * (long)i);
  }
  for (unsigned i = 0; i < symbols / 4; ++i) { /* redefinitions */
    label(name, i * 4);
    symtab_add(&table, name, 0x8000 + 16 * (long)i);
  }
  long sum = 0;
  int unresolved = 0;
  unsigned state = 12345;
  for (unsigned i = 0; i < lookups; ++i) {
    state = state * 1664525u + 1013904223u;
    label(name, (state >> 10) % (symbols + symbols / 16));
    int at = symtab_find(&table, name);
    if (at < 0)
      ++unresolved;
    else
      sum += table.entries[at].address;
#ifdef XREF_LOG
    if (i % 1024 == 0)
      printf("ref %s -> %d\n", name, at);
#endif
  }
  printf("resolved sum %ld, unresolved %d\n", sum, unresolved);
  symtab_free(&table);
  return 0;
}
