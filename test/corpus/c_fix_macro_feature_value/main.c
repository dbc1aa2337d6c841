/* A numeric feature (LEVEL) used inside the bodies of macros defined per
   feature: the merged definition must read LEVEL's value at run time. */
#include <stdio.h>

#if LEVEL >= 3
#define STEP 8
#else
#define STEP LEVEL
#endif

#ifdef TRACE
#define NOTE(x) printf("note %d/%d\n", (x), LEVEL)
#define ALIGN (LEVEL * 16 + 16)
#else
#define NOTE(x) ((void)0)
#define ALIGN (LEVEL + 1)
#endif

int main(void) {
  int total = 0;
  for (int i = 0; i < 4; ++i) {
    total += STEP + i;
    NOTE(total);
  }
  printf("step %d align %d total %d\n", STEP, ALIGN, total);
  return total % 50;
}
