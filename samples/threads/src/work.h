// Deterministic busy-work: the designed costs of the sample (README.md).
#ifndef THREADS_WORK_H
#define THREADS_WORK_H

#include <chrono>

using WorkClock = std::chrono::steady_clock;

// Busy-waits on std::chrono::steady_clock for MS milliseconds of the
// calling thread's schedule. Each call's deadline is the thread's previous
// deadline plus MS (its first call starts the schedule), so time lost to
// preemption after one deadline is made up by the next piece of work: the
// costs stay the designed ones, in the simulator and in every variant, even
// on a loaded machine.
void work_ms(double ms);

// The calling thread's schedule: the deadline of its last work_ms.
WorkClock::time_point work_schedule();

// Continues the calling thread's schedule from AT: a worker starts from its
// spawner's schedule (so a late thread start is made up), and a thread that
// joined workers continues from the latest of their schedules.
void work_adopt(WorkClock::time_point At);

#endif
