#include <stdio.h>

#include "netfilter.h"

static int process(const struct pkt *q, int n, unsigned *bytes) {
  int accepted = 0;
#ifdef CONFIG_RATE_LIMIT
  int tokens = RATE_BURST;
#endif
  for (int i = 0; i < n; i++) {
    const struct pkt *p = &q[i];
    if (p->len == 0) {
#ifdef CONFIG_STRICT_QUEUE
      printf("empty packet at %d: queue aborted\n", i);
      goto out;
#else
      continue;
#endif
    }
    switch (nf_hook(p)) {
    case NF_DROP:
      printf("drop #%d\n", i);
      continue;
    case NF_STOLEN:
      printf("stolen #%d\n", i);
#ifdef CONFIG_RATE_LIMIT
      if (--tokens == 0) {
        printf("rate limit hit\n");
        return -accepted;
      }
#endif
      break;
    case NF_ACCEPT:
      break;
    }
    accepted++;
    *bytes += p->len;
#ifdef CONFIG_RATE_LIMIT
    if (--tokens == 0)
      break;
#endif
  }
#ifdef CONFIG_STRICT_QUEUE
out:
#endif
  return accepted;
}

int main(void) {
  struct pkt q[] = {
      {64, 6, 0, 80},  {12, 17, 0, 53}, {0, 0, 0, 0},  {40, 1, 0, 0},
      {90, 6, 0, 443}, {15, 6, 0, 22},  {70, 17, 0, 123},
  };
  int n = (int)(sizeof q / sizeof q[0]);
  for (int i = 0; i < n; i++)
    q[i].csum = (unsigned short)(pkt_csum(&q[i]) + (i == 4));
  unsigned bytes = 0;
  int r = process(q, n, &bytes);
  printf("result %d bytes %u\n", r, bytes);
  return r < 0 ? 10 - r : r;
}
