/* A toy 64-bit digest whose output helpers are functions when the code is
 * built small, and macros (inlined) otherwise. */
#include "bytes.h"
#include <stdio.h>
#include <string.h>

static int calls;

#if defined(DIGEST_SMALLER)
static void put_be64(uint64_t n, unsigned char *b, int i) {
  calls++;
  PUT_BE64(n, b, i);
}
static void mix_round(uint64_t *s, uint64_t k) {
  calls++;
  *s = (*s ^ k) * 0x100000001b3ULL;
}
#else
#define put_be64 PUT_BE64
#define mix_round(S, K)                                                        \
  do {                                                                         \
    *(S) = (*(S) ^ (K)) * 0x100000001b3ULL;                                    \
  } while (0)
#endif

typedef struct Digest {
  uint64_t state[2];
  unsigned char out[16];
} Digest;

static void digest_update(Digest *d, const char *text) {
  for (size_t i = 0; text[i]; i++) {
    mix_round(&d->state[i & 1], (uint64_t)(unsigned char)text[i] + i);
#ifdef DIGEST_TRACE
    if (i % 8 == 0)
      printf("trace %zu %016llx\n", i, (unsigned long long)d->state[i & 1]);
#endif
  }
}

static void digest_finish(Digest *d) {
  put_be64(d->state[0], d->out, 0);
  if (d->state[1] != 0) {
    put_be64(d->state[1], d->out, 8);
  } else {
    memset(d->out + 8, 0, 8);
  }
}

int main(void) {
  const char *texts[] = {"", "abc", "the quick brown fox jumps over the dog"};
  unsigned total = 0;
  for (int t = 0; t < 3; t++) {
    Digest d = {{0xcbf29ce484222325ULL, 0x84222325cbf29ce4ULL}, {0}};
    digest_update(&d, texts[t]);
    digest_finish(&d);
    printf("%d:", t);
    for (int i = 0; i < 16; i++) {
      printf("%02x", d.out[i]);
      total += d.out[i];
    }
    printf("\n");
  }
  printf("calls=%d total=%u\n", calls, total);
  return (int)(total % 7);
}
