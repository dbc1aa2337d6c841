/* __func__ and __FUNCTION__ inside functions that the simulator renames:
   a function defined per feature (a feature switch) and a function copied
   per configuration (a goto label under #ifdef). */
#include <stdio.h>

#define LOG(msg) printf("[%s] %s\n", __func__, msg)

#ifdef DBG
static int step(int x) {
  LOG("dbg");
  return x + 1;
}
#else
static int step(int x) {
  printf("%s: plain\n", __FUNCTION__);
  return x + 2;
}
#endif

static int work(int n) {
  int total = 0;
  for (int i = 0; i < n; ++i) {
    total += step(i);
#ifdef EARLY
    if (total > 6)
      goto done;
#endif
  }
#ifdef EARLY
done:
#endif
  LOG("work done");
  return total;
}

int main(void) {
  int t = work(4);
  printf("%s: %d (line %d)\n", __func__, t, __LINE__);
  return t % 50;
}
