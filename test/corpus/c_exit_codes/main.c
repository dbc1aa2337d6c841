/* An input validator that exits from nested feature code. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int problems;

static void complain(const char *what, int code) {
  printf("problem: %s\n", what);
  problems++;
#ifdef ABORT_EARLY
  fflush(stdout);
  exit(code);
#else
  (void)code;
#endif
}

static void check(const char *s) {
  if (!*s)
    complain("empty", 30);
#ifdef STRICT_SIZE
  if (strlen(s) > 6)
    complain("too long", 10 + (int)strlen(s));
#endif
  for (const char *p = s; *p; ++p) {
#ifdef STRICT_CHARS
    if (*p < 'a' || *p > 'z') {
      complain("bad character", 20);
      break;
    }
#endif
  }
}

int main(void) {
  const char *inputs[] = {"ok", "Upper", "muchtoolong", "x1", ""};
  for (int i = 0; i < 5; ++i) {
    printf("checking %s\n", inputs[i]);
    check(inputs[i]);
  }
  printf("%d problems\n", problems);
  return problems ? 1 : 0;
}
