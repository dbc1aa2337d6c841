/* The accelerated engine: assembly on x86-64, intrinsics where the
 * compiler is told the target has them. */
#ifndef CRYPT_ACCEL_H
#define CRYPT_ACCEL_H

#include "config.h"

#if defined(CRYPT_HAVE_ASM) && defined(__GNUC__) && \
    (defined(__amd64__) || defined(__x86_64__)) && !defined(CRYPT_HAVE_X86_64)
#define CRYPT_HAVE_X86_64
#endif

#if defined(CRYPT_ACCEL_C)

#undef CRYPT_ACCEL_HAVE_INTRINSICS
#if defined(_MSC_VER)
#define CRYPT_ACCEL_HAVE_INTRINSICS
#endif
#if defined(__GNUC__) && defined(__AES__) && defined(__PCLMUL__)
#define CRYPT_ACCEL_HAVE_INTRINSICS
#endif

#undef CRYPT_ACCEL_HAVE_CODE
#if defined(CRYPT_HAVE_X86_64)
#define CRYPT_ACCEL_HAVE_CODE 1 /* assembly */
#elif defined(CRYPT_ACCEL_HAVE_INTRINSICS)
#define CRYPT_ACCEL_HAVE_CODE 2 /* intrinsics */
#endif

#if defined(CRYPT_ACCEL_HAVE_CODE)
int accel_supported(void);
unsigned accel_mix(unsigned state, unsigned key);
#endif

#endif /* CRYPT_ACCEL_C */
#endif
