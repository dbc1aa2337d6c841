/* A write-ahead journal: entries in one array, a checksum over their bytes
 * (as a file format would compute it). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct entry {
  unsigned page;
  unsigned len;
#ifdef JOURNAL_CHECKSUMS
  unsigned sum;
#endif
  unsigned flags;
};

struct journal {
  int count;
  struct entry *entries;
};

static unsigned fold(const unsigned char *b, size_t n) {
  unsigned h = 2166136261u;
  while (n--)
    h = (h ^ *b++) * 16777619u;
  return h;
}

static struct journal *journal_new(int count) {
  struct journal *log = malloc(sizeof *log);
  struct entry *e = calloc(count, sizeof *e);
  if (!log || !e)
    exit(2);
  for (int i = 0; i < count; i++) {
    e[i].page = 7u * i;
    e[i].len = 512u + i;
    e[i].flags = i & 1;
  }
  /* The bytes of the second entry, not storage behind the first. */
  printf("second %u\n", fold((const unsigned char *)&e[1], 12));
  log->count = count;
  log->entries = e;
  return log;
}

static unsigned journal_sum(struct journal *log, int i) {
  const unsigned *words = (const unsigned *)&log->entries[i];
  return words[0] ^ words[2];
}

int main(void) {
  struct journal *log = journal_new(4);
  unsigned total = 0;
  for (int i = 0; i < log->count; i++)
    total += journal_sum(log, i);
  printf("total %u\n", total);
  return (int)(total % 5);
}
// REFUSAL: {{^.*}}/journal.c:39:30: error: the cast of 'struct entry *' to 'const unsigned char *' reads the bytes of 'struct entry' through another type; its layout depends on the configuration (member 'sum' under JOURNAL_CHECKSUMS at {{.*}}journal.c:11): the simulator holds the members of every variant, so the bytes would differ from the variant's; access the members by name (storage behind records is accepted where the address is the end of the records that one allocation in the same function holds
// REFUSAL: {{^.*}}/journal.c:46:27: error: the cast of 'struct entry *' to 'const unsigned int *' reads the bytes of 'struct entry' through another type
// REFUSAL: varsim: note: nothing was written
