#ifndef CHECK_H
#define CHECK_H

#include <assert.h>

/* Counts the range checks that ran: none when NDEBUG compiles them out. */
extern int range_checks;

#define CHECK_RANGE(v, hi) assert((v) < (hi) && ++range_checks > 0)

int step(int i);
int valid(int x);

#endif
