#include "busy.h"

#include <chrono>

void spend(double milliseconds) {
  using Clock = std::chrono::steady_clock;
  const auto end = Clock::now() +
                   std::chrono::duration_cast<Clock::duration>(
                       std::chrono::duration<double, std::milli>(milliseconds));
  // volatile keeps the loop from being optimised away.
  volatile unsigned long spins = 0;
  while (Clock::now() < end)
    spins = spins + 1;
}
