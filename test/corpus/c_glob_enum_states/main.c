/* fsmbench: feeds a few requests through the state machine. */
#include "fsm.h"

#include <stdio.h>
#include <string.h>

static const char *const inputs[] = {
    "/index.html HTTP\n12;abcdefghijkl0;",
    "/search?q=varsim HTTP\n3;abc0;",
    "nope",
    "/a?b=1 H\n0;",
};

#define NINPUTS (sizeof inputs / sizeof inputs[0])

int main(void) {
  unsigned long ended[ST_ERROR + 1];
  unsigned long total = 0;
  int round;
  unsigned i;
  memset(ended, 0, sizeof ended);
  for (round = 0; round < 20000; ++round)
    for (i = 0; i < NINPUTS; ++i) {
      struct fsm m = {ST_START, 0, 0};
      int r = fsm_feed(&m, inputs[i], strlen(inputs[i]));
      ended[m.state]++;
      total += m.steps + m.chars + (unsigned long)(r + 1);
      if (round == 0)
        printf("%-36s -> %d %s (%d)\n", inputs[i], r,
               fsm_state_name(m.state), (int)m.state);
    }
  for (i = 0; i <= ST_ERROR; ++i)
    if (ended[i])
      printf("ended in %-10s %lu\n", fsm_state_name((enum fsm_state)i),
             ended[i]);
  printf("states %d, done=%d, chunk kinds %d %d %d, total %lu\n",
         (int)ST_ERROR + 1, (int)ST_DONE, (int)fsm_chunk_kind(3),
         (int)fsm_chunk_kind(12), (int)fsm_chunk_kind(40), total);
  return FSM_TERMINAL(ST_DONE) ? 0 : 1;
}
