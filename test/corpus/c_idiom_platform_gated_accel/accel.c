#include "accel.h"

#if defined(CRYPT_ACCEL_HAVE_CODE)

static int calls;

int accel_supported(void) { return 1; }

unsigned accel_mix(unsigned state, unsigned key) {
  calls++;
#if CRYPT_ACCEL_HAVE_CODE == 1
  /* The "assembly" path: a rotate the compiler turns into one instruction. */
  return ((state << 5) | (state >> 27)) ^ key ^ (unsigned)calls;
#else
  return ((state << 7) | (state >> 25)) ^ key;
#endif
}

#endif
