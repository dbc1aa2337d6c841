#include "registry.h"

#ifdef WITH_SQUARE
static double square_area(double s) { return s * s; }
REGISTER_SHAPE("square", square_area);
#endif
