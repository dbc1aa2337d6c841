/* Key bindings: table entries and case labels exist per feature. */
#include <stdio.h>

struct binding {
  char key;
  int action;
};

static const struct binding table[] = {
    {'q', 0},
#ifdef VIM
    {'h', 1},
    {'l', 2},
#endif
#ifdef NUMPAD
    {'4', 1}, {'6', 2},
#endif
    {'?', 3},
};

static int lookup(char key) {
  for (unsigned i = 0; i < sizeof table / sizeof table[0]; ++i)
    if (table[i].key == key)
      return table[i].action;
  return -1;
}

static const char *describe(int action) {
  switch (action) {
  case 0:
    return "quit";
#ifdef ARROWS
  case 1:
#endif
  case 2:
    return "move";
  case 3:
    return "help";
  default:
    return "none";
  }
}

int main(void) {
  const char *input = "hl46?xq";
  int known = 0;
  for (const char *p = input; *p; ++p) {
    int a = lookup(*p);
    printf("%c: %s\n", *p, describe(a));
    known += a >= 0;
  }
  printf("%u bindings\n", (unsigned)(sizeof table / sizeof table[0]));
  return known;
}
