#include "netfilter.h"

unsigned short pkt_csum(const struct pkt *p) {
  return (unsigned short)((p->len * 31u + p->proto * 7u + p->port) & 0xffff);
}

enum verdict nf_hook(const struct pkt *p) {
#ifdef CONFIG_DROP_RUNTS
  if (p->len < RUNT_LEN)
    return NF_DROP;
#endif
#ifdef CONFIG_CSUM_VERIFY
  if (pkt_csum(p) != p->csum)
    return NF_DROP;
#endif
  if (p->proto == 1 && p->port == 0)
    return NF_STOLEN;
  return NF_ACCEPT;
}
