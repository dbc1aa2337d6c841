#ifndef QA_CHARDEV_H
#define QA_CHARDEV_H

#include "autoconf.h"

struct cdev {
  const char *name;
  unsigned long pos;
  int opened;
};

/* Every entry may be NULL: the core checks before calling. */
struct cdev_ops {
  const char *name;
  int (*open)(struct cdev *dev);
  long (*ioctl)(struct cdev *dev, unsigned int cmd, unsigned long arg);
#ifdef CONFIG_COMPAT
  long (*compat_ioctl)(struct cdev *dev, unsigned int cmd, unsigned int arg);
#endif
  int (*mmap)(struct cdev *dev, unsigned long len);
  void (*release)(struct cdev *dev);
};

extern const struct cdev_ops null_fops;
#ifdef CONFIG_DEV_ZERO
extern const struct cdev_ops zero_fops;
#endif

#endif /* QA_CHARDEV_H */
