#include "store.h"
#include <stdio.h>

int main(void) {
  const char *records[] = {"aaabbbbcc", "hello", "zzzzzzzzzzzz"};
  int total = 0;
  for (int i = 0; i < 3; ++i) {
    char buf[64];
    int n = encode(records[i], buf);
    printf("%s -> %s (%d) %u\n", records[i], buf, n, digest(buf));
    total += n;
  }
  return total;
}
