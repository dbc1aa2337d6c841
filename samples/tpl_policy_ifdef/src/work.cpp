#include "work.h"

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

void work_ms(double ms) {
  Clock::time_point Now = Clock::now();
  if (!Started || Now - Schedule > MaxLag) {
    Schedule = Now;
    Started = true;
  }
  Schedule += std::chrono::duration_cast<Clock::duration>(Millis{ms});
  while (Clock::now() < Schedule) {
  }
}
