/* The null device: reads nothing, swallows everything. */
#include "chardev.h"

static int null_open(struct cdev *dev) {
  dev->opened++;
  return 0;
}

static long null_ioctl(struct cdev *dev, unsigned int cmd, unsigned long arg) {
  (void)dev;
  if (cmd == 1)
    return (long)arg * 2;
  return -22;
}

#ifdef CONFIG_COMPAT
static long null_compat_ioctl(struct cdev *dev, unsigned int cmd,
                              unsigned int arg) {
  return null_ioctl(dev, cmd, (unsigned long)arg) + 1;
}
#endif

static void null_release(struct cdev *dev) { dev->opened--; }

const struct cdev_ops null_fops = {
    .name = "null",
    .open = null_open,
    .ioctl = null_ioctl,
#ifdef CONFIG_COMPAT
    .compat_ioctl = null_compat_ioctl,
#endif
    .release = null_release,
};
