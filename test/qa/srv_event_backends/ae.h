#ifndef QA_AE_H
#define QA_AE_H

#include "config.h"

#define AE_READABLE 1
#define AE_WRITABLE 2

typedef struct ev_loop {
  int mask[EV_SETSIZE];
  int pending[EV_SETSIZE];
  void *apidata;
  int fired[EV_SETSIZE];
  int nfired;
} ev_loop;

int ev_init(ev_loop *l);
void ev_add(ev_loop *l, int fd, int mask);
void ev_simulate(ev_loop *l, int fd, int mask);
int ev_poll_once(ev_loop *l);
const char *ev_backend(void);
void ev_free(ev_loop *l);

#endif
