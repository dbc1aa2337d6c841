/* A checksum whose loop body and condition change per feature: an unbraced
   if body, a loop header and a declaration of several variables under
   conditions. */
#include <stdio.h>

static unsigned checksum(const char *s) {
  unsigned h = 0;
#ifdef WIDE
  unsigned mul = 65599, add = 7;
#else
  unsigned mul = 31, add = 1;
#endif
  for (const char *p = s; *p
#ifdef STOP_AT_SPACE
                          && *p != ' '
#endif
       ;
       ++p)
    if (*p != '-')
#ifdef WIDE
      h = h * mul + (unsigned char)*p + add;
#else
      h = (h * mul) ^ (unsigned char)*p;
#endif
  return h + add;
}

int main(void) {
  const char *words[] = {"alpha beta", "x-y-z", "hello world", ""};
  unsigned all = 0;
  for (int i = 0; i < 4; ++i) {
    unsigned c = checksum(words[i]);
    printf("%-12s %u\n", words[i], c);
    all ^= c;
  }
  return (int)(all % 128);
}
