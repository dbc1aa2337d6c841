/* Shaped as Mbed TLS's aes.c: the whole file under its module's option,
 * the accelerated backend's header included inside it, and the block
 * function, which reads a table defined per feature, copied per that
 * feature (docs/globals.md) and appended after the file's last line under
 * a repeated test of the module's option. */
#include "acc/block.h"

#if defined(ACC_BLOCK_C)

#if defined(ACC_FAST_C)
#include "acc/fast.h"
#endif

#if !defined(ACC_BLOCK_ALT)
static unsigned long software_calls;

#if defined(ACC_SMALL_TABLES)
static const uint32_t rounds[2] = {0x9e3779b9u, 0x7f4a7c15u};
#else
static const uint32_t rounds[4] = {0x9e3779b9u, 0x7f4a7c15u, 0x85ebca6bu,
                                   0xc2b2ae35u};
#endif

static uint32_t software_block(uint32_t key, uint32_t block) {
  ++software_calls;
  uint32_t x = block ^ key;
  x = (x << 7) | (x >> 25);
  return x * 2654435761u + key;
}

/* One block: the accelerated code where the build has it. */
uint32_t acc_block(uint32_t key, uint32_t block) {
  key ^= rounds[0];
#if defined(ACC_FAST_HAVE_CODE)
  if (acc_fast_has_support())
    return acc_fast_block(key, block);
#endif
  return software_block(key, block);
}

/* Chains the blocks, each one's output keying the next. */
uint32_t acc_chain(uint32_t key, uint32_t *blocks, size_t n) {
  for (size_t i = 0; i < n; i++) {
    key = acc_block(key ^ rounds[i % (sizeof rounds / sizeof rounds[0])],
                    blocks[i]);
    blocks[i] = key;
  }
  return key;
}

unsigned long acc_software_calls(void) { return software_calls; }
#endif /* !ACC_BLOCK_ALT */

#endif /* ACC_BLOCK_C */
