#include "shapes.h"

double circle_area(double r) { return PI_VALUE * r * r; }

#ifdef SCALED
double square_area(double s) { return 2.0 * s * s; }
#else
double square_area(double s) { return s * s; }
#endif
