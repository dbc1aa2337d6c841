/* Deterministic busy-work: the designed costs of the sample (README.md). */
#ifndef CACHE_EARLY_RETURN_WORK_H
#define CACHE_EARLY_RETURN_WORK_H

/* Busy-waits on CLOCK_MONOTONIC for MS milliseconds of the program's
   schedule. Each call's deadline is the previous call's deadline plus MS
   (the first call starts the schedule), so time lost to preemption after
   one deadline is made up by the next piece of work: the costs stay the
   designed ones, in the simulator and in every variant, even on a loaded
   machine. */
void work_ms(double ms);

#endif
