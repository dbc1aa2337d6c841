#include "glob.h"

#include <ctype.h>
#include <string.h>

static unsigned long steps;

unsigned long glob_steps(void) { return steps; }

static int same_char(char a, char b
#ifdef GLOB_CASEFOLD
                     ,
                     int fold
#endif
) {
#ifdef GLOB_CASEFOLD
  if (fold)
    return tolower((unsigned char)a) == tolower((unsigned char)b);
#endif
  return a == b;
}

#ifdef GLOB_CLASSES
/* p points after '['; returns the pattern position after ']' or NULL for a
 * malformed class; *matched says whether c is in the class. */
static const char *match_class(const char *p, char c, int *matched) {
  int negate = 0, found = 0;
  if (*p == '!' || *p == '^') {
    negate = 1;
    ++p;
  }
  do {
    if (*p == '\0')
      return NULL;
    if (p[1] == '-' && p[2] != ']' && p[2] != '\0') {
      if (c >= p[0] && c <= p[2])
        found = 1;
      p += 3;
    } else {
      if (c == *p)
        found = 1;
      ++p;
    }
  } while (*p != ']');
  *matched = found != negate;
  return p + 1;
}
#endif

#ifdef GLOB_CASEFOLD
#define SAME(a, b) same_char((a), (b), fold)
#define RECURSE(p, s, d) match_at((p), (s), (d), fold)
#else
#define SAME(a, b) same_char((a), (b))
#define RECURSE(p, s, d) match_at((p), (s), (d))
#endif

static enum glob_result match_at(const char *p, const char *s, int depth
#ifdef GLOB_CASEFOLD
                                 ,
                                 int fold
#endif
) {
  if (depth > GLOB_MAX_DEPTH)
    return GLOB_ERROR;
  while (*p) {
    ++steps;
    if (*p == '*') {
      while (*p == '*')
        ++p;
      if (*p == '\0') {
#ifdef GLOB_PATHNAME
        return strchr(s, '/') ? GLOB_NOMATCH : GLOB_MATCH;
#else
        return GLOB_MATCH;
#endif
      }
      for (;; ++s) {
        enum glob_result r = RECURSE(p, s, depth + 1);
        if (r != GLOB_NOMATCH)
          return r;
        if (*s == '\0')
          return GLOB_NOMATCH;
#ifdef GLOB_PATHNAME
        if (*s == '/')
          return GLOB_NOMATCH;
#endif
      }
    } else if (*s == '\0') {
      return GLOB_NOMATCH;
    } else if (*p == '?') {
#ifdef GLOB_PATHNAME
      if (*s == '/')
        return GLOB_NOMATCH;
#endif
      ++p;
      ++s;
    }
#ifdef GLOB_CLASSES
    else if (*p == '[') {
      int in = 0;
      const char *next = match_class(p + 1, *s, &in);
      if (!next)
        return GLOB_ERROR;
      if (!in)
        return GLOB_NOMATCH;
      p = next;
      ++s;
    }
#endif
#ifdef GLOB_ESCAPE
    else if (*p == '\\' && p[1] != '\0') {
      if (*s != p[1])
        return GLOB_NOMATCH;
      p += 2;
      ++s;
    }
#endif
    else {
      if (!SAME(*p, *s))
        return GLOB_NOMATCH;
      ++p;
      ++s;
    }
  }
  return *s == '\0' ? GLOB_MATCH : GLOB_NOMATCH;
}

enum glob_result glob_match(const char *pat, const char *str
#ifdef GLOB_CASEFOLD
                            ,
                            int fold
#endif
) {
  steps = 0;
  return RECURSE(pat, str, 0);
}
