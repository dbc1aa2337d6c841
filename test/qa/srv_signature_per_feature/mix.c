#include "mix.h"

#ifdef CONFIG_WIDE_HASH
static unsigned long long mix(unsigned long long h, int c, unsigned shift) {
  h ^= (unsigned long long)c;
  h *= 0x100000001b3ULL;
  return h ^ (h >> shift);
}
#else
unsigned mix(unsigned h, int c) { return (h ^ (unsigned)c) * 16777619u; }
#endif

#ifdef CONFIG_FOLD
static int fold(unsigned long long h) { return (int)((h >> 16) ^ (h & 0xffff)); }
#else
int fold(unsigned h);
int fold(unsigned h) { return (int)(h & 0xffff); }
#endif

unsigned long long hash_bytes(const char *s) {
#ifdef CONFIG_WIDE_HASH
  unsigned long long h = 0xcbf29ce484222325ULL;
  while (*s)
    h = mix(h, *s++, 29);
#else
  unsigned h = 2166136261u;
  while (*s)
    h = mix(h, *s++);
#endif
  return h;
}

int hash_folded(const char *s) { return fold((unsigned)hash_bytes(s)); }
