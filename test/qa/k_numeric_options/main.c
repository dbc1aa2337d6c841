#include <stdio.h>

#include "autoconf.h"

void printk_store(const char *msg);
void printk_dump(void);

static int per_cpu_ticks[CONFIG_NR_CPUS];

int main(void) {
  int cpu;
  for (int t = 0; t < 10; t++)
    per_cpu_ticks[t % CONFIG_NR_CPUS] += t;
#ifdef SMP_BALANCE
  int moved = 0;
  for_each_cpu(cpu) {
    if (cpu > 0 && per_cpu_ticks[cpu] > per_cpu_ticks[0]) {
      per_cpu_ticks[cpu]--;
      per_cpu_ticks[0]++;
      moved++;
    }
  }
  printk_store("balanced;");
#endif
  char line[32];
  for_each_cpu(cpu) {
    snprintf(line, sizeof line, "cpu%d=%d;", cpu, per_cpu_ticks[cpu]);
    printk_store(line);
  }
#ifdef CONFIG_PRINTK_TIME
  printk_store("[t]");
#endif
  printk_dump();
#ifdef SMP_BALANCE
  return moved;
#else
  return CONFIG_NR_CPUS + CONFIG_LOG_BUF_SHIFT;
#endif
}
