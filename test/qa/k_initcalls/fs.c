/* A filesystem that fails to initialise without its backing device. */
#include "subsys.h"

#ifdef CONFIG_TMPFS
static int tmpfs_init(void) {
#ifdef CONFIG_NET
  return 0;
#else
  return -2;
#endif
}
subsys_initcall(tmpfs_init, 2)
#endif
