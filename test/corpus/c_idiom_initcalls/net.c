#include <stdio.h>

#include "hooks.h"

#ifdef WITH_NET
static int net_up;

static int net_init(void) {
  net_up = 1;
  return 2;
}
early_hook(net_init, 20)

#ifdef WITH_IPV6
static int ipv6_init(void) { return net_up ? 6 : -1; }
early_hook_prio(ipv6_init, 30, 300)
#endif

__attribute__((destructor)) static void net_down(void) {
  printf("net down (was %s)\n", net_up ? "up" : "never up");
}
#endif
