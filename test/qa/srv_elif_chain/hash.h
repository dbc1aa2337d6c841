#ifndef QA_HASH_H
#define QA_HASH_H

#if defined(CONFIG_HASH_FNV)
#define HASH_NAME "fnv1a"
#elif defined(CONFIG_HASH_DJB2)
#define HASH_NAME "djb2"
#elif defined(CONFIG_HASH_SDBM)
#define HASH_NAME "sdbm"
#else
#error "no hash function configured"
#endif

#if defined(CONFIG_HASH_SEEDED) && !defined(CONFIG_HASH_FNV)
#define HASH_SEED 0x9e37UL
#elif defined(CONFIG_HASH_SEEDED)
#define HASH_SEED 0x1UL
#endif

unsigned long hash_str(const char *s);

#endif
