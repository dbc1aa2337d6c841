/* A growable buffer whose sizing policy is declared in feature blocks. */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
#ifdef LARGE
  int capacity = 64;
  const char *label = "large";
#else
  int capacity = 4;
  const char *label = "small";
#endif
#ifdef GROW_FAST
  int factor = 4, grow_count = 0;
#else
  int factor = 2, grow_count = 0;
#endif
  int *items = malloc(sizeof(int) * (size_t)capacity);
  int used = 0;
  for (int i = 0; i < 100; ++i) {
    if (used == capacity) {
      capacity *= factor;
      grow_count++;
      int *bigger = realloc(items, sizeof(int) * (size_t)capacity);
      if (!bigger) {
        free(items);
        return 1;
      }
      items = bigger;
    }
    items[used++] = i * 3;
  }
  long sum = 0;
  for (int i = 0; i < used; ++i)
    sum += items[i];
  free(items);
  printf("%s: capacity %d after %d grows, sum %ld\n", label, capacity,
         grow_count, sum);
  return grow_count;
}
