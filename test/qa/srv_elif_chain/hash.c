#include "hash.h"

unsigned long hash_str(const char *s) {
#if defined(CONFIG_HASH_FNV)
  unsigned long h = 2166136261UL;
  while (*s)
    h = ((h ^ (unsigned char)*s++) * 16777619UL) & 0xffffffffUL;
#elif defined(CONFIG_HASH_DJB2) && defined(CONFIG_HASH_SEEDED)
  unsigned long h = 5381 ^ HASH_SEED;
  while (*s)
    h = ((h << 5) + h + (unsigned char)*s++) & 0xffffffffUL;
#elif defined(CONFIG_HASH_DJB2)
  unsigned long h = 5381;
  while (*s)
    h = ((h << 5) + h + (unsigned char)*s++) & 0xffffffffUL;
#else
  unsigned long h = 0;
  while (*s)
    h = ((unsigned char)*s++ + (h << 6) + (h << 16) - h) & 0xffffffffUL;
#endif
  return h;
}
