/* An id allocator with static state touched by feature code. */
#include <stdio.h>

static int next_id(int release) {
  static int counter = 100;
#ifdef REUSE
  static int freed = -1;
  if (release >= 0) {
    freed = release;
    return -1;
  }
  if (freed >= 0) {
    int id = freed;
    freed = -1;
    return id;
  }
#else
  if (release >= 0)
    return -1;
#endif
  return counter++;
}

int main(void) {
  int last = 0;
  for (int i = 0; i < 6; ++i) {
    int id = next_id(-1);
#ifdef PREFIXED
    printf("id-%d\n", id);
#else
    printf("%d\n", id);
#endif
    if (i == 2)
      next_id(id);
    last = id;
  }
  return last - 100;
}
