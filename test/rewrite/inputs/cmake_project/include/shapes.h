#ifndef SHAPES_H
#define SHAPES_H

#ifdef PRECISE
#define PI_VALUE 3.14159265
#else
#define PI_VALUE 3.0
#endif

double circle_area(double r);
double square_area(double s);
void report(const char *what, double value);

static inline int rounded(double v) {
#ifdef PRECISE
  return (int)(v + 0.5);
#else
  return (int)v;
#endif
}

#endif
