#include <stdio.h>

#include "ae.h"

int main(void) {
  ev_loop loop;
  if (ev_init(&loop) != 0)
    return 1;
  ev_add(&loop, 3, AE_READABLE);
  ev_add(&loop, 5, AE_READABLE | AE_WRITABLE);
  ev_add(&loop, 6, AE_WRITABLE);
  ev_simulate(&loop, 5, AE_WRITABLE);
  ev_simulate(&loop, 3, AE_READABLE);
  ev_simulate(&loop, 6, AE_READABLE);
  ev_simulate(&loop, 6, AE_WRITABLE);
  int n = ev_poll_once(&loop);
  printf("backend %s fired %d:", ev_backend(), n);
  int order = 0;
  for (int i = 0; i < n; i++) {
    printf(" %d", loop.fired[i]);
    order = order * 10 + loop.fired[i];
  }
  printf("\n");
  ev_free(&loop);
  return order % 97;
}
