/* A request loop with an #ifdef around an `else` branch. */
#include <stdio.h>

static int attempt(int id) { return (id * 7) % 5 != 0; }

int main(void) {
  int served = 0, failed = 0;
  for (int id = 1; id <= 12; ++id) {
    if (attempt(id)) {
      served++;
      printf("request %d ok\n", id);
    }
#ifdef FALLBACK
    else if (id % 2 == 0) {
      served++;
      printf("request %d served by fallback\n", id);
    }
#endif
    else {
      failed++;
      printf("request %d failed\n", id);
    }
    if (failed > 1
#ifdef STRICT
        || failed > 0
#endif
    ) {
      printf("stopping after %d\n", id);
      break;
    }
  }
  printf("served %d failed %d\n", served, failed);
  return served;
}
