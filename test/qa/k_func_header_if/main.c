#include <stdio.h>

#include "blkdev.h"

int blk_queue_for(const struct blkdev *dev, int cpu);

int main(void) {
  struct blkdev sda = {"sda", 200, 0
#ifdef CONFIG_NUMA
                       ,
                       1
#endif
  };
  stat_t done = 0;
  for (unsigned i = 0; i < 6; i++) {
    done = blk_submit(&sda, i * 40, 50
#ifdef CONFIG_TIMEOUT
                      ,
                      35
#endif
    );
    printf("req %u queue %d done " STAT_FMT "\n", i,
           blk_queue_for(&sda, (int)i), STAT_ARG(done));
  }
  printf("%s: %u reads, " STAT_FMT " bytes\n", sda.name, sda.reads,
         STAT_ARG(done));
  return (int)(done % 251);
}

