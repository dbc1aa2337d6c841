/* Networking: registers itself only when configured in. */
#include "subsys.h"

#ifdef CONFIG_NET
extern int core_booted;
int net_ready;

static int net_dev_init(void) {
  net_ready = core_booted ? 2 : 0;
  return 0;
}
subsys_initcall(net_dev_init, 2)

#ifdef CONFIG_NET_LOOPBACK
static int loopback_init(void) { return net_ready == 2 ? 0 : -19; }
subsys_initcall(loopback_init, 3)
#endif
#endif /* CONFIG_NET */
