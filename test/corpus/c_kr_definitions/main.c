/* Old-style (K&R) function definitions, as zlib 1.2.13 writes every
 * function: functions whose bodies read per-feature file-scope tables are
 * copied per configuration, and their declarations must drop the
 * parameter declarations that follow the parentheses. */
#include <stdio.h>
#include <string.h>

struct state {
  const int *code;
  unsigned long total;
};

#ifdef FASTEST
static const int window[2] = {1, 2};
#else
static const int window[4] = {1, 2, 3, 4};
#endif

/* Called before its definition: its declaration is emitted first. */
local_sum_prototype_free_use();

int window_sum(n, scale)
    int n;
    long scale;
{
  int s = 0, i;
  for (i = 0; i < n && i < (int)(sizeof window / sizeof window[0]); i++)
    s += window[i];
  return (int)(s * scale);
}

/* A char parameter is promoted to int by unprototyped calls. */
static unsigned long checksum(text, len, salt)
    const char *text;
    unsigned len;
    char salt;
{
  unsigned long c = (unsigned long)(unsigned char)salt;
  unsigned i;
  for (i = 0; i < len; i++)
    c = c * 31 + (unsigned char)text[i] + window[i % (sizeof window / sizeof window[0])];
  return c;
}

/* Static locals of one name and different types per branch, as zlib's
 * inflate.c fixedtables(). */
static void fixed(s)
    struct state *s;
{
#ifdef BUILDFIXED
  static int built[4];
  static int *tab;
  if (!tab) {
    int i;
    for (i = 0; i < 4; i++)
      built[i] = i * 3;
    tab = built;
  }
#else
  static const int tab[4] = {0, 3, 6, 9};
#endif
  s->code = tab;
  s->total += (unsigned long)tab[3];
}

/* A function defined per feature (#ifndef / #else), as zlib's
 * longest_match under FASTEST: its switch is declared before the first
 * definition, its variants after a prototype written with a macro. */
#define OF(args) args
static unsigned longest OF((const char *s, unsigned limit));

#ifndef FASTEST
static unsigned longest(s, limit)
    const char *s;
    unsigned limit;
{
  unsigned n = 0;
  while (n < limit && s[n] && s[n] != ' ')
    n++;
  return n;
}
#else
static unsigned longest(s, limit)
    const char *s;
    unsigned limit;
{
  (void)s;
  return limit < 3 ? limit : 3;
}
#endif

int local_sum_prototype_free_use() { return window_sum(3, 2L); }

int main(void) {
  struct state s;
  const char *text = "the quick brown fox";
  memset(&s, 0, sizeof s);
  fixed(&s);
  printf("%d %d\n", window_sum(5, 3L), local_sum_prototype_free_use());
  printf("%u %u\n", longest(text, 10u), longest(text + 4, 2u));
  printf("%lu %lu %d\n", checksum(text, (unsigned)strlen(text), 'x'), s.total,
         s.code[2]);
  return 0;
}
