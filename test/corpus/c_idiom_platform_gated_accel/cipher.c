#include <stdint.h>
#include <stdio.h>

#include "config.h"

#if defined(CRYPT_LEGACY_C)
#include "legacy.h"
#endif
#if defined(CRYPT_ACCEL_C)
#include "accel.h"
#endif

#include "cipher.h"

/* Engines that need 16-byte aligned round keys. */
#if (defined(CRYPT_LEGACY_C) && defined(CRYPT_HAVE_X86)) || \
    (defined(CRYPT_ACCEL_C) && CRYPT_ACCEL_HAVE_CODE == 2)
#define MAY_NEED_TO_ALIGN
#endif

static unsigned key_offset(const uint32_t *buf) {
#if defined(MAY_NEED_TO_ALIGN)
  unsigned delta = (unsigned)(((uintptr_t)buf & 15u) / 4);
  return delta == 0 ? 0 : 4 - delta;
#else
  (void)buf;
  return 0;
#endif
}

unsigned cipher_run(const uint32_t *keys, int n) {
  unsigned state = 0x12345u + key_offset(keys);
  for (int i = 0; i < n; i++) {
#if defined(CRYPT_ACCEL_HAVE_CODE)
    if (accel_supported()) {
      state = accel_mix(state, keys[i]);
      continue;
    }
#endif
#if defined(CRYPT_SMALL_KEYS)
    state = (state * 31u) ^ (keys[i] & 0xffffu);
#else
    state = (state * 33u) ^ keys[i];
#endif
  }
  return state;
}

const char *cipher_engine(void) {
#if defined(CRYPT_ACCEL_HAVE_CODE) && CRYPT_ACCEL_HAVE_CODE == 1
  return "accel-asm";
#elif defined(CRYPT_ACCEL_HAVE_CODE)
  return "accel-intrinsics";
#elif defined(CRYPT_LEGACY_C) && defined(CRYPT_HAVE_X86)
  return "legacy";
#else
  return "portable";
#endif
}
