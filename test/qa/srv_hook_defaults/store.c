#include <stdio.h>
#include <stdlib.h>

#include "userconf.h"

#if !defined(on_alloc)
#define on_alloc(p, n) ((void)(p), (void)(n))
#endif

#ifndef MAX_ITEMS
#define MAX_ITEMS 8
#endif

#if !defined(GROWTH)
#define GROWTH(n) ((n) * 2)
#endif

#if !defined(state_open)
#define state_open(s) ((void)(s))
#endif

struct store {
  int *items;
  unsigned n, cap;
  int user;
};

#ifdef CONFIG_TRACE_ALLOC
static unsigned traced;
void trace_alloc(const void *p, unsigned n) {
  traced += n;
  printf("alloc %s %u\n", p ? "ok" : "fail", n);
}
#endif

static int store_push(struct store *s, int v) {
  if (s->n == MAX_ITEMS)
    return -1;
  if (s->n == s->cap) {
    unsigned cap = s->cap ? GROWTH(s->cap) : 1;
    if (cap > MAX_ITEMS)
      cap = MAX_ITEMS;
    int *p = realloc(s->items, cap * sizeof *p);
    on_alloc(p, cap);
    if (!p)
      return -2;
    s->items = p;
    s->cap = cap;
  }
  s->items[s->n++] = v;
  return 0;
}

int main(void) {
  struct store s = {NULL, 0, 0, 0};
  state_open(&s);
  int dropped = 0;
  for (int i = 1; i <= 10; i++)
    if (store_push(&s, i * i) != 0)
      dropped++;
  long sum = s.user;
  for (unsigned i = 0; i < s.n; i++)
    sum += s.items[i];
  printf("items %u cap %u dropped %d sum %ld\n", s.n, s.cap, dropped, sum);
#ifdef CONFIG_TRACE_ALLOC
  printf("traced %u\n", traced);
#endif
  free(s.items);
  return dropped;
}
