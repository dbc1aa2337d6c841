/* Included by ae.c only: scans every descriptor (also used for poll()). */
#include <stddef.h>

static int api_create(ev_loop *l) {
  l->apidata = NULL;
  return 0;
}

static void api_notify(ev_loop *l, int fd) {
  (void)l;
  (void)fd;
}

static int api_poll(ev_loop *l) {
  int n = 0;
#ifdef HAVE_POLL
  /* poll() reports the highest descriptors first in this toy */
  for (int fd = EV_SETSIZE - 1; fd >= 0; fd--)
#else
  for (int fd = 0; fd < EV_SETSIZE; fd++)
#endif
    if (l->mask[fd] & l->pending[fd])
      l->fired[n++] = fd;
  return n;
}

static void api_free(ev_loop *l) { (void)l; }
