#include "blkdev.h"

static stat_t bytes_done;

#ifdef CONFIG_64BIT_STATS
uint64_t
#else
uint16_t
#endif
blk_submit(struct blkdev *dev, unsigned first, unsigned count
#ifdef CONFIG_TIMEOUT
           ,
           int timeout_ms
#endif
) {
  if (first + count > dev->sectors)
    count = dev->sectors - first;
#ifdef CONFIG_TIMEOUT
  /* one sector per millisecond: a short timeout truncates the request */
  if ((int)count > timeout_ms)
    count = (unsigned)timeout_ms;
#endif
  dev->reads++;
  bytes_done += (stat_t)(count * 512u);
  return bytes_done;
}

static int
#ifdef CONFIG_NUMA
pick_queue(const struct blkdev *dev, int cpu) {
  return dev->node * 4 + cpu % 4;
}
#else
pick_queue(int cpu) {
  return cpu % 2;
}
#endif

int blk_queue_for(const struct blkdev *dev, int cpu) {
#ifdef CONFIG_NUMA
  return pick_queue(dev, cpu);
#else
  (void)dev;
  return pick_queue(cpu);
#endif
}
