// C++ scopes: exceptions through regions (RAII), constructors, destructors,
// lambdas. Regions: 0 main, 1 leaf, 2 thrower, 3 thrower's block, 4 Obj(),
// 5 ~Obj(), 6 the lambda.
#include "varsim_generated.h"

#include <cstdio>
#include <stdexcept>

static int leaf(int x) {
  VARSIM_REGION(1);
  if (x < 0)
    throw std::runtime_error("negative");
  return x;
}

static int thrower(int x) {
  VARSIM_REGION(2);
  {
    VARSIM_REGION(3);
    return leaf(x);
  }
}

struct Obj {
  Obj() { VARSIM_REGION(4); }
  ~Obj() { VARSIM_REGION(5); }
};

int main() {
  VARSIM_REGION(0);
  int caught = 0;
  for (int i = -2; i < 2; ++i) {
    try {
      thrower(i);
    } catch (const std::exception &) {
      ++caught;
    }
  }
  {
    Obj o;
  }
  auto lambda = [] {
    VARSIM_REGION(6);
    return 1;
  };
  std::printf("caught=%d lambda=%d\n", caught, lambda());
  return 0;
}
