#ifndef QA_NETFILTER_H
#define QA_NETFILTER_H

struct pkt {
  unsigned len;
  unsigned char proto;
  unsigned short csum;
  unsigned short port;
};

enum verdict { NF_ACCEPT, NF_DROP, NF_STOLEN };

#define RUNT_LEN 20
#define RATE_BURST 4

enum verdict nf_hook(const struct pkt *p);
unsigned short pkt_csum(const struct pkt *p);

#endif
