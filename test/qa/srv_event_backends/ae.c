/* The event loop; the backend is one of the ae_*.c files, picked by what
 * config.h says the system has, best first. */
#include "ae.h"

#ifdef HAVE_EPOLL
#include "ae_epoll.c"
#else
#ifdef HAVE_KQUEUE
#include "ae_kqueue.c"
#else
#include "ae_select.c"
#endif
#endif

int ev_init(ev_loop *l) {
  for (int i = 0; i < EV_SETSIZE; i++)
    l->mask[i] = l->pending[i] = 0;
  l->nfired = 0;
  return api_create(l);
}

void ev_add(ev_loop *l, int fd, int mask) { l->mask[fd] |= mask; }

void ev_simulate(ev_loop *l, int fd, int mask) {
  l->pending[fd] |= mask;
  api_notify(l, fd);
}

int ev_poll_once(ev_loop *l) {
  l->nfired = api_poll(l);
  for (int i = 0; i < l->nfired; i++)
    l->pending[l->fired[i]] = 0;
  return l->nfired;
}

const char *ev_backend(void) { return EV_BACKEND_NAME; }

void ev_free(ev_loop *l) { api_free(l); }
