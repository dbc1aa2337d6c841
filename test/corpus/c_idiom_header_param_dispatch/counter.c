#include "counter.h"

static count_t counted;

unsigned long long count_add(unsigned n
#ifdef WITH_SCALE
          ,
          unsigned scale
#endif
) {
#ifdef WITH_SCALE
  n *= scale;
#endif
  counted += (count_t)(n * 1000u);
  return counted;
}
