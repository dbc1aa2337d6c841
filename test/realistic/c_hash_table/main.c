/* wordcount: counts the words of a generated text in the hash table. */
#include "ht.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const vocabulary[] = {
    "alpha", "beta",  "gamma", "delta", "epsilon", "zeta",  "eta",
    "theta", "iota",  "kappa", "lambda", "mu",     "nu",    "xi",
    "omicron", "pi",  "rho",   "sigma", "tau",     "upsilon", "phi",
    "chi",   "psi",   "omega", "aleph", "beth",    "gimel", "daleth",
};

#define NWORDS (sizeof vocabulary / sizeof vocabulary[0])

int main(void) {
  struct ht t;
  char *names[NWORDS * 8];
  size_t n = 0, i;
  unsigned seed = 7;
  int round, dups = 0;
  long total = 0;

  printf("wordcount: initial capacity " HT_STR(HT_INITIAL_CAP)
         ", max load " HT_STR(HT_MAX_LOAD) "%%\n");
  if (ht_init(&t) != 0)
    return 1;
  for (i = 0; i < NWORDS * 8; ++i) {
    names[i] = malloc(32);
    snprintf(names[i], 32, "%s-%zu", vocabulary[i % NWORDS], i / NWORDS);
    ++n;
  }
  for (round = 0; round < 2000; ++round) {
    for (i = 0; i < 16; ++i) {
      const char *w;
      int *v;
      seed = seed * 1103515245u + 12345u;
      w = names[(seed >> 16) % n];
      v = ht_get(&t, w);
      if (v)
        ++*v;
      else if (ht_put(&t, w, 1) != 0)
        ++dups;
      if (round % 500 == 0 && i == 0 && ht_put(&t, w, 100) == 1)
        ++dups;
    }
  }
  for (i = 0; i < n; ++i) {
    int *v = ht_get(&t, names[i]);
    if (v)
      total += *v;
  }
  printf("%zu keys in %zu slots, %lu resizes, %lu probes, total %ld, "
         "dups %d, hash(alpha) %08x\n",
         t.count, t.cap, t.resizes, t.probes, total, dups,
         (unsigned)ht_hash("alpha"));
  for (i = 0; i < n; ++i)
    free(names[i]);
  ht_free(&t);
  return (int)(t.resizes % 8);
}
