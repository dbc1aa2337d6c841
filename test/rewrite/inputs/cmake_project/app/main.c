#include "shapes.h"

int main(void) {
  report("circle", circle_area(2.0));
  report("square", square_area(3.0));
#if defined(VERBOSE) && defined(SCALED)
  report("both", circle_area(1.0) + square_area(1.0));
#endif
  return rounded(circle_area(1.0)) % 5;
}
