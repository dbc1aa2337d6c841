#include <ctype.h>
#include <stdio.h>

#include "scan.h"

#if defined WIDE_TOKENS && ASCII_CHARSET
#define MAX_TOKEN 64
#else
#define MAX_TOKEN 16
#endif

static int classify(int c) {
#if defined PEDANTIC || L'\0' != 0
  if (c < 0 || c > 127)
    return -1;
#endif
  if (isdigit(c))
    return 1;
  if (isalpha(c))
    return 2;
  return 0;
}

static tok_hash hash_tokens(const char *s, int *count) {
  tok_hash h = 5381;
  int len = 0;
  for (; *s; ++s) {
    int k = classify((unsigned char)*s);
    if (k > 0 && len < MAX_TOKEN) {
      h = h * 33u + (tok_hash)to_lower_ascii((unsigned char)*s);
      ++len;
    } else if (len) {
      ++*count;
      len = 0;
    }
  }
  return h;
}

int main(void) {
  const char *text = "Tokens Of Varying Length: identifiers_that_are_rather_"
                     "long_indeed, 12345, x, and A_Mixed_Case_Word.";
  int count = 0;
  tok_hash total = 0;
  for (int i = 0; i < 2000; ++i)
    total += hash_tokens(text, &count) % 9973u;
  printf("ascii %d max %d count %d total %lu\n", ASCII_CHARSET, MAX_TOKEN,
         count, (unsigned long)total);
  return 0;
}
