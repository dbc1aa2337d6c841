/* A curve table whose entries get a fast reduction routine only when the
 * build enables it: the per-option macro is one assignment statement with
 * its own ';' (and empty otherwise), and its uses add another. */
#include <stdio.h>

struct curve {
  const char *name;
  unsigned modulus;
  unsigned (*reduce)(unsigned);
};

static unsigned reduce_generic(unsigned x) { return x; }

#if defined(FAST_REDUCE)
static unsigned reduce_p17(unsigned x) { return x % 17u; }
static unsigned reduce_p31(unsigned x) { return x % 31u; }
#define SET_FAST(c, P) (c)->reduce = reduce_##P;
#else
#define SET_FAST(c, P)
#endif

#ifdef TRACE_SETUP
#define NOTE_SETUP(c) printf("setup %s\n", (c)->name);
#else
#define NOTE_SETUP(c)
#endif

static int curve_load(struct curve *c, int id) {
  c->reduce = reduce_generic;
  switch (id) {
  case 17:
    c->name = "p17";
    c->modulus = 17;
    SET_FAST(c, p17);
    break;
  case 31:
    c->name = "p31";
    c->modulus = 31;
    SET_FAST(c, p31);
    break;
  default:
    return -1;
  }
  NOTE_SETUP(c);
  return 0;
}

int main(void) {
  int ids[] = {17, 31, 5};
  unsigned sum = 0;
  for (int i = 0; i < 3; i++) {
    struct curve c;
    if (curve_load(&c, ids[i]) != 0) {
      printf("curve %d unknown\n", ids[i]);
      continue;
    }
    unsigned r = c.reduce(1000u + (unsigned)i);
    printf("%s: reduce(%u) = %u\n", c.name, 1000u + (unsigned)i, r);
    sum += r;
  }
  return (int)(sum % 7u);
}
