#ifndef QA_MIX_H
#define QA_MIX_H

#ifndef CONFIG_WIDE_HASH
unsigned mix(unsigned h, int c);
#endif

unsigned long long hash_bytes(const char *s);

#endif
