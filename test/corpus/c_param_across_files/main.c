#include "meter.h"

#include <stdio.h>

static int calls;

/* An argument with a side effect: it must run only where the parameter
   exists. */
static int next_scale(void) {
  ++calls;
  return calls % 3 + 1;
}

/* A static function with a parameter under a feature: a call under
   #else omits it (the simulator passes a placeholder). */
static int weigh(int grams
#ifdef TRACE
                 , const char *where
#endif
) {
#ifdef TRACE
  printf("weigh@%s ", where);
#endif
  return grams / 10;
}

int main(void) {
  long total = 0;
  for (int i = 1; i <= 4; ++i) {
    total += meter_report("load"
#ifdef SCALE
                          , next_scale()
#endif
                          , (long)i * 100
#ifdef UNITS
                          , "kg"
#endif
    );
#ifdef TRACE
    total += weigh(i * 250, "loop");
#else
    total += weigh(i * 250);
#endif
  }
  printf("total=%ld calls=%d\n", total, calls);
  return (int)(total % 100);
}
