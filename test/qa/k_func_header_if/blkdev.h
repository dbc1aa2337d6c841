#ifndef QA_BLKDEV_H
#define QA_BLKDEV_H

#include <stdint.h>

struct blkdev {
  const char *name;
  unsigned sectors;
  unsigned reads;
#ifdef CONFIG_NUMA
  int node;
#endif
};

#ifdef CONFIG_64BIT_STATS
typedef uint64_t stat_t;
#define STAT_FMT "%llu"
#define STAT_ARG(x) ((unsigned long long)(x))
#else
typedef uint16_t stat_t;
#define STAT_FMT "%u"
#define STAT_ARG(x) ((unsigned)(x))
#endif

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
);

#endif
