#include "acc/fast.h"

#if defined(ACC_FAST_C)

#if defined(ACC_FAST_HAVE_CODE)
static unsigned long fast_calls;

int acc_fast_has_support(void) { return 1; }

/* The same mixing as the software block function, counted apart. */
uint32_t acc_fast_block(uint32_t key, uint32_t block) {
  ++fast_calls;
  uint32_t x = block ^ key;
  x = (x << 7) | (x >> 25);
  return x * 2654435761u + key;
}

unsigned long acc_fast_calls(void) { return fast_calls; }
#endif

#endif /* ACC_FAST_C */
