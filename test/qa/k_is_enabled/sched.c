/* A toy scheduler tick whose policy depends on IS_ENABLED() options. */
#include <stdio.h>

#include "kconfig.h"

#define NR_TASKS 5

static const int tick_hz = IS_ENABLED(CONFIG_HZ_1000) ? 1000 : 250;
static int runqueue_load[IS_ENABLED(CONFIG_SMP) ? 4 : 1];

struct task {
  const char *comm;
  int prio;
  int runtime;
};

static int nr_cpus(void) {
  if (!IS_ENABLED(CONFIG_SMP))
    return 1;
  return (int)(sizeof(runqueue_load) / sizeof(runqueue_load[0]));
}

static int pick_cpu(const struct task *t, int i) {
  if (IS_ENABLED(CONFIG_SMP))
    return (i + t->prio) % nr_cpus();
  return 0;
}

static int slice_ms(const struct task *t) {
  int slice = 1000 / tick_hz * (t->prio + 1);
#if IS_ENABLED(CONFIG_PREEMPT)
  if (slice > 12)
    slice = 12;
#endif
  return slice;
}

int main(void) {
  struct task tasks[NR_TASKS] = {
      {"init", 0, 0}, {"kswapd", 3, 0}, {"sshd", 1, 0},
      {"cc1", 5, 0},  {"bash", 2, 0},
  };
  int switches = 0;
  for (int round = 0; round < 3; round++) {
    for (int i = 0; i < NR_TASKS; i++) {
      struct task *t = &tasks[i];
      int cpu = pick_cpu(t, i + round);
      int s = slice_ms(t);
      t->runtime += s;
      runqueue_load[cpu] += s;
      if (IS_ENABLED(CONFIG_PREEMPT) && s >= 12)
        switches++;
    }
  }
  printf("hz=%d cpus=%d preempt=%d\n", tick_hz, nr_cpus(),
         IS_ENABLED(CONFIG_PREEMPT));
  for (int c = 0; c < nr_cpus(); c++)
    printf("cpu%d load %d\n", c, runqueue_load[c]);
  for (int i = 0; i < NR_TASKS; i++)
    printf("%-6s %d\n", tasks[i].comm, tasks[i].runtime);
  printf("forced switches %d\n", switches);
  return switches % 4;
}

