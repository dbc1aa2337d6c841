/* Included by ae.c only: a ready list in arrival order. */
#include <stdlib.h>

typedef struct api_state {
  int ready[EV_SETSIZE];
  int nready;
} api_state;

static int api_create(ev_loop *l) {
  l->apidata = calloc(1, sizeof(api_state));
  return l->apidata ? 0 : -1;
}

static void api_notify(ev_loop *l, int fd) {
  api_state *s = l->apidata;
  s->ready[s->nready++] = fd;
}

static int api_poll(ev_loop *l) {
  api_state *s = l->apidata;
  int n = 0;
  for (int i = 0; i < s->nready; i++)
    if (l->mask[s->ready[i]] & l->pending[s->ready[i]])
      l->fired[n++] = s->ready[i];
  s->nready = 0;
  return n;
}

static void api_free(ev_loop *l) { free(l->apidata); }
