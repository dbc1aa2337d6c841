/* Modules turned on by a second configuration scheme (as Mbed TLS's
 * config_psa.h turns on MBEDTLS_AES_C where PSA_WANT_KEY_TYPE_AES asks for
 * it): read only where the build asks for that scheme. Its #define
 * makes ACC_BLOCK_C a macro whose state the rewrite cannot work out at a
 * test, so `#if defined(ACC_BLOCK_C)` stays the preprocessor's. */
#ifndef ACC_CONFIG_CRYPTO_H
#define ACC_CONFIG_CRYPTO_H

#if defined(ACC_WANT_BLOCKS)
#define ACC_BLOCK_C
#endif

#endif /* ACC_CONFIG_CRYPTO_H */
