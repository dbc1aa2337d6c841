/* A config section at the top of the file maps the user's FEATURE_*
 * switches to the HAVE_* macros that the code tests, autoconf style: 1/0
 * values (#if HAVE_TRIM), defined or not (#ifdef HAVE_UPPER) and a chain
 * (HAVE_TRIM_COUNT needs HAVE_TRIM). */
#include <stdio.h>
#include <string.h>

#ifdef FEATURE_TRIM
#define HAVE_TRIM 1
#else
#define HAVE_TRIM 0
#endif

#if defined(FEATURE_UPPER)
#define HAVE_UPPER
#endif

#if defined(FEATURE_COUNT) && HAVE_TRIM
#define HAVE_TRIM_COUNT 1
#else
#define HAVE_TRIM_COUNT 0
#endif

static int transform(char *s) {
  int changed = 0;
#if HAVE_TRIM
  size_t n = strlen(s);
  while (n > 0 && s[n - 1] == ' ') {
    s[--n] = '\0';
    ++changed;
  }
#endif
#ifdef HAVE_UPPER
  for (char *p = s; *p; ++p)
    if (*p >= 'a' && *p <= 'z') {
      *p = (char)(*p - 'a' + 'A');
      ++changed;
    }
#endif
  return changed;
}

#if HAVE_TRIM_COUNT
static int trimmed_total;
#endif

int main(void) {
  char lines[3][32] = {"hello world   ", "abc ", "no trailing"};
  int total = 0;
  for (int i = 0; i < 3; ++i) {
    int c = transform(lines[i]);
    total += c;
#if HAVE_TRIM_COUNT
    trimmed_total += c;
#endif
    printf("[%s] %d\n", lines[i], c);
  }
#if !HAVE_TRIM && !defined(HAVE_UPPER)
  printf("no transformation\n");
#elif HAVE_TRIM && defined HAVE_UPPER
  printf("trimmed and upper-cased\n");
#endif
#if HAVE_TRIM_COUNT
  printf("counted %d\n", trimmed_total);
#endif
  return total % 50;
}
