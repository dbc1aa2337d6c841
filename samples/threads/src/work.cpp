#include "work.h"

namespace {
using Millis = std::chrono::duration<double, std::milli>;

// Falling further behind than this (the thread was stopped) restarts the
// schedule instead of shortening the work that follows for long. On a
// loaded machine the lag stays far below it.
constexpr Millis MaxLag{1000.0};

thread_local bool Started = false;
thread_local WorkClock::time_point Schedule; // the previous call's deadline
} // namespace

void work_ms(double ms) {
  WorkClock::time_point Now = WorkClock::now();
  if (!Started || Now - Schedule > MaxLag) {
    Schedule = Now;
    Started = true;
  }
  Schedule += std::chrono::duration_cast<WorkClock::duration>(Millis{ms});
  while (WorkClock::now() < Schedule) {
  }
}

WorkClock::time_point work_schedule() {
  return Started ? Schedule : WorkClock::now();
}

void work_adopt(WorkClock::time_point At) {
  Schedule = At;
  Started = true;
}
