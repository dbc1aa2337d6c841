/* A tiny query planner: one allocation holds the plan header, its steps
 * (a trailing array) and a scratch area behind them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ROUND8(x) (((x) + 7) & ~7)

struct step {
  int table;
  int cursor;
  unsigned cost;
#ifndef PLAN_NO_LIKE_OPT
  int like_counter; /* register of the LIKE retry loop */
  int like_addr;
#endif
};

struct scratch {
  long seen;
  int rounds;
};

struct plan {
  int nstep;
#ifdef PLAN_STATS
  unsigned long probes;
  double est_rows;
#endif
  struct step a[1]; /* nstep entries, allocated with the header */
};

static void *plan_alloc(size_t n) {
  void *p = malloc(n);
  if (p)
    memset(p, 0xab, n); /* like a debugging allocator: no zeros for free */
  return p;
}

static struct plan *plan_new(int ntable, struct scratch **scratch_out) {
  int nbytes;
  nbytes = ROUND8(sizeof(struct plan) + (ntable - 1) * sizeof(struct step));
  struct plan *p = plan_alloc(nbytes + sizeof(struct scratch));
  if (!p)
    return NULL;
  memset(p->a, 0, ntable * sizeof(struct step));
  p->nstep = ntable;
#ifdef PLAN_STATS
  p->probes = 0;
  p->est_rows = 1.0;
#endif
  struct scratch *s = (struct scratch *)(((char *)p) + nbytes);
  s->seen = 0;
  s->rounds = 0;
  *scratch_out = s;
  for (int i = 0; i < ntable; i++) {
    p->a[i].table = i;
    p->a[i].cursor = 100 + i;
    p->a[i].cost = (unsigned)(i * 7 + 3) % 11;
#ifndef PLAN_NO_LIKE_OPT
    p->a[i].like_counter = 0;
    p->a[i].like_addr = -1;
#endif
  }
  return p;
}

/* A one-step plan with room for a label behind it, in the same block. */
static struct plan *plan_labelled(const char *label, char **label_out) {
  size_t nlabel = strlen(label) + 1;
  size_t nbyte = ROUND8(sizeof(struct plan)) + ROUND8(nlabel);
  struct plan *p = plan_alloc(nbyte);
  if (!p)
    return NULL;
  char *extra = ((char *)p) + ROUND8(sizeof(struct plan));
  memcpy(extra, label, nlabel);
  p->nstep = 1;
  p->a[0].cost = (unsigned)nlabel;
  *label_out = extra;
  return p;
}

/* Drops the steps that cost nothing: the later ones move down. */
static void plan_drop_free_steps(struct plan *p, struct scratch *s) {
  for (int i = 0; i < p->nstep;) {
    s->rounds++;
    if (p->a[i].cost != 0) {
      i++;
      continue;
    }
    if (i != p->nstep - 1) {
      int nbyte = (p->nstep - 1 - i) * sizeof(struct step);
      memmove(&p->a[i], &p->a[i + 1], nbyte);
    }
    p->nstep--;
  }
}

static unsigned plan_run(struct plan *p, struct scratch *s) {
  unsigned total = 0;
  for (int i = 0; i < p->nstep; i++) {
    total += p->a[i].cost * (unsigned)p->a[i].table;
    s->seen += p->a[i].cursor;
#ifndef PLAN_NO_LIKE_OPT
    p->a[i].like_counter += (int)p->a[i].cost;
    total += (unsigned)p->a[i].like_counter;
#endif
#ifdef PLAN_STATS
    p->probes += p->a[i].cost;
#endif
  }
  return total;
}

int main(void) {
  unsigned grand = 0;
  for (int n = 1; n <= 12; n += 3) {
    struct scratch *s = NULL;
    struct plan *p = plan_new(n, &s);
    if (!p)
      return 1;
    plan_drop_free_steps(p, s);
    unsigned t = plan_run(p, s);
    printf("tables=%d steps=%d cost=%u seen=%ld rounds=%d\n", n, p->nstep, t,
           s->seen, s->rounds);
#ifdef PLAN_STATS
    printf("  probes=%lu\n", p->probes);
#endif
    grand += t;
    free(p);
  }
  char *label = NULL;
  struct plan *one = plan_labelled("nested-loop", &label);
  if (!one)
    return 1;
  printf("label=%s cost=%u\n", label, one->a[0].cost);
  free(one);
  printf("total=%u\n", grand);
  return (int)(grand % 5);
}
