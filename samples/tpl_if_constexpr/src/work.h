// Deterministic busy-work: the designed costs of the sample (README.md).
#ifndef TPL_WORK_H
#define TPL_WORK_H

// Busy-waits on std::chrono::steady_clock for MS milliseconds of the
// program's schedule. Each call's deadline is the previous call's deadline
// plus MS (the first call starts the schedule), so time lost to preemption
// after one deadline is made up by the next piece of work: the costs stay
// the designed ones, in the simulator and in every variant, even on a
// loaded machine. The spin loop calls nothing of the program's own.
void work_ms(double ms);

#endif
