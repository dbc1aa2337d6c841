// std::thread workers, still running their loop while main() returns is not
// allowed by std::thread, so they are joined. Regions: 0 main, 1 worker,
// 2 step.
#include "varsim_generated.h"

#include <cstdio>
#include <thread>
#include <vector>

static void step() { VARSIM_REGION(2); }

int main() {
  VARSIM_REGION(0);
  std::vector<std::thread> workers;
  for (int i = 0; i < 3; ++i)
    workers.emplace_back([i] {
      VARSIM_REGION(1);
      for (int k = 0; k < 50 * (i + 1); ++k)
        step();
    });
  for (std::thread &t : workers)
    t.join();
  std::printf("joined\n");
  return 0;
}
