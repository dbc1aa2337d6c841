/* A tiny character-device core driving the registered ops tables. */
#include <stdio.h>

#include "chardev.h"

static const struct cdev_ops *const chrdevs[NR_CHARDEVS] = {
    &null_fops,
#ifdef CONFIG_DEV_ZERO
    &zero_fops,
#endif
};

static long exercise(const struct cdev_ops *ops, struct cdev *dev) {
  long score = 0;
  if (ops->open && ops->open(dev) != 0)
    return -1;
  if (ops->ioctl)
    score += ops->ioctl(dev, 1, 21);
#ifdef CONFIG_COMPAT
  if (ops->compat_ioctl)
    score += ops->compat_ioctl(dev, 1, 5);
  else
    printf("  %s: no compat_ioctl\n", ops->name);
#endif
  if (ops->mmap) {
    int r = ops->mmap(dev, 640);
    printf("  %s: mmap -> %d\n", ops->name, r);
    score += r;
  }
  if (ops->release)
    ops->release(dev);
  return score;
}

int main(void) {
  long total = 0;
  for (int i = 0; i < NR_CHARDEVS; i++) {
    struct cdev dev = {chrdevs[i]->name, 0, 0};
    long s = exercise(chrdevs[i], &dev);
    printf("%s: score %ld pos %lu opened %d\n", dev.name, s, dev.pos,
           dev.opened);
    total += s;
  }
  printf("devices %d total %ld\n", NR_CHARDEVS, total);
  return (int)(total % 5);
}
