#include "codec.h"
#include <cstdio>

int main() {
  std::vector<int> data{5, 5, 5, 6, 7, 7, 7, 7, 3};
  auto out = compress(data);
  std::printf("%s:", codecName());
  for (int v : out)
    std::printf(" %d", v);
  std::printf("\n");
#ifdef STATS
  std::printf("ratio %zu/%zu\n", out.size(), data.size());
#endif
  return static_cast<int>(out.size());
}
