/* The zero device: only built with CONFIG_DEV_ZERO. */
#include "chardev.h"

#ifdef CONFIG_DEV_ZERO

static int zero_open(struct cdev *dev) {
  dev->opened++;
  dev->pos = 0;
  return 0;
}

static long zero_ioctl(struct cdev *dev, unsigned int cmd,
                       unsigned long arg) {
  dev->pos += arg;
  return (long)(cmd + dev->pos);
}

#ifdef CONFIG_MMAP
static int zero_mmap(struct cdev *dev, unsigned long len) {
  if (len > 4096)
    return -12;
  dev->pos += len;
  return (int)(len / 64);
}
#endif

const struct cdev_ops zero_fops = {
    .name = "zero",
    .open = zero_open,
    .ioctl = zero_ioctl,
#ifdef CONFIG_MMAP
    .mmap = zero_mmap,
#endif
    /* no release: the core tolerates NULL */
};

#endif /* CONFIG_DEV_ZERO */
