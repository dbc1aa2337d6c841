#ifndef CRYPT_CIPHER_H
#define CRYPT_CIPHER_H
#include <stdint.h>
unsigned cipher_run(const uint32_t *keys, int n);
const char *cipher_engine(void);
#endif
