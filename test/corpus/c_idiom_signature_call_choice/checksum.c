/* A checksum whose accumulator is wider in the high-precision build: the
 * folding step takes another parameter type per feature (and is static in
 * one branch only), but returns an int in both. */
#include <stdio.h>

#ifdef HIRES
static int fold(unsigned long long acc) {
  return (int)((acc >> 20) ^ (acc & 0xfffff));
}
#else
int fold(unsigned acc);
int fold(unsigned acc) { return (int)(acc & 0xffff); }
#endif

static unsigned long long accumulate(const char *s) {
  unsigned long long acc = 1469598103934665603ULL;
  while (*s)
    acc = (acc ^ (unsigned char)*s++) * 1099511628211ULL;
  return acc;
}

int main(void) {
  static const char *const words[] = {"red", "green", "blue"};
  int sum = 0;
  for (int i = 0; i < 3; i++) {
    int f = fold(accumulate(words[i]) + (unsigned)i);
    printf("%-5s %d\n", words[i], f);
    sum += f;
  }
  return sum % 7;
}
