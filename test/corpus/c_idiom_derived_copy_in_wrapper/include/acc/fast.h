/* The accelerated backend. Which implementation it has is derived here,
 * inside the option's block, from the platform. */
#ifndef ACC_FAST_H
#define ACC_FAST_H

#include "acc/config.h"

#include <stdint.h>

#if defined(ACC_FAST_C)

#if defined(ACC_HAVE_ASM) && defined(__GNUC__) &&                            \
    (defined(__amd64__) || defined(__x86_64__)) && !defined(ACC_HAVE_X86_64)
#define ACC_HAVE_X86_64
#endif

#undef ACC_FAST_HAVE_INTRINSICS
#if defined(_MSC_VER)
#define ACC_FAST_HAVE_INTRINSICS
#endif

/* Choose the implementation, if one is available. */
#undef ACC_FAST_HAVE_CODE
#if defined(ACC_HAVE_X86_64)
#define ACC_FAST_HAVE_CODE 1
#elif defined(ACC_FAST_HAVE_INTRINSICS)
#define ACC_FAST_HAVE_CODE 2
#endif

#if defined(ACC_FAST_HAVE_CODE)
int acc_fast_has_support(void);
uint32_t acc_fast_block(uint32_t key, uint32_t block);
unsigned long acc_fast_calls(void);
#endif

#endif /* ACC_FAST_C */

#endif /* ACC_FAST_H */
