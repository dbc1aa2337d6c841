/* Compression effort chosen by a numeric feature LEVEL (0..3). */
#include <stdio.h>

static int effort(const char *s) {
  int work = 0;
  for (const char *p = s; *p; ++p) {
#if LEVEL >= 2
    for (const char *q = s; q < p; ++q)
      work += *q == *p;
#elif LEVEL == 1
    work += p > s && p[-1] == *p;
#else
    work++;
#endif
  }
#if LEVEL >= 3
  work *= 2;
#endif
#if defined(DICT) && LEVEL > 0
  work += 100;
#endif
  return work;
}

int main(void) {
  const char *text = "abracadabra alakazam";
  int e = effort(text);
  printf("level %d effort %d\n", LEVEL, e);
#if LEVEL == 0
  printf("store only\n");
#endif
  return e % 200;
}
