#include <cstdio>

#include "registry.h"

#ifdef WITH_CIRCLE
static double circle_area(double r) { return 3.0 * r * r; }

// Written out: registers itself and says goodbye at exit.
struct CircleModule {
  CircleModule() { shapes()["circle"] = circle_area; }
  ~CircleModule() { std::printf("circle module unloaded\n"); }
};
static CircleModule circle_module;
#endif
