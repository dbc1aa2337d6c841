#include "meter.h"

#include <stdio.h>

/* A parameter in the middle (scale) and one at the end (unit). */
long meter_report(const char *name
#ifdef SCALE
                  , int scale
#endif
                  , long value
#ifdef UNITS
                  , const char *unit
#endif
) {
  long shown = value;
#ifdef SCALE
  shown = value * scale;
#endif
  printf("%s=%ld", name, shown);
#ifdef UNITS
  printf(" %s", unit);
#endif
  printf("\n");
  return shown;
}
