/* Included by ae.c only: a change list scanned newest first. */
#include <stdlib.h>

typedef struct api_state {
  int changes[EV_SETSIZE * 2];
  int nchanges;
} api_state;

static int api_create(ev_loop *l) {
  l->apidata = calloc(1, sizeof(api_state));
  return l->apidata ? 0 : -1;
}

static void api_notify(ev_loop *l, int fd) {
  api_state *s = l->apidata;
  s->changes[s->nchanges++] = fd;
}

static int api_poll(ev_loop *l) {
  api_state *s = l->apidata;
  int n = 0;
  for (int i = s->nchanges - 1; i >= 0; i--) {
    int fd = s->changes[i];
    if (l->mask[fd] & l->pending[fd])
      l->fired[n++] = fd;
  }
  s->nchanges = 0;
  return n;
}

static void api_free(ev_loop *l) { free(l->apidata); }
