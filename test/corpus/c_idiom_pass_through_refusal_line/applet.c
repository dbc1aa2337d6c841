/* A small BusyBox-style applet: options and messages picked by IF_X(...),
 * and a buffer size per feature that the banner spells out. */
#include <stdio.h>
#include <string.h>

#ifdef CONFIG_FEATURE_VERBOSE
#define IF_FEATURE_VERBOSE(...) __VA_ARGS__
#else
#define IF_FEATURE_VERBOSE(...)
#endif

#ifdef CONFIG_FEATURE_BIG_BUFFER
#define BUF_SIZE 256
#else
#define BUF_SIZE 64
#endif

#define STR(x) #x
#define XSTR(x) STR(x)

static int count_words(const char *s) {
  int n = 0, in = 0;
  for (; *s; s++) {
    if (*s == ' ') {
      in = 0;
    } else if (!in) {
      in = 1;
      n++;
      IF_FEATURE_VERBOSE(printf("word at %c\n", *s);)
    }
  }
  IF_FEATURE_VERBOSE(printf("%d words\n", n);)
  return n;
}

int main(void) {
  char buf[BUF_SIZE];
  strcpy(buf, "the quick brown fox");
  IF_FEATURE_VERBOSE(printf("input: %s\n", buf);)
  puts("buffer of " XSTR(BUF_SIZE) " bytes");
  return count_words(buf);
}

/* The refusal, pinned (run_corpus.py checks these lines with FileCheck):
// REFUSAL: {{^.*}}/applet.c:40:21: error: the macro 'BUF_SIZE' defined per feature
// REFUSAL-SAME: is stringified here
// REFUSAL-NEXT: varsim: note: nothing was written
*/
