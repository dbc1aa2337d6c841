#include <stdio.h>

#include "mix.h"

int hash_folded(const char *s);

int main(void) {
  static const char *const words[] = {"alpha", "beta", "gamma"};
  int acc = 0;
  for (int i = 0; i < 3; i++) {
    int f = hash_folded(words[i]);
    printf("%-6s %016llx folded %05d\n", words[i],
           (unsigned long long)hash_bytes(words[i]), f);
    acc ^= f;
  }
#ifndef CONFIG_WIDE_HASH
  printf("mix(0,1)=%u\n", mix(0, 1));
#endif
  return acc % 128;
}
