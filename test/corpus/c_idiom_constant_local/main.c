#include <stdio.h>

struct Sorter {
  int nTask;
  int chunk;
  int runs;
};

int sorter_init(struct Sorter *p, int n, int limit);
int sorter_merge(const struct Sorter *p);

int main(void) {
  struct Sorter s;
  int total = 0;
  for (int n = 8; n <= 64; n *= 2) {
    int r = sorter_init(&s, n, 3);
    printf("n=%d tasks=%d chunk=%d runs=%d init=%d merge=%d\n", n, s.nTask,
           s.chunk, s.runs, r, sorter_merge(&s));
    total += r;
  }
  return total % 11;
}
