/* A checksum tool: feature code inside one function body. */
#include <stdio.h>
#include <string.h>

static unsigned checksum(const char *text) {
  unsigned sum = 0;
  size_t len = strlen(text);
  for (size_t i = 0; i < len; ++i) {
    sum = sum * 31u + (unsigned char)text[i];
#ifdef VERBOSE
    if (i % 8 == 0)
      printf("  at %zu: %u\n", i, sum);
#endif
  }
#ifdef SALT
  sum ^= 0x5a5a5a5au;
  printf("salted\n");
#else
  printf("unsalted\n");
#endif
  return sum;
}

int main(void) {
  const char *words[] = {"family", "based", "performance", "measurement"};
  unsigned total = 0;
  for (int i = 0; i < 4; ++i) {
    unsigned c = checksum(words[i]);
    printf("%s -> %u\n", words[i], c);
    total += c;
  }
  printf("total %u\n", total);
  return (int)(total % 7u);
}
