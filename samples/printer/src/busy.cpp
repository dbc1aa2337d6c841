#include "busy.h"

#include <chrono>

namespace {
using Clock = std::chrono::steady_clock;
using Millis = std::chrono::duration<double, std::milli>;

// Falling further behind than this (the process was stopped) restarts the
// schedule instead of shortening the work that follows for long.
constexpr Millis MaxLag{1000.0};

bool Started = false;
Clock::time_point Schedule; // the previous call's deadline
} // namespace

void spend(double milliseconds) {
  // Each piece ends at the previous piece's deadline plus its cost: when the
  // machine is loaded, time lost to preemption after one deadline is made up
  // by the next piece, so the costs stay the designed ones.
  const Clock::time_point now = Clock::now();
  if (!Started || now - Schedule > MaxLag) {
    Schedule = now;
    Started = true;
  }
  Schedule += std::chrono::duration_cast<Clock::duration>(Millis{milliseconds});
  // volatile keeps the loop from being optimised away.
  volatile unsigned long spins = 0;
  while (Clock::now() < Schedule)
    spins = spins + 1;
}
