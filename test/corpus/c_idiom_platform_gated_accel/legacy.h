/* An old 32-bit engine: only on i386 with GNU assembly. */
#ifndef CRYPT_LEGACY_H
#define CRYPT_LEGACY_H

#include "config.h"

#if defined(CRYPT_HAVE_ASM) && defined(__GNUC__) && defined(__i386__)

#ifndef CRYPT_HAVE_X86
#define CRYPT_HAVE_X86
#endif

int legacy_present(void);

#endif /* __i386__ */
#endif
