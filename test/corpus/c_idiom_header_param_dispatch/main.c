#include <stdio.h>

#include "counter.h"

int main(void) {
  count_t last = 0;
  for (unsigned i = 1; i <= 5; i++) {
    last = count_add(i * 7
#ifdef WITH_SCALE
                     ,
                     3
#endif
    );
    printf("step %u: " COUNT_FMT "\n", i, last);
  }
  return (int)(last % 199);
}
