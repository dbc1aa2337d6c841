/* A calculator dispatching through a table of function pointers. */
#include <stdio.h>

typedef long (*op_fn)(long, long);

static long add(long a, long b) { return a + b; }
static long mul(long a, long b) { return a * b; }
#ifdef POWER
static long power(long a, long b) {
  long r = 1;
  while (b-- > 0)
    r *= a;
  return r;
}
#endif
#ifdef MODULO
static long mod(long a, long b) { return b ? a % b : 0; }
#endif

struct op {
  char sym;
  op_fn fn;
};

static struct op ops[4];
static int nops;

static void reg(char sym, op_fn fn) {
  ops[nops].sym = sym;
  ops[nops].fn = fn;
  nops++;
#ifdef TRACE_OPS
  printf("registered %c\n", sym);
#endif
}

int main(void) {
  reg('+', add);
  reg('*', mul);
#ifdef POWER
  reg('^', power);
#endif
#ifdef MODULO
  reg('%', mod);
#endif
  const char *program = "+*^%";
  long acc = 7;
  for (const char *p = program; *p; ++p)
    for (int i = 0; i < nops; ++i)
      if (ops[i].sym == *p) {
        acc = ops[i].fn(acc, 3);
        printf("%c3 -> %ld\n", *p, acc);
      }
  return (int)(acc % 100);
}
