/* acc/config.h: compile-time options of the acc library. Comment a line
 * out, or #undef it in ACC_USER_CONFIG_FILE, to turn an option off. */
#ifndef ACC_CONFIG_H
#define ACC_CONFIG_H

/* The library may use inline assembly. */
#define ACC_HAVE_ASM

/* The block functions. */
#define ACC_BLOCK_C

/* Use the accelerated block function where the platform has one. */
#define ACC_FAST_C

#if defined(ACC_USER_CONFIG_FILE)
#include ACC_USER_CONFIG_FILE
#endif

#if defined(ACC_CRYPTO_CONFIG)
#include "acc/config_crypto.h"
#endif

#endif /* ACC_CONFIG_H */
